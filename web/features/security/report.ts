// Reporting a browser-observed security event (spec §9 security monitor): every event goes into
// the local log; it is then posted to the server. A critical event that cannot be saved is kept
// locally (last 50) and raises a browser notification, if the user allowed notifications, so it
// is not lost silently.
import { SECURITY_TEXTS } from "@shared/messages";
import { postSecurityEvent, type SecurityReport } from "./api";
import { keepFailedCriticalEvent, type LocalSecurityEvent, logLocalSecurityEvent, readFailedCriticalEvents, replaceList, FAILED_CRITICAL_KEY } from "./local-log";

export interface ReportDeps {
  post: (report: SecurityReport) => Promise<void>;
  now: () => Date;
  notify: (title: string, body: string) => void;
}

function browserNotify(title: string, body: string): void {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  try {
    new Notification(title, { body, tag: "backline-security" });
  } catch {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
  }
}

const defaultDeps: ReportDeps = { post: postSecurityEvent, now: () => new Date(), notify: browserNotify };

function toLocal(report: SecurityReport, at: Date): LocalSecurityEvent {
  return {
    timestamp: at.toISOString(),
    event_type: report.eventType,
    severity: report.severity,
    details: report.details,
    user_agent: typeof navigator === "undefined" ? "" : navigator.userAgent,
  };
}

/** Resolves true when the server stored the event. Never rejects: monitoring must not break the app. */
export async function reportSecurityEvent(report: SecurityReport, deps: Partial<ReportDeps> = {}): Promise<boolean> {
  const { post, now, notify } = { ...defaultDeps, ...deps };
  const local = toLocal(report, now());
  logLocalSecurityEvent(local);
  try {
    await post(report);
    return true;
  } catch {
    if (report.severity === "critical") {
      keepFailedCriticalEvent(local);
      notify(SECURITY_TEXTS.notificationTitle, SECURITY_TEXTS.criticalNotReported(report.eventType));
    }
    return false;
  }
}

/**
 * Tries again to save the critical events that failed earlier; those that still fail stay. Run
 * when a signed-in screen mounts, so a temporary outage does not lose them for good.
 */
export async function flushFailedCriticalEvents(deps: Partial<Pick<ReportDeps, "post">> = {}): Promise<number> {
  const post = deps.post ?? defaultDeps.post;
  const pending = readFailedCriticalEvents();
  if (pending.length === 0) return 0;
  const stillFailing: LocalSecurityEvent[] = [];
  for (const event of pending) {
    try {
      await post({ eventType: event.event_type as SecurityReport["eventType"], severity: event.severity, details: { ...(event.details as SecurityReport["details"]), reportedLate: true, occurredAt: event.timestamp } });
    } catch {
      stillFailing.push(event);
    }
  }
  // Events kept while this flush ran are appended after the ones that still fail.
  const addedMeanwhile = readFailedCriticalEvents().slice(pending.length);
  replaceList(FAILED_CRITICAL_KEY, [...stillFailing, ...addedMeanwhile]);
  return pending.length - stillFailing.length;
}
