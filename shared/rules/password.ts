// Password rules of §5 (first document): sign-in minimum, strength scoring with its meter, and
// the sign-up decision (too weak, or found in breaches).
import { SECURITY_SETTINGS } from "../constants";
import { isCommonPassword } from "./common-passwords";

export const PASSWORD_TOO_SHORT = "Password must be at least 8 characters long";
/** Not in the spec: a bound so that hashing cost stays predictable. */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
export const PASSWORD_TOO_WEAK_TITLE = "Password Too Weak";
export const PASSWORD_COMPROMISED_TITLE = "Compromised Password";
export const PASSWORD_COMPROMISED = "This password has been found in data breaches. Please choose a different password.";

export const PASSWORD_FEEDBACK = {
  length: PASSWORD_TOO_SHORT,
  lowercase: "Include at least one lowercase letter",
  uppercase: "Include at least one uppercase letter",
  digit: "Include at least one number",
  special: "Include at least one special character",
  weakPattern: 'Avoid common words and sequences such as "password" or "123456"',
  repeated: "Avoid repeating the same character 3 or more times",
} as const;

// The spec names the criteria but not the points. Ours, chosen so that the five required
// criteria at the minimum length land exactly in "Strong" and every single omission drops
// below it:
//   at least 8 characters      +20      each of lowercase, uppercase, digit, special  +15
//   12 or more characters      +10      16 or more characters (bonus)                 +10
//   a weak pattern             -20      a character 3+ times in a row                 -10
// The score is clamped to 0–100, so 8 characters with all four classes score 80 and the best
// possible password scores 100.
export const PASSWORD_POINTS = {
  minLength: 20,
  length12: 10,
  length16: 10,
  perClass: 15,
  weakPattern: -20,
  repeated: -10,
} as const;

export const PASSWORD_STRONG_SCORE = 60;
export const PASSWORD_FAIR_SCORE = 30;
export const PASSWORD_MAX_FEEDBACK = 3;

export const WEAK_PATTERNS = [
  "123456",
  "password",
  "qwerty",
  "abc123",
  "admin",
  "letmein",
  "welcome",
  "monkey",
  "dragon",
  "master",
] as const;

export type PasswordLevel = "Weak" | "Fair" | "Strong";

export interface PasswordStrength {
  /** 0–100. */
  score: number;
  /** At most three lines, in order of importance. */
  feedback: string[];
  /** Score of 60 or more and no feedback at all (not only none of the three shown). */
  isValid: boolean;
  level: PasswordLevel;
}

export function passwordLevel(score: number): PasswordLevel {
  if (score >= PASSWORD_STRONG_SCORE) return "Strong";
  if (score >= PASSWORD_FAIR_SCORE) return "Fair";
  return "Weak";
}

export function scorePassword(password: string): PasswordStrength {
  const feedback: string[] = [];
  let score = 0;
  const length = [...password].length;

  if (length >= SECURITY_SETTINGS.passwordMinLength) score += PASSWORD_POINTS.minLength;
  else feedback.push(PASSWORD_FEEDBACK.length);
  if (length >= 12) score += PASSWORD_POINTS.length12;
  if (length >= 16) score += PASSWORD_POINTS.length16;

  const classes: [RegExp, string][] = [
    [/\p{Ll}/u, PASSWORD_FEEDBACK.lowercase],
    [/\p{Lu}/u, PASSWORD_FEEDBACK.uppercase],
    [/\p{N}/u, PASSWORD_FEEDBACK.digit],
    [/[^\p{L}\p{N}]/u, PASSWORD_FEEDBACK.special],
  ];
  for (const [re, line] of classes) {
    if (re.test(password)) score += PASSWORD_POINTS.perClass;
    else feedback.push(line);
  }

  const lower = password.toLowerCase();
  if (WEAK_PATTERNS.some((p) => lower.includes(p))) {
    score += PASSWORD_POINTS.weakPattern;
    feedback.push(PASSWORD_FEEDBACK.weakPattern);
  }
  // "aaa", "111", "!!!": any character three or more times in a row.
  if (/(.)\1\1/su.test(password)) {
    score += PASSWORD_POINTS.repeated;
    feedback.push(PASSWORD_FEEDBACK.repeated);
  }

  score = Math.max(0, Math.min(100, score));
  return {
    score,
    feedback: feedback.slice(0, PASSWORD_MAX_FEEDBACK),
    isValid: score >= PASSWORD_STRONG_SCORE && feedback.length === 0,
    level: passwordLevel(score),
  };
}

/** The "Password Too Weak" description: the shown feedback lines as sentences. */
export function passwordFeedbackText(feedback: readonly string[]): string {
  return feedback.length === 0 ? "" : `${feedback.join(". ")}.`;
}

export type PasswordCheck = { ok: true } | { ok: false; title: string; message: string };

/**
 * The sign-up decision, in the spec's order: strength first ("Password Too Weak" with the
 * feedback), then the breached list ("Compromised Password").
 */
export function checkNewPassword(password: string): PasswordCheck {
  if ([...password].length > PASSWORD_MAX_LENGTH) {
    return { ok: false, title: PASSWORD_TOO_WEAK_TITLE, message: PASSWORD_TOO_LONG };
  }
  const strength = scorePassword(password);
  if (!strength.isValid) {
    // An invalid password always has at least one feedback line: with none, all five criteria
    // are met and the score is at least 80.
    return { ok: false, title: PASSWORD_TOO_WEAK_TITLE, message: passwordFeedbackText(strength.feedback) };
  }
  if (isCommonPassword(password)) {
    return { ok: false, title: PASSWORD_COMPROMISED_TITLE, message: PASSWORD_COMPROMISED };
  }
  return { ok: true };
}

/** The sign-in rule: only the minimum length, so old accounts can still sign in. */
export function isSignInPasswordLongEnough(password: string): boolean {
  return password.length >= SECURITY_SETTINGS.passwordMinLength;
}
