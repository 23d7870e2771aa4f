import { PASSWORD_MAX_LENGTH, TEXT_LIMITS } from "../constants";

// Accounts: sign-in, sign-up, email links, password reset, sessions (first document §5, §8, §9;
// the accounts contract). Where the spec leaves a text to "the provider's own message", the
// words are ours.

export const ACCOUNT_TEXTS = {
  invalidCredentials: "Invalid login credentials",
  emailNotConfirmed: "Email not confirmed. Check your inbox for the confirmation link.",
  confirmLinkInvalid: "Confirmation link is invalid or has expired",
  emailConfirmed: "Your email is confirmed. You can sign in now.",
  /** The same answer whether or not the address has an account, so it reveals nothing. */
  resendSent: "If that address has an unconfirmed account, a new confirmation link is on its way.",
  resetSent: "If that address has an account, a password reset link is on its way.",
  invalidResetLink: "This password reset link is invalid or has expired",
  passwordUpdated: "Your password has been changed. Please sign in again.",
  passwordsDoNotMatch: "Passwords do not match",
  googleNotConfigured: "Google sign-in is not configured",
  googleFailed: "Google sign-in failed. Please try again.",
  googleEmailUnverified: "Your Google account has no verified email address",
  /**
   * The app's hand-off code (decision record 0093) is unknown, spent, expired or was started by
   * another device: one answer for all, so it tells a guesser nothing.
   */
  appHandoffInvalid: "This sign-in has expired or was already used. Please sign in again.",
  refreshFailed: "Your session has ended. Please sign in again.",
  signUpSuccess: "Please check your email to confirm your account",
  accountLocked: "Account temporarily locked due to suspicious activity",
  /** Toast titles the SPA shows around the texts above. */
  accountCreatedTitle: "Account created",
  confirmationSentTitle: "Confirmation email sent",
  signedOutTitle: "Signed out",
  signedOutOthers: { title: "Signed out of other devices", description: "Every other browser and device now has to sign in again." },
  inactivitySignOut: "You were signed out after 60 minutes without activity.",
  invalidEmail: "Please enter a valid email address",
  usernameInvalid: "Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens",
  usernameTaken: "This username is already in use",
  usernameHint: `Letters, numbers, dots, underscores and hyphens; up to ${TEXT_LIMITS.usernameMax} characters.`,
  displayNameTooShort: "Display name must be at least 2 characters long",
  displayNameTooLong: `Display name must be at most ${TEXT_LIMITS.displayNameMax} characters`,
} as const;

/** Password messages (first document §5): the sign-in minimum, the strength meter and sign-up. */
export const PASSWORD_TEXTS = {
  tooShort: "Password must be at least 8 characters long",
  /** Not in the spec: a bound so that hashing cost stays predictable. */
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  tooWeakTitle: "Password Too Weak",
  compromisedTitle: "Compromised Password",
  compromised: "This password has been found in data breaches. Please choose a different password.",
  /** The strength meter's lines, in order of importance. */
  feedback: {
    length: "Password must be at least 8 characters long",
    lowercase: "Include at least one lowercase letter",
    uppercase: "Include at least one uppercase letter",
    digit: "Include at least one number",
    special: "Include at least one special character",
    weakPattern: 'Avoid common words and sequences such as "password" or "123456"',
    repeated: "Avoid repeating the same character 3 or more times",
  },
} as const;