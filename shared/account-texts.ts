// Texts of the accounts contract that the spec leaves to the auth provider ("the provider's own
// message for sign-in, sign-up or Google errors"). Written once here so the Worker's error
// envelopes and the SPA's screens say the same thing.

export const ACCOUNT_TEXTS = {
  invalidCredentials: "Invalid login credentials",
  emailNotConfirmed: "Email not confirmed. Check your inbox for the confirmation link.",
  confirmLinkInvalid: "Confirmation link is invalid or has expired",
  emailConfirmed: "Your email is confirmed. You can sign in now.",
  /** The same answer whether or not the address has an account, so it reveals nothing. */
  resendSent: "If that address has an unconfirmed account, a new confirmation link is on its way.",
  resetSent: "If that address has an account, a password reset link is on its way.",
  passwordUpdated: "Your password has been changed. Please sign in again.",
  authRequired: "Authentication required",
  crossOrigin: "Cross-origin request refused",
  googleNotConfigured: "Google sign-in is not configured",
  googleFailed: "Google sign-in failed. Please try again.",
  googleEmailUnverified: "Your Google account has no verified email address",
  refreshFailed: "Your session has ended. Please sign in again.",
} as const;
