// Everything the PWA adds to the page: service worker updates, connection and install toasts,
// the install card, and a tapped notification's screen opened in this window. Mounted once by
// the root route.
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { InstallCard } from "./install-card";
import { useServiceWorkerUpdates } from "./service-worker-updates";
import { useInstallReminder, useInstallSuccessToast, useOnlineStatusToasts } from "./shell-toasts";

/**
 * A tapped notification's screen, opened in this window (./push-navigation.ts). The listener
 * loads after the shell's first commit, so it is no part of the shell's bundle.
 */
function usePushNavigation(): void {
  const router = useRouter();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let ended = false;
    void import("./push-navigation").then(({ listenForPushNavigation }) => {
      if (!ended) stop = listenForPushNavigation((path) => router.history.push(path));
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [router]);
}

export function PwaShell() {
  useServiceWorkerUpdates();
  usePushNavigation();
  useOnlineStatusToasts();
  useInstallSuccessToast();
  useInstallReminder();
  return <InstallCard />;
}
