import { DELETION_GRACE_DAYS, EXPORT_LINK_DAYS } from "../leaving-api";

// Leaving (issue #27 items 5 and 6, decision record 0084): deleting one's account and downloading
// one's data, on /settings and in the mails and errors behind them. Not in the spec; the words are ours.

export const LEAVING_TEXTS = {
  /** What a deleted account's name reads everywhere it is still shown (messages, orders, reviews). */
  deletedUser: "Deleted user",
  export: {
    title: "Download my data",
    description:
      `A copy of your profile, posts, comments, messages, follows, orders, reviews, security events and notification settings as one JSON file, with your media as links. We prepare it in the background and email you a download link that works for ${EXPORT_LINK_DAYS} days.`,
    request: "Request my data",
    requesting: "Requesting…",
    requested: "We are preparing your data. We will email you a link when it is ready, usually within 15 minutes.",
    ready: (expires: string) => `Your data is ready. The link works until ${expires}.`,
    download: "Download my data",
    expired: "Your last download link has expired. You can request a new copy.",
    failed: "We could not prepare your data. Please request it again.",
    loadFailed: "Failed to load your data export",
    tryAgain: "Try Again",
    requestedToast: { title: "Data requested", description: "We will email you a link when it is ready, usually within 15 minutes." },
    notFound: "Export not found",
    notReady: "Your data is still being prepared",
    linkExpired: "This download link has expired. Request a new copy from your settings.",
    mail: {
      subject: "Your Backline data is ready",
      intro: "The copy of your Backline data you asked for is ready.",
      linkLabel: "Download my data",
      outro: `The link works for ${EXPORT_LINK_DAYS} days, only while you are signed in to your account. If you did not ask for this, change your password.`,
    },
  },
  delete: {
    title: "Delete my account",
    intro: `Deleting your account signs you out everywhere at once. After ${DELETION_GRACE_DAYS} days we delete it for good; signing in before then cancels the deletion.`,
    deleted: [
      "Your profile, posts, comments, likes, bookmarks and follows",
      "Your media and files (images, audio, video, avatar, product images and files)",
      "Your portfolio, services and products",
      "Your sessions, push devices, notifications, security events and saved settings",
    ],
    deletedHeading: "What we delete",
    kept: [
      "Messages you sent stay in the other person's conversation, shown as from “Deleted user”",
      "Orders stay with the amounts and the other party, for their records, without your personal data",
      "Reviews others wrote about your work stay; reviews you wrote are deleted",
    ],
    keptHeading: "What we keep",
    openOrders: "Orders that are paid but not completed must be completed or refunded first.",
    passwordLabel: "Your password",
    /** The ways to confirm it is you (decision record 0084): the password, a fresh Google sign-in, or either. */
    confirmWithPassword: "Enter your password to confirm it is you.",
    confirmWithGoogle: "Sign in with Google again to confirm it is you.",
    confirmWithEither: "Enter your password, or sign in with Google again, to confirm it is you.",
    googleButton: "Confirm with Google",
    googleOpening: "Opening Google…",
    /** After the round trip: the confirmation and when it stops working. */
    googleConfirmed: (until: string) => `Google confirmed it is you. This works until ${until}; delete your account before then.`,
    googleExpired: "Your Google confirmation has expired. Confirm with Google again.",
    /** `/settings?reauth=…` when the round trip did not confirm anything. */
    googleOtherAccount: "That Google account is not the one linked to your Backline account. Nothing was changed. Confirm with the Google account you sign in with.",
    googleStale: "Google did not ask for your sign-in again. Please confirm with Google again and enter your Google password when asked.",
    googleNotLinked: "Your account is not linked to Google. Confirm with your password instead.",
    googleFailed: "Google could not confirm it is you. Please try again.",
    /** The callback of a confirmation finds nobody signed in. */
    reauthSignedOut: "Your session has ended. Sign in, then confirm with Google again from your settings.",
    loadFailed: "Failed to load how to confirm it is you",
    tryAgain: "Try Again",
    /** 403 for a missing, expired, used or someone else's Google confirmation: the words of a wrong password's kind. */
    googleProofInvalid: "Your Google confirmation is missing or has expired. Confirm with Google again.",
    confirmLabel: "I understand that my account and content will be deleted",
    submit: "Delete my account",
    submitting: "Deleting…",
    confirmTitle: "Delete your account?",
    confirmDescription: `You will be signed out everywhere. Sign in within ${DELETION_GRACE_DAYS} days if you change your mind.`,
    confirm: "Yes, delete my account",
    cancel: "Keep my account",
    wrongPassword: "Incorrect password",
    passwordRequired: "Enter your password",
    confirmRequired: "Tick the box to confirm",
    /** 409 while orders are open; lists them. */
    openOrdersRefusal: (orders: string[]) =>
      `Your account has open orders. Complete or refund them before deleting your account: ${orders.join("; ")}`,
    orderLine: (name: string, role: "buyer" | "seller", status: string) => `${name} (${role === "buyer" ? "bought" : "sold"}, ${status.replace("_", " ")})`,
    /** A password sent for an account without one, Google linked: the other way is offered. */
    noPasswordUseGoogle: "Your account has no password. Confirm with Google instead.",
    /** An account with no password and no usable Google sign-in (and /settings says the same). */
    needsPassword: "Set a password first: use “Forgot password?” on the sign-in page, then try again.",
    /** /auth shows this once after the deletion signed the person out. */
    signedOutNotice: `Your account will be deleted in ${DELETION_GRACE_DAYS} days. Sign in before then to cancel the deletion.`,
    /** Shown after a sign-in that cancelled a pending deletion. */
    cancelledToast: { title: "Welcome back", description: "Signing in cancelled the deletion of your account." },
  },
} as const;
