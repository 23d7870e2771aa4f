import type { ToastText } from "./toast";

// App shell: toasts (first document §1, §8), install card (§1), error screen (§2, §4) and the
// 404 page (second document §2). The spec shows that the install toasts exist but not all their
// words; the ones it does not give are ours.

export const SHELL_TEXTS = {
  toasts: {
    online: { title: "Back Online", description: "Your connection has been restored." },
    offline: { title: "You're Offline", description: "Don't worry, the app still works offline!" },
    installed: { title: "App Installed", description: "Backline is on your home screen. Open it any time — even offline." },
    installReminder: { title: "Take Backline with you", description: "Install the app for offline access, push notifications and faster loading." },
    updated: { title: "App Updated", description: "A new version is available. Refresh to update." },
  },
  installCard: {
    title: "Install the app",
    description: "Get offline access, push notifications and faster loading — right from your home screen.",
    install: "Install",
    notNow: "Not now",
    dismissLabel: "Dismiss install prompt",
  },
  errorFallback: {
    title: "Something went wrong",
    description: "This screen hit a wrong note. Try again, or reload the app if it keeps happening.",
    tryAgain: "Try Again",
    reload: "Reload Page",
  },
  notFound: {
    title: "Oops! Page not found",
    description: "This track doesn't exist — it may have been moved, renamed or never recorded.",
    returnHome: "Return to Home",
  },
  loading: "Loading...",
} as const satisfies { toasts: Record<string, ToastText> } & Record<string, unknown>;