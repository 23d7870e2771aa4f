// Security events API for the SPA (spec §7 security_events; §9 security monitor): the caller's
// summary for the settings screen and the endpoint the browser monitor reports to.
import { queryOptions } from "@tanstack/react-query";
import type { ReportableSecurityEventType, Severity } from "@shared/constants";
import type { SecurityReportInput } from "@shared/schemas/security-report";
import { api, unwrap } from "@web/lib/api-client";

export const securityKeys = {
  all: ["security-events"] as const,
  summary: () => [...securityKeys.all, "summary"] as const,
};

function fetchSecuritySummary() {
  return unwrap(api.api["security-events"].summary.$get());
}

type SecuritySummary = Awaited<ReturnType<typeof fetchSecuritySummary>>;

export function securitySummaryQueryOptions() {
  return queryOptions({ queryKey: securityKeys.summary(), queryFn: fetchSecuritySummary, staleTime: 30_000 });
}

export type SecurityEventRow = SecuritySummary["today"][number];

/** What the monitor reports; the wire format is the shared security-report schema. */
export interface SecurityReport {
  eventType: ReportableSecurityEventType;
  severity: Severity;
  details: Record<string, string | number | boolean | null>;
}

export async function postSecurityEvent(report: SecurityReport): Promise<void> {
  const json: SecurityReportInput = {
    event_type: report.eventType,
    // Browsers may report low, medium and high; a critical one is refused by the server, which
    // is exactly the "failed to save" case the reporter keeps locally.
    severity: report.severity as SecurityReportInput["severity"],
    details: report.details,
  };
  await unwrap(api.api["security-events"].$post({ json }));
}
