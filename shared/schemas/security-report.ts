// The body of POST /api/security-events as the accounts contract fixes it: the browser monitor
// may report only suspicious_login_attempt (rapid clicks), session_hijack_attempt (4 h idle),
// rate_limit_exceeded and content_violation. It builds on shared/schemas/security-event.ts
// (field names, severities, detail bounds) and adds clear messages for a wrong type or severity
// and a byte bound on details, because 2,000 UTF-16 characters can be 6 KB on the wire.
import { z } from "zod";
import type { SecurityEventType } from "../constants";
import { BROWSER_SEVERITIES, securityEventReportSchema } from "./security-event";

export const REPORTABLE_SECURITY_EVENT_TYPES = [
  "suspicious_login_attempt",
  "session_hijack_attempt",
  "rate_limit_exceeded",
  "content_violation",
] as const satisfies readonly SecurityEventType[];
export type ReportableSecurityEventType = (typeof REPORTABLE_SECURITY_EVENT_TYPES)[number];

/** Details are stored as JSON; 2 KB of UTF-8 at most. */
export const MAX_REPORT_DETAILS_BYTES = 2048;

export const SECURITY_REPORT_MESSAGES = {
  unknownType: `Unknown security event type: expected one of ${REPORTABLE_SECURITY_EVENT_TYPES.join(", ")}`,
  badSeverity: `Unknown severity: expected one of ${BROWSER_SEVERITIES.join(", ")}`,
  detailsTooLarge: "Details are too large",
} as const;

const utf8 = new TextEncoder();

export const securityReportSchema = securityEventReportSchema.extend({
  event_type: z.enum(REPORTABLE_SECURITY_EVENT_TYPES, { error: SECURITY_REPORT_MESSAGES.unknownType }),
  severity: z.enum(BROWSER_SEVERITIES, { error: SECURITY_REPORT_MESSAGES.badSeverity }),
  details: securityEventReportSchema.shape.details.refine(
    (d) => utf8.encode(JSON.stringify(d)).byteLength <= MAX_REPORT_DETAILS_BYTES,
    SECURITY_REPORT_MESSAGES.detailsTooLarge,
  ),
});

export type SecurityReportInput = z.input<typeof securityReportSchema>;
export type SecurityReport = z.output<typeof securityReportSchema>;
