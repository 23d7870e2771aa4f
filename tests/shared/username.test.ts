import { describe, expect, it } from "vitest";
import { ACCOUNT_TEXTS } from "@shared/messages";
import { sanitizeUsername, validateUsername } from "@shared/rules/username";
import { signUpSchema } from "@shared/schemas/auth";

const { displayNameTooShort: DISPLAY_NAME_TOO_SHORT, usernameInvalid: USERNAME_INVALID, usernameTaken: USERNAME_TAKEN } = ACCOUNT_TEXTS;
/** Sign-up is where display names are checked (cleaned, then 2 to 50 characters). */
const displayName = signUpSchema.shape.displayName;

describe("usernames", () => {
  it("uses the spec's texts", () => {
    expect(USERNAME_INVALID).toBe(
      "Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens",
    );
    expect(USERNAME_TAKEN).toBe("This username is already in use");
  });

  it("keeps letters, digits, underscore, dot and hyphen only", () => {
    expect(sanitizeUsername(" DJ Max!@#_2.0-x ")).toBe("DJMax_2.0-x");
    expect(sanitizeUsername("zoë<script>")).toBe("zoscript");
  });

  it("cuts to 30 characters", () => {
    expect(sanitizeUsername("a".repeat(31))).toBe("a".repeat(30));
    expect(sanitizeUsername("a".repeat(30))).toHaveLength(30);
  });

  it("needs 3 characters after sanitising (2 fails, 3 passes)", () => {
    expect(validateUsername("ab")).toEqual({ ok: false, message: USERNAME_INVALID });
    expect(validateUsername("a b!")).toEqual({ ok: false, message: USERNAME_INVALID });
    expect(validateUsername("abc")).toEqual({ ok: true, username: "abc" });
  });
});

describe("display name", () => {
  it("display name needs 2 characters after trimming", () => {
    expect(DISPLAY_NAME_TOO_SHORT).toBe("Display name must be at least 2 characters long");
    expect(displayName.safeParse("  A  ").error?.issues[0]?.message).toBe(DISPLAY_NAME_TOO_SHORT);
    expect(displayName.safeParse(" Al ")).toMatchObject({ success: true, data: "Al" });
    expect(displayName.safeParse("x".repeat(50)).success).toBe(true);
    expect(displayName.safeParse("x".repeat(51)).success).toBe(false);
  });

});
