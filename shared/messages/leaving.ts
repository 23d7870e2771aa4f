import { DELETION_GRACE_DAYS, EXPORT_LINK_DAYS } from "../leaving-api";

// Leaving (issue #27 items 5 and 6, decision record 0084): deleting one's account and downloading
// one's data, on /settings and in the mails and errors behind them. Not in the spec; the words are ours.

export const LEAVING_TEXTS = {
  /** What a deleted account's name reads everywhere it is still shown (messages, orders, reviews). */
  deletedUser: "Deleted user",
  export: {
    title: "Download my data",
    description:
      `A copy of your profile, posts, comments, messages, follows, orders, reviews and security events as one JSON file, with your media as links. We prepare it in the background and email you a download link that works for ${EXPORT_LINK_DAYS} days.`,
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
      "Your sessions, security events and saved settings",
    ],
    deletedHeading: "What we delete",
    kept: [
      "Messages you sent stay in the other person's conversation, shown as from “Deleted user”",
      "Orders stay with the amounts and the other party, for their records, without your personal data",
      "Reviews others wrote about your work stay; reviews you wrote are deleted",
    ],
    keptHeading: "What we keep",
    openOrders: "Orders that are paid but not completed must be completed or refunded first.",
    googleOnly:
      "Signed up with Google and never set a password? To confirm it is you, first set one with “Forgot password?” on the sign-in page, then come back here.",
    passwordLabel: "Your password",
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
    needsPassword: "Set a password first: use “Forgot password?” on the sign-in page, then try again.",
    /** /auth shows this once after the deletion signed the person out. */
    signedOutNotice: `Your account will be deleted in ${DELETION_GRACE_DAYS} days. Sign in before then to cancel the deletion.`,
    /** Shown after a sign-in that cancelled a pending deletion. */
    cancelledToast: { title: "Welcome back", description: "Signing in cancelled the deletion of your account." },
  },
} as const;
