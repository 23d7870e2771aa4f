// Shell toasts from spec §8: online/offline, install success, and the delayed install prompt.
import { useEffect } from "react";
import { UI_TIMINGS } from "@shared/constants";
import { SHELL_TEXTS } from "@shared/messages";
import { notify } from "@web/components/ui/toast";
import { type InstallPromptStore, installPromptStore } from "./install-prompt-store";

const TOASTS = SHELL_TEXTS.toasts;

export function useOnlineStatusToasts(win: Window = window): void {
  useEffect(() => {
    // One id for both, so flapping connections replace the toast instead of stacking them.
    const onOnline = () => notify(TOASTS.online.title, { description: TOASTS.online.description, id: "connection", variant: "success" });
    const onOffline = () =>
      notify(TOASTS.offline.title, { description: TOASTS.offline.description, id: "connection", variant: "destructive" });
    win.addEventListener("online", onOnline);
    win.addEventListener("offline", onOffline);
    // Opened without a connection (the app from the home screen on a train): no event will come,
    // yet the reader should know the screen shows what was saved.
    if (win.navigator.onLine === false) onOffline();
    return () => {
      win.removeEventListener("online", onOnline);
      win.removeEventListener("offline", onOffline);
    };
  }, [win]);
}

export function useInstallSuccessToast(win: Window = window): void {
  useEffect(() => {
    const onInstalled = () =>
      notify(TOASTS.installed.title, { description: TOASTS.installed.description, variant: "success" });
    win.addEventListener("appinstalled", onInstalled);
    return () => win.removeEventListener("appinstalled", onInstalled);
  }, [win]);
}

/**
 * The second install prompt: 30 s after installing becomes possible, a dismissible toast offers
 * the install again (spec §1, §9). It is shown at most once per page load.
 */
export function useInstallReminder(
  store: InstallPromptStore | null = installPromptStore,
  delayMs: number = UI_TIMINGS.installPromptDelayMs,
): void {
  useEffect(() => {
    if (!store) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let shown = false;
    const check = () => {
      const { installable, installed, standalone } = store.getSnapshot();
      const canInstall = installable && !installed && !standalone;
      if (canInstall && timer === undefined && !shown) {
        timer = setTimeout(() => {
          const now = store.getSnapshot();
          if (!now.installable || now.installed || now.standalone) return;
          shown = true;
          notify(TOASTS.installReminder.title, {
            id: "install-reminder",
            description: TOASTS.installReminder.description,
            duration: Number.POSITIVE_INFINITY,
            action: { label: SHELL_TEXTS.installCard.install, onClick: () => void store.promptInstall() },
          });
        }, delayMs);
      } else if (!canInstall && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    };
    check();
    const unsubscribe = store.subscribe(check);
    return () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [store, delayMs]);
}
