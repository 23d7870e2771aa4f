// Install state from spec §4: flags installable, installed, online and standalone. An
// app-installed event sets installed; online and offline events toggle online.
//
// Chrome fires beforeinstallprompt once, early, often before React has mounted, so the store
// starts listening as soon as this module loads and components read it through
// useSyncExternalStore.
import { useSyncExternalStore } from "react";

/** Chromium's install event; not in the DOM typings because it is not standardised. */
interface BeforeInstallPromptEvent extends Event {
  readonly platforms?: string[];
  readonly userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
  prompt(): Promise<void>;
}

export interface InstallState {
  installable: boolean;
  installed: boolean;
  online: boolean;
  standalone: boolean;
}

type InstallOutcome = "accepted" | "dismissed" | "unavailable";

export interface InstallPromptStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): InstallState;
  /** Shows the browser's install dialog; the deferred event can be used only once. */
  promptInstall(): Promise<InstallOutcome>;
  detach(): void;
}

function isStandalone(win: Window): boolean {
  const media = typeof win.matchMedia === "function" && win.matchMedia("(display-mode: standalone)").matches;
  // iOS Safari exposes its home-screen mode only through this non-standard flag.
  const iosStandalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return media || iosStandalone;
}

export function createInstallPromptStore(win: Window = window): InstallPromptStore {
  let deferred: BeforeInstallPromptEvent | null = null;
  let state: InstallState = {
    installable: false,
    installed: false,
    online: win.navigator.onLine !== false,
    standalone: isStandalone(win),
  };
  const listeners = new Set<() => void>();

  const update = (patch: Partial<InstallState>) => {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  const onBeforeInstallPrompt = (event: Event) => {
    // Keep the browser's mini-infobar away; the app shows its own card at a better moment.
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    update({ installable: true });
  };
  const onAppInstalled = () => {
    deferred = null;
    update({ installed: true, installable: false });
  };
  const onOnline = () => update({ online: true });
  const onOffline = () => update({ online: false });
  const displayMode = typeof win.matchMedia === "function" ? win.matchMedia("(display-mode: standalone)") : null;
  const onDisplayModeChange = () => update({ standalone: isStandalone(win) });

  win.addEventListener("beforeinstallprompt", onBeforeInstallPrompt);
  win.addEventListener("appinstalled", onAppInstalled);
  win.addEventListener("online", onOnline);
  win.addEventListener("offline", onOffline);
  displayMode?.addEventListener?.("change", onDisplayModeChange);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => state,
    async promptInstall() {
      const event = deferred;
      if (!event) return "unavailable";
      deferred = null;
      update({ installable: false });
      await event.prompt();
      const choice = await event.userChoice;
      return choice.outcome;
    },
    detach() {
      win.removeEventListener("beforeinstallprompt", onBeforeInstallPrompt);
      win.removeEventListener("appinstalled", onAppInstalled);
      win.removeEventListener("online", onOnline);
      win.removeEventListener("offline", onOffline);
      displayMode?.removeEventListener?.("change", onDisplayModeChange);
      listeners.clear();
    },
  };
}

/** The app-wide store, listening from the moment the bundle loads. */
export const installPromptStore: InstallPromptStore | null =
  typeof window === "undefined" ? null : createInstallPromptStore(window);

const serverState: InstallState = { installable: false, installed: false, online: true, standalone: false };
const noopSubscribe = () => () => {};

export function useInstallState(store: InstallPromptStore | null = installPromptStore): InstallState {
  return useSyncExternalStore(
    store ? store.subscribe : noopSubscribe,
    store ? store.getSnapshot : () => serverState,
    () => serverState,
  );
}
