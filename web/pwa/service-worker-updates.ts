// Registers the service worker (/sw.js, prompt mode) and shows 'App Updated' when a new version
// is waiting. Kept in its own module because `virtual:pwa-register/react` exists only inside
// Vite with vite-plugin-pwa; component tests replace this module with a stub.
import { useEffect } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { UI_TIMINGS } from "@shared/constants";
import { SHELL_TEXTS } from "@shared/messages";
import { notify } from "@web/components/ui/toast";

/** A long-lived tab checks for a new deploy once an hour instead of only on navigation. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export function useServiceWorkerUpdates(): void {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update();
      }, UPDATE_CHECK_INTERVAL_MS);
    },
    onRegisterError(error: unknown) {
      console.warn("Service worker registration failed", error);
    },
  });

  useEffect(() => {
    if (!needRefresh) return;
    notify(SHELL_TEXTS.toasts.updated.title, {
      id: "app-updated",
      description: SHELL_TEXTS.toasts.updated.description,
      duration: UI_TIMINGS.appUpdatedToastMs,
      action: { label: SHELL_TEXTS.refreshToUpdate, onClick: () => void updateServiceWorker(true) },
    });
    // Ask once per waiting version; a later deploy sets needRefresh again.
    setNeedRefresh(false);
  }, [needRefresh, setNeedRefresh, updateServiceWorker]);
}
