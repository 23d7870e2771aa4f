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
  /** The product's name beside the logo mark. */
  wordmark: "Backline",
  /** The bottom navigation (first document §2: Home, Search, Upload, Activity, Profile). */
  nav: {
    label: "Main",
    home: "Home",
    search: "Search",
    upload: "Upload",
    activity: "Activity",
    profile: "Profile",
    /** Read after the Activity label: "Activity, 3 unread". */
    unread: (count: number) => `, ${count} unread`,
  },
  /** The signed-in mobile header (first document §2) and its icon links. */
  header: {
    home: "Backline home",
    messages: "Messages",
    messagesUnread: (count: number) => `Messages, ${count} unread`,
    savedPosts: "Saved posts",
    settings: "Settings",
    /** Shown to moderators only (decision record 0083). */
    moderation: "Moderation",
  },
  /** The frame of the pages a visitor may open from a shared link (/post/{id}, /profile/{id}). */
  publicPage: {
    backToFeed: "Back to feed",
    backToHome: "Back to home",
    signIn: "Sign In",
    joinTitle: "Join the people behind the music",
    joinBody: "Sign in to like, comment and follow — or create a free account to share your own work.",
    getStarted: "Get Started",
  },
  /** The theme toggle's name: what pressing it switches to. */
  themeToggle: (to: "light" | "dark") => `Switch to ${to} theme`,
  /** The action of the "App Updated" toast. */
  refreshToUpdate: "Refresh",
} as const satisfies { toasts: Record<string, ToastText> } & Record<string, unknown>;