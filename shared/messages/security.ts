import { BROWSER_SEVERITIES, REPORTABLE_SECURITY_EVENT_TYPES } from "../constants";
import type { ToastText } from "./toast";

// Security (first document §9): rate-limit toasts, the browser monitor's notification and the
// security-event report route.

// The upload-limit title is also shown on its own, when the server's answer carries no title.
const UPLOAD_LIMIT_TITLE = "Upload Limit Reached";

export const SECURITY_TEXTS = {
  tooManyAttempts: (minutes: number): ToastText => ({
    title: "Too Many Attempts",
    description: `Please wait ${minutes} minutes before trying again`,
  }),
  uploadLimitReached: (minutes: number): ToastText => ({
    title: UPLOAD_LIMIT_TITLE,
    description: `Please wait ${minutes} minutes before uploading again`,
  }),
  uploadLimitTitle: UPLOAD_LIMIT_TITLE,
  notificationTitle: "Backline security alert",
  /** The browser notification when a critical event could not be saved on the server. */
  criticalNotReported: (eventType: string) => `A critical security event (${eventType.replaceAll("_", " ")}) could not be reported.`,
  reportUnknownType: `Unknown security event type: expected one of ${REPORTABLE_SECURITY_EVENT_TYPES.join(", ")}`,
  reportBadSeverity: `Unknown severity: expected one of ${BROWSER_SEVERITIES.join(", ")}`,
  reportTooManyDetails: "Too many details",
  reportDetailsTooLarge: "Details are too large",
} as const;