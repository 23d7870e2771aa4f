import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  checkoutSchema,
  commentSchema,
  conversationOpenSchema,
  createPostSchema,
  FILE_ONLY_FOR_DIGITAL,
  messageSendSchema,
  MESSAGE_EMPTY,
  PACKAGE_DETAILS_INVALID_JSON,
  PACKAGE_DETAILS_REQUIRED,
  parsePackageDetailsJson,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  PRICE_REQUIRED,
  productFormSchema,
  profileUpdateSchema,
  securityEventReportSchema,
  serviceFormSchema,
  signInSchema,
  signUpSchema,
  updatePostSchema,
  uploadStartSchema,
} from "../../shared/schemas/index";

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

describe("profile update", () => {
  it("sanitises and stores empty optional text as null", () => {
    expect(profileUpdateSchema.parse({ username: "new name", displayName: "  ", bio: " hi " })).toEqual({
      username: "newname",
      displayName: null,
      bio: "hi",
    });
  });

  it("uses the profile messages and limits", () => {
    expect(errors(profileUpdateSchema, { username: "!!" })).toEqual({ username: ["Please enter a username"] });
    expect(errors(profileUpdateSchema, { username: "abc", displayName: "d".repeat(51), bio: "b".repeat(301) })).toEqual({
      displayName: ["Display name must be at most 50 characters"],
      bio: ["Bio must be at most 300 characters"],
    });
    expect(profileUpdateSchema.safeParse({ username: "abc", displayName: "d".repeat(50), bio: "b".repeat(300) }).success).toBe(true);
  });
});

describe("post schemas", () => {
  it("parses tags from the raw text and defaults the rest", () => {
    expect(createPostSchema.parse({ contentType: "audio", tags: " lofi, ,beats " })).toEqual({
      contentType: "audio",
      caption: "",
      location: null,
      tags: ["lofi", "beats"],
    });
  });

  it("enforces caption, location and tag limits", () => {
    const distinct = Array.from({ length: 200 }, (_, i) => `w${i}`).join(" ").slice(0, 500).replace(/ $/, "x");
    expect(createPostSchema.safeParse({ contentType: "image", caption: distinct }).success).toBe(true);
    expect(errors(createPostSchema, { contentType: "image", caption: `${distinct}y` })).toEqual({
      caption: ["Caption must be at most 500 characters"],
    });
    expect(errors(createPostSchema, { contentType: "image", caption: "visit mybeats.com" })).toEqual({ caption: ["Invalid caption content"] });
    expect(createPostSchema.safeParse({ contentType: "image", location: "l".repeat(100) }).success).toBe(true);
    expect(errors(createPostSchema, { contentType: "image", location: "l".repeat(101) })).toEqual({
      location: ["Location must be at most 100 characters"],
    });
    expect(createPostSchema.safeParse({ contentType: "image", tags: "t".repeat(200) }).success).toBe(true);
    expect(errors(createPostSchema, { contentType: "image", tags: "t".repeat(201) })).toEqual({ tags: ["Tags must be at most 200 characters"] });
    expect(errors(createPostSchema, { contentType: "text" })).toEqual({ contentType: ["Please select a content type first"] });
  });

  it("bounds media metadata", () => {
    const ok = { contentType: "audio", durationMs: 180_000, waveform: Array(1000).fill(0.5), width: 1, height: 16_384 };
    expect(createPostSchema.safeParse(ok).success).toBe(true);
    expect(createPostSchema.safeParse({ ...ok, waveform: Array(1001).fill(0.5) }).success).toBe(false);
    expect(createPostSchema.safeParse({ ...ok, waveform: [1.01] }).success).toBe(false);
    expect(createPostSchema.safeParse({ ...ok, width: 0 }).success).toBe(false);
    expect(createPostSchema.safeParse({ ...ok, durationMs: 1.5 }).success).toBe(false);
  });

  it("upload start reports validateUpload's messages", () => {
    expect(errors(uploadStartSchema, {})).toEqual({ contentType: ["Please select a content type first"] });
    expect(errors(uploadStartSchema, { contentType: "video" })).toEqual({ file: ["Please select a file to upload"] });
    expect(errors(uploadStartSchema, { contentType: "video", file: { name: "a.mov", type: "video/quicktime", size: 100 * 1024 * 1024 + 1 } })).toEqual({
      file: ["File size must be less than 100MB for video files"],
    });
    expect(uploadStartSchema.parse({ contentType: "video", file: { name: "a.mov", type: "video/quicktime", size: 10 } })).toEqual({
      contentType: "video",
      file: { name: "a.mov", type: "video/quicktime", size: 10 },
    });
  });

  it("update keeps only the fields given", () => {
    expect(updatePostSchema.parse({ caption: "new" })).toEqual({ caption: "new" });
    expect(updatePostSchema.safeParse({}).success).toBe(false);
  });
});

describe("comment schema", () => {
  it("prepares the content and accepts an optional parent", () => {
    expect(commentSchema.parse({ content: "  great  " })).toEqual({ content: "great", parentId: null });
    expect(commentSchema.parse({ content: "ok", parentId: "c_123" })).toEqual({ content: "ok", parentId: "c_123" });
    expect(errors(commentSchema, { content: "   " })).toEqual({ content: ["Comment cannot be empty"] });
    expect(errors(commentSchema, { content: "what a scam" })).toEqual({ content: ["Content contains prohibited words"] });
    expect(errors(commentSchema, { content: "ok", parentId: "../x" })).toEqual({ parentId: ["Invalid id"] });
  });
});

