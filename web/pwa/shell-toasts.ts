// Shell toasts from spec §8: online/offline, install success, and the delayed install prompt.
import { useEffect } from "react";
import { notify } from "../components/ui/toast";
import { type InstallPromptStore, installPromptStore } from "./install-prompt-store";

export const INSTALL_PROMPT_DELAY_MS = 30_000;

export const SHELL_TOASTS = {
  online: { title: "Back Online", description: "Your connection has been restored." },
  offline: { title: "You're Offline", description: "Don't worry, the app still works offline!" },
  installed: { title: "App Installed", description: "Backline is on your home screen. Open it any time — even offline." },
  installReminder: { title: "Take Backline with you", description: "Install the app for offline access, push notifications and faster loading." },
  updated: { title: "App Updated", description: "A new version is available. Refresh to update." },
} as const;

export function useOnlineStatusToasts(win: Window = window): void {
  useEffect(() => {
    // One id for both, so flapping connections replace the toast instead of stacking them.
    const onOnline = () => notify(SHELL_TOASTS.online.title, { description: SHELL_TOASTS.online.description, id: "connection", variant: "success" });
    const onOffline = () =>
      notify(SHELL_TOASTS.offline.title, { description: SHELL_TOASTS.offline.description, id: "connection", variant: "destructive" });
    win.addEventListener("online", onOnline);
    win.addEventListener("offline", onOffline);
    return () => {
      win.removeEventListener("online", onOnline);
      win.removeEventListener("offline", onOffline);
    };
  }, [win]);
}

export function useInstallSuccessToast(win: Window = window): void {
  useEffect(() => {
    const onInstalled = () =>
      notify(SHELL_TOASTS.installed.title, { description: SHELL_TOASTS.installed.description, variant: "success" });
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
  delayMs: number = INSTALL_PROMPT_DELAY_MS,
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
          notify(SHELL_TOASTS.installReminder.title, {
            id: "install-reminder",
            description: SHELL_TOASTS.installReminder.description,
            duration: Number.POSITIVE_INFINITY,
            action: { label: "Install", onClick: () => void store.promptInstall() },
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
