import { describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS } from "@shared/messages";
import { isValidEmail, normalizeEmail } from "@shared/rules/email";
import { emailSchema } from "@shared/schemas/common";

const INVALID_EMAIL = ACCOUNT_TEXTS.invalidEmail;
/** Normalises and validates in one step, as the sign-in, sign-up and reset forms do. */
const checkEmail = (input: string) => {
  const parsed = emailSchema.safeParse(input);
  return parsed.success ? { ok: true, email: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message };
};

describe("email", () => {
  it("trims and lowercases", () => {
    expect(normalizeEmail("  Ana@Example.COM ")).toBe("ana@example.com");
    expect(checkEmail(" Ana@Example.com")).toEqual({ ok: true, email: "ana@example.com" });
  });

  it("accepts ordinary addresses", () => {
    for (const email of ["a@b.co", "first.last+tag@sub.example.org", "o'neil@studio.music"]) expect(isValidEmail(email)).toBe(true);
  });

  it("rejects malformed addresses with the spec's message", () => {
    expect(INVALID_EMAIL).toBe("Please enter a valid email address");
    for (const email of ["", "ana", "ana@", "@example.com", "ana@example", "a..b@example.com", ".a@example.com", "a b@example.com", "ana@exa_mple.com", "ana@-example.com"]) {
      expect(checkEmail(email), email).toEqual({ ok: false, message: INVALID_EMAIL });
    }
  });

  it("enforces the RFC length limits", () => {
    expect(isValidEmail(`${"a".repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`${"a".repeat(65)}@example.com`)).toBe(false);
    // 254 characters in all is the most an address may have.
    const longest = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(63)}.com`;
    expect(longest).toHaveLength(254);
    expect(isValidEmail(longest)).toBe(true);
    expect(isValidEmail(`${"a".repeat(64)}@${"b".repeat(61)}.${"c".repeat(60)}.${"d".repeat(63)}.com`)).toBe(false);
  });
});
