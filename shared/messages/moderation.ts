/**
 * Reports and moderation (issue #27 items 3 and 4; DESIGN.md "Reports and moderation"; decision
 * record 0083): the report dialog, the API's refusals, the reporter's outcome in /activity, the
 * suspended account's sign-in refusal and the /moderation screen. None of this is in the spec;
 * the words are ours.
 */
export const MODERATION_TEXTS = {
  // The report dialog.
  reportAction: "Report",
  reportTitle: (what: string) => `Report this ${what}`,
  reportDescription: "Tell us what is wrong. The account you report is not told who reported it.",
  targetNames: {
    post: "post",
    comment: "comment",
    message: "message",
    profile: "profile",
    service: "service",
    product: "product",
  },
  reasonLegend: "Reason",
  reasons: {
    spam: "Spam",
    harassment: "Harassment or bullying",
    impersonation: "Impersonation",
    intellectual_property: "Intellectual property violation",
    scam: "Scam or fraud",
    other: "Something else",
  },
  detailsLabel: "What is wrong?",
  detailsHint: (max: number) => `Up to ${max} characters`,
  submitReport: "Send report",
  sendingReport: "Sending…",
  cancel: "Cancel",
  reportSent: { title: "Report sent", description: "Thanks for telling us. We will review it and let you know in Activity." },
  reportFailed: "Your report could not be sent. Please try again.",

  // The API's refusals.
  reasonRequired: "Please choose a reason",
  detailsRequired: "Please tell us what is wrong",
  detailsTooLong: "Details must be 500 characters or less",
  targetTypeInvalid: "This content cannot be reported",
  targetMissing: "This content is no longer available",
  ownContent: "You cannot report your own content",
  actionInvalid: "Please choose an action",
  actionNotApplicable: "This action does not apply to this content",
  noteTooLong: "Note must be 500 characters or less",
  accountSuspended: "This account has been suspended. If you think this is a mistake, contact support.",

  // The reporter's outcome in /activity.
  outcomeAction: "Thanks — we reviewed your report and took action",
  outcomeNoViolation: "Thanks — we reviewed your report and found no violation",

  // The /moderation screen.
  queueTitle: "Moderation",
  queueSubtitle: "Open reports, grouped by what was reported, oldest first",
  loadingQueue: "Loading reports…",
  loadQueueFailed: "Failed to load the reports",
  tryAgain: "Try again",
  queueEmpty: { title: "No open reports", hint: "Everything reported has been reviewed." },
  reporterCount: (n: number) => `${n} ${n === 1 ? "account" : "accounts"} reported this`,
  contentGone: "The content has been deleted",
  contentHidden: "Hidden",
  openContent: "Open",
  accountTitle: "Account",
  joined: (date: string) => `Joined ${date}`,
  suspended: "Suspended",
  reportTotal: (n: number) => `${n} ${n === 1 ? "report" : "reports"} in total`,
  earlierActions: "Earlier actions",
  noEarlierActions: "No earlier actions",
  reportsTitle: "Reports",
  noteLabel: "Note (optional)",
  actionLabels: {
    dismiss: "Dismiss",
    hide: "Hide content",
    restore: "Restore",
    suspend: "Suspend account",
    unsuspend: "Lift suspension",
  },
  confirmTitle: (action: string) => `${action}?`,
  confirmDescriptions: {
    dismiss: "The reports are closed and the content stays up (or comes back, if it was hidden pending review). Reporters are told no violation was found.",
    hide: "The content disappears for everyone but its owner. Reporters are told action was taken.",
    restore: "Hidden content comes back. Reporters are told no violation was found.",
    suspend: "The account is signed out everywhere, cannot sign in, and its posts, listings and profile are hidden. Payouts are not touched.",
    unsuspend: "The account can sign in again and its content comes back.",
  },
  confirm: "Confirm",
  actionDone: { title: "Done", description: "The reports on this item are resolved." },
  actionFailed: "The action could not be completed. Please try again.",
} as const;