describe("service form", () => {
  const base = { name: "Mixing", category: "mixing", pricingModel: "hourly", priceCents: 4500, turnaroundDays: 3 };

  it("requires a price unless the model is package", () => {
    expect(errors(serviceFormSchema, { ...base, priceCents: undefined })).toEqual({ priceCents: [PRICE_REQUIRED] });
    expect(PRICE_REQUIRED).toBe("Price is required");
    expect(errors(serviceFormSchema, { ...base, pricingModel: "package", priceCents: undefined })).toEqual({
      packageDetails: [PACKAGE_DETAILS_REQUIRED],
    });
  });

  it("stores package prices as null and drops details for other models", () => {
    expect(
      serviceFormSchema.parse({ ...base, pricingModel: "package", packageDetails: { sessions: 4, priceCents: 19_900 } }),
    ).toMatchObject({ priceCents: null, packageDetails: { sessions: 4, priceCents: 19_900 } });
    expect(serviceFormSchema.parse({ ...base, packageDetails: { sessions: 2 } })).toMatchObject({
      priceCents: 4500,
      packageDetails: null,
      needsScheduling: false,
      description: "",
    });
  });

  it("takes turnaround as whole days and the category from the list", () => {
    expect(serviceFormSchema.safeParse({ ...base, turnaroundDays: 0 }).success).toBe(true);
    expect(Object.keys(errors(serviceFormSchema, { ...base, turnaroundDays: 1.5 }))).toEqual(["turnaroundDays"]);
    expect(Object.keys(errors(serviceFormSchema, { ...base, turnaroundDays: -1 }))).toEqual(["turnaroundDays"]);
    expect(Object.keys(errors(serviceFormSchema, { ...base, category: "dj" }))).toEqual(["category"]);
    expect(errors(serviceFormSchema, { ...base, name: "   " })).toEqual({ name: ["Service name is required"] });
    expect(Object.keys(errors(serviceFormSchema, { ...base, priceCents: 45.5 }))).toEqual(["priceCents"]);
  });

  it("parses package details typed as JSON, with the price in dollars", () => {
    expect(parsePackageDetailsJson('{"sessions": 4, "price": 199.99, "description": "Four sessions"}')).toEqual({
      ok: true,
      value: { sessions: 4, priceCents: 19_999, description: "Four sessions" },
    });
    expect(parsePackageDetailsJson("{sessions: 4}")).toEqual({ ok: false, message: PACKAGE_DETAILS_INVALID_JSON });
    expect(parsePackageDetailsJson("[1]")).toEqual({ ok: false, message: PACKAGE_DETAILS_INVALID_JSON });
  });
});

describe("product form", () => {
  const base = { name: "Drum kit", category: "samples", priceCents: 2500, type: "digital" };

  it("needs a name and a price", () => {
    expect(errors(productFormSchema, { ...base, name: "", priceCents: undefined })).toEqual({
      name: ["Product name is required"],
      priceCents: ["Price is required"],
    });
  });

  it("allows a file only for digital products", () => {
    expect(productFormSchema.parse({ ...base, fileKey: "u1/abc.zip" })).toMatchObject({ fileKey: "u1/abc.zip", imageKey: null });
    expect(errors(productFormSchema, { ...base, type: "physical", fileKey: "u1/abc.zip" })).toEqual({ fileKey: [FILE_ONLY_FOR_DIGITAL] });
    expect(productFormSchema.safeParse({ ...base, type: "physical" }).success).toBe(true);
    expect(Object.keys(errors(productFormSchema, { ...base, fileKey: "../etc/passwd" }))).toEqual(["fileKey"]);
  });
});

describe("messages, checkout and security reports", () => {
  it("message content must not be blank and is bounded", () => {
    expect(messageSendSchema.parse({ content: " hey " })).toEqual({ content: "hey" });
    expect(errors(messageSendSchema, { content: "  " })).toEqual({ content: [MESSAGE_EMPTY] });
    expect(messageSendSchema.safeParse({ content: "m".repeat(2000) }).success).toBe(true);
    expect(messageSendSchema.safeParse({ content: "m".repeat(2001) }).success).toBe(false);
    expect(conversationOpenSchema.safeParse({ userId: "u_1" }).success).toBe(true);
  });

  it("checkout names an item, never a price", () => {
    expect(checkoutSchema.parse({ itemType: "service", itemId: "s1", itemPrice: 1 })).toEqual({ itemType: "service", itemId: "s1" });
    expect(checkoutSchema.safeParse({ itemType: "gift", itemId: "s1" }).success).toBe(false);
  });

  it("security reports accept only browser-originated types and bounded details", () => {
    expect(securityEventReportSchema.parse({ event_type: "session_hijack_attempt", severity: "high" })).toEqual({
      event_type: "session_hijack_attempt",
      severity: "high",
      details: {},
    });
    expect(securityEventReportSchema.safeParse({ event_type: "account_locked", severity: "high" }).success).toBe(false);
    expect(securityEventReportSchema.safeParse({ event_type: "suspicious_login_attempt", severity: "critical" }).success).toBe(false);
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i]));
    expect(securityEventReportSchema.safeParse({ event_type: "suspicious_login_attempt", severity: "medium", details: many }).success).toBe(false);
    expect(
      securityEventReportSchema.safeParse({ event_type: "suspicious_login_attempt", severity: "medium", details: { a: { nested: 1 } } }).success,
    ).toBe(false);
  });
});
