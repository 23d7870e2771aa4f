// Session timeout (spec §9): 60 minutes without activity, checked every minute, then a full
// sign-out. The check also runs when the tab becomes visible again, so someone returning to a
// long-idle tab (or a laptop waking up) is signed out at once rather than up to a minute later.
import { SECURITY_SETTINGS } from "@shared/constants";
import { isSessionExpired } from "@shared/rules/security";
import type { ActivityTracker } from "./activity";

export interface InactivityTimerOptions {
  tracker: Pick<ActivityTracker, "lastActivity">;
  onTimeout: () => void;
  timeoutMs?: number;
  checkIntervalMs?: number;
  now?: () => number;
  /** Where visibility changes are heard; defaults to document. */
  visibilityTarget?: EventTarget;
}

/** Starts the timer; returns a stop function. `onTimeout` runs at most once. */
export function startInactivityTimer(options: InactivityTimerOptions): () => void {
  const timeoutMs = options.timeoutMs ?? SECURITY_SETTINGS.sessionTimeoutMs;
  const intervalMs = options.checkIntervalMs ?? SECURITY_SETTINGS.sessionCheckIntervalMs;
  const now = options.now ?? Date.now;
  const visibilityTarget = options.visibilityTarget ?? (typeof document === "undefined" ? undefined : document);
  let fired = false;

  const check = () => {
    if (fired || !isSessionExpired(options.tracker.lastActivity(), now(), timeoutMs)) return;
    fired = true;
    stop();
    options.onTimeout();
  };
  const onVisibility = () => {
    if (typeof document === "undefined" || document.visibilityState === "visible") check();
  };

  const interval = setInterval(check, intervalMs);
  visibilityTarget?.addEventListener("visibilitychange", onVisibility);
  function stop() {
    clearInterval(interval);
    visibilityTarget?.removeEventListener("visibilitychange", onVisibility);
  }
  return stop;
}
