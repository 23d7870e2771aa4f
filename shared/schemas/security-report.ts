// The body of POST /api/security-events as the accounts contract fixes it (DESIGN.md: the server
// records everything it sees itself; the browser posts only what only it can see, through a
// rate-limited route). The browser monitor may report only suspicious_login_attempt (rapid
// clicks), session_hijack_attempt (4 h idle), rate_limit_exceeded and content_violation, and
// "critical" is the server's to give. Details are bounded in keys, in value length and in bytes,
// because 2,000 UTF-16 characters can be 6 KB on the wire.
import { z } from "zod";
import { BROWSER_SEVERITIES, REPORTABLE_SECURITY_EVENT_TYPES } from "../constants";
import { SECURITY_TEXTS } from "../messages";

const MAX_DETAIL_KEYS = 20;
const MAX_DETAIL_KEY_LENGTH = 50;
const MAX_DETAIL_VALUE_LENGTH = 500;
/** Details are stored as JSON: at most 2,000 characters and 2 KB of UTF-8. */
const MAX_DETAILS_JSON_LENGTH = 2000;
const MAX_REPORT_DETAILS_BYTES = 2048;

const utf8 = new TextEncoder();
const detailValueSchema = z.union([z.string().max(MAX_DETAIL_VALUE_LENGTH), z.number(), z.boolean(), z.null()]);

export const securityReportSchema = z.object({
  event_type: z.enum(REPORTABLE_SECURITY_EVENT_TYPES, { error: SECURITY_TEXTS.reportUnknownType }),
  severity: z.enum(BROWSER_SEVERITIES, { error: SECURITY_TEXTS.reportBadSeverity }),
  details: z
    .record(z.string().min(1).max(MAX_DETAIL_KEY_LENGTH), detailValueSchema)
    .refine((d) => Object.keys(d).length <= MAX_DETAIL_KEYS, SECURITY_TEXTS.reportTooManyDetails)
    .refine((d) => JSON.stringify(d).length <= MAX_DETAILS_JSON_LENGTH, SECURITY_TEXTS.reportDetailsTooLarge)
    .refine((d) => utf8.encode(JSON.stringify(d)).byteLength <= MAX_REPORT_DETAILS_BYTES, SECURITY_TEXTS.reportDetailsTooLarge)
    .optional()
    .transform((d) => d ?? {}),
});

export type SecurityReportInput = z.input<typeof securityReportSchema>;
