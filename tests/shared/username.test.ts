import { describe, expect, it } from "vitest";
import {
  BIO_TOO_LONG,
  DISPLAY_NAME_TOO_SHORT,
  sanitizeUsername,
  USERNAME_INVALID,
  USERNAME_REQUIRED,
  USERNAME_TAKEN,
  USERNAME_TAKEN_TITLE,
  USERNAME_REQUIRED_TITLE,
  validateBio,
  validateDisplayName,
  validateProfileUsername,
  validateUsername,
} from "../../shared/rules/username";

describe("usernames", () => {
  it("uses the spec's texts", () => {
    expect(USERNAME_INVALID).toBe(
      "Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens",
    );
    expect(USERNAME_REQUIRED_TITLE).toBe("Username required");
    expect(USERNAME_REQUIRED).toBe("Please enter a username");
    expect(USERNAME_TAKEN_TITLE).toBe("Username taken");
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

  it("profile editing: empty is 'required', short is invalid", () => {
    expect(validateProfileUsername("!!!")).toEqual({ ok: false, message: USERNAME_REQUIRED });
    expect(validateProfileUsername("ab")).toEqual({ ok: false, message: USERNAME_INVALID });
    expect(validateProfileUsername("new.name")).toEqual({ ok: true, username: "new.name" });
  });
});

describe("display name and bio", () => {
  it("display name needs 2 characters after trimming", () => {
    expect(DISPLAY_NAME_TOO_SHORT).toBe("Display name must be at least 2 characters long");
    expect(validateDisplayName("  A  ")).toEqual({ ok: false, message: DISPLAY_NAME_TOO_SHORT });
    expect(validateDisplayName(" Al ")).toEqual({ ok: true });
    expect(validateDisplayName("x".repeat(50)).ok).toBe(true);
    expect(validateDisplayName("x".repeat(51)).ok).toBe(false);
  });

  it("bio allows 300 characters, not 301", () => {
    expect(validateBio("b".repeat(300))).toEqual({ ok: true });
    expect(validateBio("b".repeat(301))).toEqual({ ok: false, message: BIO_TOO_LONG });
  });
});
