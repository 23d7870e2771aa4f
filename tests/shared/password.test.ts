import { describe, expect, it } from "vitest";
import { COMMON_PASSWORDS, isCommonPassword } from "@shared/rules/common-passwords";
import { PASSWORD_TEXTS } from "@shared/messages";
import { checkNewPassword, passwordLevel, scorePassword } from "@shared/rules/password";
import { signInSchema } from "@shared/schemas/auth";

const {
  compromised: PASSWORD_COMPROMISED,
  compromisedTitle: PASSWORD_COMPROMISED_TITLE,
  feedback: PASSWORD_FEEDBACK,
  tooShort: PASSWORD_TOO_SHORT,
  tooWeakTitle: PASSWORD_TOO_WEAK_TITLE,
} = PASSWORD_TEXTS;
/** The sign-in rule: only the minimum length, so old accounts can still sign in. */
const isSignInPasswordLongEnough = (password: string) => signInSchema.shape.password.safeParse(password).success;

describe("password scoring", () => {
  it("scores 80 for 8 characters with all four classes, valid and Strong", () => {
    expect(scorePassword("Abcdef1!")).toEqual({ score: 80, feedback: [], isValid: true, level: "Strong" });
  });

  it("adds 10 at 12 characters and a further 10 at 16", () => {
    expect(scorePassword("Abcdefgh1!x").score).toBe(80); // 11 characters
    expect(scorePassword("Abcdefgh1!xy").score).toBe(90); // 12
    expect(scorePassword("Abcdefgh1!xyzuv").score).toBe(90); // 15
    expect(scorePassword("Abcdefgh1!xyzuvw").score).toBe(100); // 16
  });

  it("reports each missing criterion, at most three lines", () => {
    const result = scorePassword("abc");
    expect(result.score).toBe(15);
    expect(result.level).toBe("Weak");
    expect(result.isValid).toBe(false);
    expect(result.feedback).toEqual([PASSWORD_TOO_SHORT, PASSWORD_FEEDBACK.uppercase, PASSWORD_FEEDBACK.digit]);
  });

  it("takes 20 points for a weak pattern, in any case, and refuses it", () => {
    const result = scorePassword("MyPassword1!");
    expect(result.score).toBe(70); // 20 + 10 + 60 − 20
    expect(result.isValid).toBe(false);
    expect(result.feedback).toEqual([PASSWORD_FEEDBACK.weakPattern]);
    expect(scorePassword("Zx!9QWERTYzz").feedback).toContain(PASSWORD_FEEDBACK.weakPattern);
  });

  it("takes 10 points for a character three times in a row, not twice", () => {
    expect(scorePassword("Abcdd1!x").feedback).toEqual([]);
    const result = scorePassword("Abddd1!x");
    expect(result.score).toBe(70);
    expect(result.feedback).toEqual([PASSWORD_FEEDBACK.repeated]);
    expect(result.isValid).toBe(false);
  });

  it("clamps at zero", () => {
    expect(scorePassword("").score).toBe(0);
    expect(scorePassword("aaa").score).toBe(5);
    expect(scorePassword("123456").score).toBe(0); // 15 for the digits, −20 for the pattern
  });

  it("maps scores to the meter: Weak < 30 ≤ Fair < 60 ≤ Strong", () => {
    expect(passwordLevel(29)).toBe("Weak");
    expect(passwordLevel(30)).toBe("Fair");
    expect(passwordLevel(59)).toBe("Fair");
    expect(passwordLevel(60)).toBe("Strong");
  });
});

describe("new password decision", () => {
  it("refuses a weak password with the feedback joined", () => {
    expect(checkNewPassword("abcdefgh")).toEqual({
      ok: false,
      title: PASSWORD_TOO_WEAK_TITLE,
      message: "Include at least one uppercase letter. Include at least one number. Include at least one special character.",
    });
    expect(PASSWORD_TOO_WEAK_TITLE).toBe("Password Too Weak");
  });

  it("refuses a strong-looking password from the breached list", () => {
    expect(PASSWORD_COMPROMISED_TITLE).toBe("Compromised Password");
    expect(PASSWORD_COMPROMISED).toBe("This password has been found in data breaches. Please choose a different password.");
    expect(checkNewPassword("P@ssw0rd1")).toEqual({ ok: false, title: PASSWORD_COMPROMISED_TITLE, message: PASSWORD_COMPROMISED });
    expect(checkNewPassword("Summer2024!")).toEqual({ ok: false, title: PASSWORD_COMPROMISED_TITLE, message: PASSWORD_COMPROMISED });
  });

  it("accepts a strong, uncommon password", () => {
    expect(checkNewPassword("Tape-Hiss_42")).toEqual({ ok: true });
  });

  it("has a few hundred lowercase entries", () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(300);
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
    expect(isCommonPassword("QWERTY123")).toBe(true);
    expect(isCommonPassword("Tape-Hiss_42")).toBe(false);
  });
});

describe("sign-in password", () => {
  it("needs 8 characters (7 fails)", () => {
    expect(PASSWORD_TOO_SHORT).toBe("Password must be at least 8 characters long");
    expect(isSignInPasswordLongEnough("1234567")).toBe(false);
    expect(isSignInPasswordLongEnough("12345678")).toBe(true);
  });
});
