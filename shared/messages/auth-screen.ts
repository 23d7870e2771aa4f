// The /auth screens (first document §2 /auth, §5 sign-in, sign-up and password rules; the email
// link screens of the accounts contract) and the sign-out choices of /settings (§7, §9). The
// spec's words where it gives them (Sign In, Sign Up, Continue with Google, Back to Home, Forgot
// password?, Create Account, the strength levels); the rest is ours. The toasts and the server's
// answers are ACCOUNT_TEXTS and PASSWORD_TEXTS.

export const AUTH_SCREEN_TEXTS = {
  /** The frame around every /auth screen. */
  frame: {
    backToHome: "Back to Home",
    tagline: "Where music professionals meet, create and get booked.",
    /** Shown by the prerendered frame when the app has not started after 8 s (a script failed to load). */
    stalled: "Taking longer than usual?",
    reload: "Reload the page",
    /** Shown by the prerendered frame when the browser runs no JavaScript. */
    noScript: "Signing in needs JavaScript. Turn it on in your browser's settings, then reload this page.",
  },
  /** /auth: the tabs and the Google sign-in. */
  tabs: {
    label: "Sign in or sign up",
    signIn: "Sign In",
    signUp: "Sign Up",
    or: "or",
  },
  continueWithGoogle: "Continue with Google",
  /** The email field of the sign-in, sign-up and reset-request forms. */
  email: { label: "Email", placeholder: "you@example.com" },
  signIn: {
    formLabel: "Sign in",
    password: "Password",
    passwordPlaceholder: "Your password",
    forgotPassword: "Forgot password?",
    submitting: "Signing in",
    submit: "Sign In",
    noConfirmation: "Didn't get the confirmation email?",
    resend: "Resend confirmation email",
  },
  signUp: {
    formLabel: "Sign up",
    username: "Username",
    usernamePlaceholder: "beatmaker_99",
    displayName: "Display name",
    displayNamePlaceholder: "Maya Lopez",
    password: "Password",
    passwordPlaceholder: "Create a strong password",
    submitting: "Creating account",
    submit: "Create Account",
    /** "We sent a confirmation link to {email}. Open it …", around the address in bold. */
    sentToBefore: "We sent a confirmation link to ",
    sentToAfter: ". Open it to activate your account, then sign in.",
    resend: "Resend confirmation email",
  },
  /** The strength meter (§5: Weak, Fair, Strong). */
  strength: { label: "Password strength" },
  /** /auth/forgot. */
  forgot: {
    formLabel: "Reset password",
    title: "Forgot password?",
    intro: "Enter your email and we'll send you a link to choose a new password.",
    submit: "Send reset link",
    sentTitle: "Check your email",
    backToSignIn: "Back to Sign In",
  },
  /** /auth/reset. */
  reset: {
    requestNewLink: "Request a new link",
    updatedTitle: "Password updated",
    signIn: "Sign In",
    formLabel: "Choose a new password",
    title: "Choose a new password",
    intro: "Signing in again will be needed on every device.",
    newPassword: "New password",
    repeatPassword: "Repeat new password",
    submit: "Update password",
  },
  /** /auth/confirm. */
  confirm: {
    confirming: "Confirming your email",
    confirmingVisible: "Confirming your email…",
    confirmedTitle: "Email confirmed",
    signIn: "Sign In",
    failedTitle: "We couldn't confirm your email",
    backToSignIn: "Back to Sign In",
    requestNewLink: "Sign in to request a new confirmation link.",
  },
  /** The sign-out choices of /settings (§7: scope local, others or global). */
  signOut: {
    local: "Sign out of this device",
    others: "Sign out of other devices",
    global: "Sign out of all devices",
  },
} as const;
