import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { createPostBodySchema } from "@shared/posts-api";
import { passwordResetConfirmSchema, passwordResetRequestSchema, signInSchema, signUpSchema } from "@shared/schemas/auth";
import { updatePostSchema } from "@shared/schemas/post";
import { securityReportSchema } from "@shared/schemas/security-report";

/** The messages of a failed parse, by dotted path. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

describe("auth schemas", () => {
  it("sign-in normalises the email and checks the spec's messages", () => {
    expect(signInSchema.parse({ email: " Ana@Example.com ", password: "12345678" })).toEqual({
      email: "ana@example.com",
      password: "12345678",
    });
    expect(errors(signInSchema, { email: "nope", password: "1234567" })).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters long"],
    });
    expect(errors(signInSchema, {})).toEqual({
      email: ["Please enter a valid email address"],
      password: ["Password must be at least 8 characters long"],
    });
  });

  it("sign-up sanitises the username and trims the display name", () => {
    expect(signUpSchema.parse({ email: "a@b.co", password: "Tape-Hiss_42", username: "DJ Max!", displayName: "  Max  " })).toEqual({
      email: "a@b.co",
      password: "Tape-Hiss_42",
      username: "DJMax",
      displayName: "Max",
    });
  });

  it("sign-up reports each rule with the spec's text", () => {
    const result = signUpSchema.safeParse({ email: "a@b.co", password: "abcdefgh", username: "a!", displayName: " A " });
    expect(result.success).toBe(false);
    const issues = result.error?.issues ?? [];
    const byPath = Object.fromEntries(issues.map((i) => [i.path.join("."), i]));
    expect(byPath.username?.message).toBe(
      "Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens",
    );
    expect(byPath.displayName?.message).toBe("Display name must be at least 2 characters long");
    expect(byPath.password?.message).toBe(
      "Include at least one uppercase letter. Include at least one number. Include at least one special character.",
    );
    expect((byPath.password as { params?: { title?: string } } | undefined)?.params?.title).toBe("Password Too Weak");
  });

  it("sign-up refuses a breached password", () => {
    const result = signUpSchema.safeParse({ email: "a@b.co", password: "P@ssw0rd1", username: "abc", displayName: "Al" });
    const issue = result.error?.issues[0] as { message: string; params?: { title?: string } } | undefined;
    expect(issue?.message).toBe("This password has been found in data breaches. Please choose a different password.");
    expect(issue?.params?.title).toBe("Compromised Password");
  });

  it("password reset request and confirm", () => {
    expect(passwordResetRequestSchema.parse({ email: "A@B.CO" })).toEqual({ email: "a@b.co" });
    expect(passwordResetConfirmSchema.safeParse({ token: "x".repeat(32), password: "Tape-Hiss_42" }).success).toBe(true);
    expect(Object.keys(errors(passwordResetConfirmSchema, { token: "short", password: "Tape-Hiss_42" }))).toEqual(["token"]);
  });
});

describe("post schemas", () => {
  it("parses tags from the raw text and defaults the rest", () => {
    expect(createPostBodySchema.parse({ uploadId: "u1", tags: " lofi, ,beats " })).toEqual({
      uploadId: "u1",
      caption: "",
      location: null,
      tags: ["lofi", "beats"],
    });
  });

  it("enforces caption, location and tag limits", () => {
    const distinct = Array.from({ length: 200 }, (_, i) => `w${i}`).join(" ").slice(0, 500).replace(/ $/, "x");
    expect(createPostBodySchema.safeParse({ uploadId: "u1", caption: distinct }).success).toBe(true);
    expect(errors(createPostBodySchema, { uploadId: "u1", caption: `${distinct}y` })).toEqual({
      caption: ["Caption must be at most 500 characters"],
    });
    expect(errors(createPostBodySchema, { uploadId: "u1", caption: "visit mybeats.com" })).toEqual({ caption: ["Invalid caption content"] });
    expect(createPostBodySchema.safeParse({ uploadId: "u1", location: "l".repeat(100) }).success).toBe(true);
    expect(errors(createPostBodySchema, { uploadId: "u1", location: "l".repeat(101) })).toEqual({
      location: ["Location must be at most 100 characters"],
    });
    expect(createPostBodySchema.safeParse({ uploadId: "u1", tags: "t".repeat(200) }).success).toBe(true);
    expect(errors(createPostBodySchema, { uploadId: "u1", tags: "t".repeat(201) })).toEqual({ tags: ["Tags must be at most 200 characters"] });
    expect(errors(createPostBodySchema, { uploadId: "" })).toEqual({ uploadId: ["Upload incomplete"] });
  });

  it("bounds media metadata", () => {
    const ok = { uploadId: "u1", durationMs: 180_000, waveform: Array(512).fill(0.5), width: 1, height: 16_384 };
    expect(createPostBodySchema.safeParse(ok).success).toBe(true);
    expect(createPostBodySchema.safeParse({ ...ok, waveform: Array(513).fill(0.5) }).success).toBe(false);
    expect(createPostBodySchema.safeParse({ ...ok, waveform: [1.01] }).success).toBe(false);
    expect(createPostBodySchema.safeParse({ ...ok, width: 0 }).success).toBe(false);
    expect(createPostBodySchema.safeParse({ ...ok, durationMs: 1.5 }).success).toBe(false);
  });

  it("update keeps only the fields given", () => {
    expect(updatePostSchema.parse({ caption: "new" })).toEqual({ caption: "new" });
    expect(updatePostSchema.safeParse({}).success).toBe(false);
  });
});

describe("security reports", () => {
  it("security reports accept only browser-originated types and bounded details", () => {
    expect(securityReportSchema.parse({ event_type: "session_hijack_attempt", severity: "high" })).toEqual({
      event_type: "session_hijack_attempt",
      severity: "high",
      details: {},
    });
    expect(securityReportSchema.safeParse({ event_type: "account_locked", severity: "high" }).success).toBe(false);
    expect(securityReportSchema.safeParse({ event_type: "suspicious_login_attempt", severity: "critical" }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect(securityReportSchema.safeParse({ event_type: "suspicious_login_attempt", severity: "medium", details: many }).success).toBe(false);
    expect(
      securityReportSchema.safeParse({ event_type: "suspicious_login_attempt", severity: "medium", details: { a: { nested: 1 } } }).success,
    ).toBe(false);
  });
});
