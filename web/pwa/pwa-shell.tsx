// Everything the PWA adds to the page: service worker updates, connection and install toasts,
// the install card, and a tapped notification's screen opened in this window. Mounted once by
// the root route.
import { InstallCard } from "./install-card";
import { usePushNavigation } from "./push-navigation";
import { useServiceWorkerUpdates } from "./service-worker-updates";
import { useInstallReminder, useInstallSuccessToast, useOnlineStatusToasts } from "./shell-toasts";

export function PwaShell() {
  useServiceWorkerUpdates();
  usePushNavigation();
  useOnlineStatusToasts();
  useInstallSuccessToast();
  useInstallReminder();
  return <InstallCard />;
}
