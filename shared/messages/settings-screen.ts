import { MINUTE_MS, SECURITY_SETTINGS } from "../constants";

// /settings, the Account & security screen (first document §7 security events and sign-out
// scopes, §9 security settings), with its summary of the account's security activity. The spec
// names the parts (today's events, critical events of the last 7 days, the latest event time);
// these words are ours. The sign-out choices are AUTH_SCREEN_TEXTS.signOut.

export const SETTINGS_SCREEN_TEXTS = {
  title: "Account & security",
  account: {
    title: "Account",
    signedInAs: "You are signed in as",
  },
  security: {
    title: "Security activity",
    description: "Sign-ins and anything unusual we noticed on your account.",
  },
  sessions: {
    title: "Sessions",
    autoSignOut: `You are signed out automatically after ${SECURITY_SETTINGS.sessionTimeoutMs / MINUTE_MS} minutes without activity.`,
  },
  /** The security activity summary (GET /api/security-events/summary). */
  summary: {
    loadFailed: "Failed to load security activity",
    tryAgain: "Try Again",
    today: "Today",
    critical: "Critical (7 days)",
    latest: "Latest event",
    none: "None",
    /** "Latest event: {date and time}", before the time element. */
    latestAt: "Latest event: ",
    todayHeading: "Today's security events",
    noneToday: "No security events today.",
    criticalHeading: "Critical events in the last 7 days",
    noneCritical: "No critical events. All clear.",
    /** Each event type's name; an unknown type shows its own name with spaces. */
    events: {
      sign_in: "Signed in",
      sign_out: "Signed out",
      sign_up: "Account created",
      suspicious_login_attempt: "Suspicious sign-in activity",
      rate_limit_exceeded: "Too many attempts",
      content_violation: "Content blocked",
      unauthorized_access_attempt: "Unauthorized access attempt",
      session_hijack_attempt: "Session resumed after a long idle period",
      account_locked: "Account temporarily locked",
      refresh_token_reuse: "Session ended: a sign-in token was reused",
      password_reset: "Password changed",
    } as Record<string, string>,
  },
} as const;
