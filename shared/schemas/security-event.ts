// Security events reported by the browser's monitor (DESIGN.md: the server records everything
// it sees itself; the browser posts only what only it can see, through a rate-limited route).
// The types are limited to those the browser observes, and "critical" is the server's to give.
import { z } from "zod";
import type { SecurityEventType, Severity } from "../constants";

export const BROWSER_SECURITY_EVENT_TYPES = [
  "suspicious_login_attempt",
  "session_hijack_attempt",
  "unauthorized_access_attempt",
] as const satisfies readonly SecurityEventType[];

export const BROWSER_SEVERITIES = ["low", "medium", "high"] as const satisfies readonly Severity[];

export const MAX_DETAIL_KEYS = 20;
export const MAX_DETAIL_KEY_LENGTH = 50;
export const MAX_DETAIL_VALUE_LENGTH = 500;
export const MAX_DETAILS_JSON_LENGTH = 2000;

const detailValueSchema = z.union([z.string().max(MAX_DETAIL_VALUE_LENGTH), z.number(), z.boolean(), z.null()]);

export const securityEventReportSchema = z.object({
  event_type: z.enum(BROWSER_SECURITY_EVENT_TYPES),
  severity: z.enum(BROWSER_SEVERITIES),
  details: z
    .record(z.string().min(1).max(MAX_DETAIL_KEY_LENGTH), detailValueSchema)
    .refine((d) => Object.keys(d).length <= MAX_DETAIL_KEYS, "Too many details")
    .refine((d) => JSON.stringify(d).length <= MAX_DETAILS_JSON_LENGTH, "Details are too large")
    .optional()
    .transform((d) => d ?? {}),
});

export type SecurityEventReportInput = z.input<typeof securityEventReportSchema>;
export type SecurityEventReport = z.output<typeof securityEventReportSchema>;
