// The client security layer of spec §9, mounted once by the signed-in layout: the activity
// tracker, the 60-minute session timeout and the security monitor. It renders nothing.
import { useEffect, useRef } from "react";
import { createActivityTracker } from "./activity";
import { startInactivityTimer } from "./inactivity";
import { startSecurityMonitor } from "./monitor";
import { flushFailedCriticalEvents, reportSecurityEvent } from "./report";

export function SecurityLayer({ onSessionTimeout }: { onSessionTimeout: () => void | Promise<void> }) {
  // The latest callback without restarting the timers on every render.
  const onTimeout = useRef(onSessionTimeout);
  onTimeout.current = onSessionTimeout;

  useEffect(() => {
    const tracker = createActivityTracker();
    const monitor = startSecurityMonitor({ tracker, report: (report) => reportSecurityEvent(report) });
    const stopTimer = startInactivityTimer({
      tracker,
      onTimeout: () => {
        // After a sleep both limits can pass at once; report the long idle stretch before the
        // sign-out reloads the page and would cut the report off.
        void monitor
          .checkIdle()
          .catch(() => {})
          .finally(() => void onTimeout.current());
      },
    });
    void flushFailedCriticalEvents();
    return () => {
      stopTimer();
      monitor.stop();
      tracker.stop();
    };
  }, []);

  return null;
}
