// Google sign-in inside the native app (decision record 0093; the contract is
// shared/app-handoff-api.ts). Google's pages open in the system browser, whose cookies are not the
// app's, so the WebView starts the flow with a challenge and keeps the verifier behind it; the
// Worker hands the system browser a one-time code for /app/auth-return, the operating system
// hands that link back to the app (web/lib/native-bridge.ts routes it), and the route redeems the
// code here, from the WebView, where the session cookies then land.
//
// In a browser nothing of this runs: "Continue with Google" and "Confirm with Google" stay full
// navigations to the Worker's own flow, whose cookies live in that browser.
import type { QueryClient } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import type { AppHandoffPurpose } from "@shared/app-handoff-api";
import type { ReauthOutcome } from "@shared/leaving-api";
import { ACCOUNT_TEXTS } from "@shared/messages";
import { api, unwrap } from "@web/lib/api-client";
import { isNativeApp, openInSystemBrowser } from "@web/lib/native-bridge";
import { GOOGLE_SIGN_IN_PATH } from "./api";
import { adoptSignIn } from "./hooks";
import { GOOGLE_REAUTH_START, leavingKeys } from "./leaving-api";
import { destinationAfterSignIn } from "./redirect";

/** Where the WebView keeps the verifier while the system browser is on Google's pages. */
const HANDOFF_KEY = "backline:app-handoff";
/** As long as the Worker keeps the flow open (APP_HANDOFF_START_TTL_MS); an older verifier is useless. */
const HANDOFF_MAX_AGE_MS = 10 * 60_000;

interface PendingHandoff {
  purpose: AppHandoffPurpose;
  verifier: string;
  startedAt: number;
}

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** RFC 7636 S256: base64url(SHA-256(verifier)). */
export async function challengeOf(verifier: string): Promise<string> {
  return base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
}

/**
 * A fresh verifier, kept in this WebView's storage (it must outlive the app being sent to the
 * background, or even closed, while the person is on Google's page), and its challenge.
 */
async function beginHandoff(purpose: AppHandoffPurpose, now = Date.now()): Promise<string> {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const pending: PendingHandoff = { purpose, verifier, startedAt: now };
  localStorage.setItem(HANDOFF_KEY, JSON.stringify(pending));
  return challengeOf(verifier);
}

/** Reads and forgets the pending hand-off: a verifier is used once. Null when there is none, or it is too old. */
function takePendingHandoff(now = Date.now()): PendingHandoff | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(HANDOFF_KEY);
    localStorage.removeItem(HANDOFF_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const pending = JSON.parse(raw) as Partial<PendingHandoff>;
    if (typeof pending.verifier !== "string" || (pending.purpose !== "sign_in" && pending.purpose !== "reauth") || typeof pending.startedAt !== "number") return null;
    if (now - pending.startedAt > HANDOFF_MAX_AGE_MS || pending.startedAt > now) return null;
    return { purpose: pending.purpose, verifier: pending.verifier, startedAt: pending.startedAt };
  } catch {
    return null;
  }
}

/**
 * How a Google round trip left: "leaving" when this page is navigating to the Worker's flow (a
 * browser), "outside" when the system browser has it and this screen stays (the app), so the
 * screen can offer the button again should the person come back without finishing.
 */
export type GoogleStart = "leaving" | "outside";

/**
 * "Continue with Google": in a browser, the Worker's own flow in this tab; in the app, a hand-off
 * started from the WebView and finished in the system browser. Rejects when the app's start call
 * fails (the caller shows the server's words).
 */
export async function startGoogleSignIn(): Promise<GoogleStart> {
  if (!isNativeApp()) {
    window.location.assign(GOOGLE_SIGN_IN_PATH);
    return "leaving";
  }
  const challenge = await beginHandoff("sign_in");
  const { url } = await unwrap(api.api.auth.app.google.$post({ json: { challenge } }));
  openInSystemBrowser(url);
  return "outside";
}

/** "Confirm with Google" before deleting the account (decision record 0084), the same two ways. */
export async function startGoogleReauth(): Promise<GoogleStart> {
  if (!isNativeApp()) {
    window.location.assign(GOOGLE_REAUTH_START);
    return "leaving";
  }
  const challenge = await beginHandoff("reauth");
  const { url } = await unwrap(api.api.auth.app.google.reauth.$post({ json: { challenge } }));
  openInSystemBrowser(url);
  return "outside";
}

type Redeemed = InferResponseType<typeof api.api.auth.app.exchange.$post, 200>;

/** Redeems the code from /app/auth-return with the verifier this WebView kept. */
function redeemHandoff(code: string, verifier: string): Promise<Redeemed> {
  return unwrap<Redeemed>(api.api.auth.app.exchange.$post({ json: { code, verifier } }));
}

/** What /app/auth-return carries: the code, or the failure the Worker sent instead. */
export interface AppAuthReturnSearch {
  code?: string;
  /** A sign-in's failure, in the words /auth shows. */
  error?: string;
  /** A re-authentication's outcome other than "confirmed", as /settings shows it. */
  reauth?: ReauthOutcome;
}

/**
 * Where /app/auth-return goes next, or which page it shows: "open_app" when the link opened in a
 * browser (the operating system did not hand it to the app), "not_started" when the app holds no
 * sign-in of its own to finish (it was started elsewhere, or long ago).
 */
export type AppAuthReturn = { go: string } | { show: "open_app" | "not_started" };

/**
 * Finishes a Google round trip the system browser handed back to the app: redeems the code with
 * this WebView's verifier and adopts the session (then /feed, or onboarding first), or keeps the
 * re-authentication's proof (then /settings); a failure goes where the browser's own flow would
 * have sent it, /auth with the error or /settings with the outcome. The pending verifier is
 * forgotten whatever happens.
 */
export async function finishAppAuthReturn(queryClient: QueryClient, search: AppAuthReturnSearch, now = Date.now()): Promise<AppAuthReturn> {
  const pending = takePendingHandoff(now);
  if (search.error) return { go: `/auth?error=${encodeURIComponent(search.error)}` };
  if (search.reauth) return { go: `/settings?reauth=${search.reauth}` };
  if (!search.code) return { go: "/auth" };
  if (!pending) return { show: isNativeApp() ? "not_started" : "open_app" };
  try {
    const result = await redeemHandoff(search.code, pending.verifier);
    if (result.purpose === "reauth") {
      void queryClient.invalidateQueries({ queryKey: leavingKeys.confirmation() });
      return { go: "/settings?reauth=confirmed" };
    }
    const { purpose: _purpose, ...signedIn } = result;
    adoptSignIn(queryClient, signedIn);
    return { go: destinationAfterSignIn("/feed", signedIn.user?.needsOnboarding ?? false) };
  } catch (error) {
    if (pending.purpose === "reauth") return { go: "/settings?reauth=failed" };
    const message = error instanceof Error && error.message ? error.message : ACCOUNT_TEXTS.appHandoffInvalid;
    return { go: `/auth?error=${encodeURIComponent(message)}` };
  }
}
