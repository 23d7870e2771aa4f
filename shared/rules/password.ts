// Password rules of §5 (first document): sign-in minimum, strength scoring with its meter, and
// the sign-up decision (too weak, or found in breaches).
import { PASSWORD_MAX_LENGTH, SECURITY_SETTINGS } from "../constants";
import { PASSWORD_TEXTS } from "../messages";
import { isCommonPassword } from "./common-passwords";

const FEEDBACK = PASSWORD_TEXTS.feedback;

// The spec names the criteria but not the points. Ours, chosen so that the five required
// criteria at the minimum length land exactly in "Strong" and every single omission drops
// below it:
//   at least 8 characters      +20      each of lowercase, uppercase, digit, special  +15
//   12 or more characters      +10      16 or more characters (bonus)                 +10
//   a weak pattern             -20      a character 3+ times in a row                 -10
// The score is clamped to 0–100, so 8 characters with all four classes score 80 and the best
// possible password scores 100.
const PASSWORD_POINTS = {
  minLength: 20,
  length12: 10,
  length16: 10,
  perClass: 15,
  weakPattern: -20,
  repeated: -10,
} as const;

const PASSWORD_STRONG_SCORE = 60;
const PASSWORD_FAIR_SCORE = 30;
const PASSWORD_MAX_FEEDBACK = 3;

const WEAK_PATTERNS = [
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
  else feedback.push(FEEDBACK.length);
  if (length >= 12) score += PASSWORD_POINTS.length12;
  if (length >= 16) score += PASSWORD_POINTS.length16;

  const classes: [RegExp, string][] = [
    [/\p{Ll}/u, FEEDBACK.lowercase],
    [/\p{Lu}/u, FEEDBACK.uppercase],
    [/\p{N}/u, FEEDBACK.digit],
    [/[^\p{L}\p{N}]/u, FEEDBACK.special],
  ];
  for (const [re, line] of classes) {
    if (re.test(password)) score += PASSWORD_POINTS.perClass;
    else feedback.push(line);
  }

  const lower = password.toLowerCase();
  if (WEAK_PATTERNS.some((p) => lower.includes(p))) {
    score += PASSWORD_POINTS.weakPattern;
    feedback.push(FEEDBACK.weakPattern);
  }
  // "aaa", "111", "!!!": any character three or more times in a row.
  if (/(.)\1\1/su.test(password)) {
    score += PASSWORD_POINTS.repeated;
    feedback.push(FEEDBACK.repeated);
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
function passwordFeedbackText(feedback: readonly string[]): string {
  return feedback.length === 0 ? "" : `${feedback.join(". ")}.`;
}

export type PasswordCheck = { ok: true } | { ok: false; title: string; message: string };

/**
 * The sign-up decision, in the spec's order: strength first ("Password Too Weak" with the
 * feedback), then the breached list ("Compromised Password").
 */
export function checkNewPassword(password: string): PasswordCheck {
  if ([...password].length > PASSWORD_MAX_LENGTH) {
    return { ok: false, title: PASSWORD_TEXTS.tooWeakTitle, message: PASSWORD_TEXTS.tooLong };
  }
  const strength = scorePassword(password);
  if (!strength.isValid) {
    // An invalid password always has at least one feedback line: with none, all five criteria
    // are met and the score is at least 80.
    return { ok: false, title: PASSWORD_TEXTS.tooWeakTitle, message: passwordFeedbackText(strength.feedback) };
  }
  if (isCommonPassword(password)) {
    return { ok: false, title: PASSWORD_TEXTS.compromisedTitle, message: PASSWORD_TEXTS.compromised };
  }
  return { ok: true };
}
