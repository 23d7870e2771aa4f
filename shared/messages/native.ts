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
  /**
   * /app/auth-return opened in a browser rather than in the app (decision record 0093): the
   * operating system did not hand the link over, so the page offers the app's own link.
   */
  handoff: {
    title: "Finish in the Backline app",
    description: "You signed in with Google in your browser. Open the Backline app to finish signing in there.",
    openApp: "Open Backline",
    stayOnWeb: "Sign in on the web instead",
    /** While the app redeems the code. */
    finishing: "Signing you in…",
    /** The app opened the link but holds no sign-in of its own to finish (started on another device, or long ago). */
    notStartedTitle: "Sign in again",
    notStartedHere: "This sign-in was not started in this app. Please sign in again.",
    backToSignIn: "Back to Sign In",
  },
} as const;
