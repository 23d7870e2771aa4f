import { SHELL_TEXTS } from "./shell";

/**
 * The native app's offline page (decision record 0043): what the app shows when it cannot reach
 * the origin it loads. The title is the shell's offline toast; the rest is ours.
 */
export const NATIVE_TEXTS = {
  offline: {
    title: SHELL_TEXTS.toasts.offline.title,
    description: "Backline needs a connection to open. Check your Wi-Fi or mobile data, then try again.",
    retry: "Try Again",
  },
} as const;