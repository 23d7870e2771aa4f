// Everything the PWA adds to the page: service worker updates, connection and install toasts,
// and the install card. Mounted once by the root route.
import { InstallCard } from "./install-card";
import { useServiceWorkerUpdates } from "./service-worker-updates";
import { useInstallReminder, useInstallSuccessToast, useOnlineStatusToasts } from "./shell-toasts";

export function PwaShell() {
  useServiceWorkerUpdates();
  useOnlineStatusToasts();
  useInstallSuccessToast();
  useInstallReminder();
  return <InstallCard />;
}
