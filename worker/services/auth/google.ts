// Google sign-in (DESIGN.md "Google sign-in"): arctic's Google client, authorization code flow
// with PKCE, and a random state. Both the state and the PKCE verifier live in short-lived
// HttpOnly cookies scoped to the callback path; the callback compares the state before it spends
// the code. The ID token comes straight from Google's token endpoint over TLS (OpenID Connect
// core §3.1.3.7 lets a client skip its signature check then), but its issuer, audience, expiry
// and email_verified claims are still checked.
//
// The same flow also re-authenticates a signed-in user before deleting the account (decision
// record 0084): `prompt=login` and `max_age` make Google ask for the sign-in again, and the ID
// token's auth_time says when it did. Which flow a callback finishes is read from the state
// cookie (a re-authentication's state starts with "reauth."), never from the query, so a code
// obtained in one flow cannot be finished as the other.
//
// A flow started in the native app (decision record 0093) finishes in the system browser, which
// has none of the app's cookies: its state and verifier live in a row (services/auth/app-handoff.ts)
// and its state starts with "app.", which sends the callback there.
import { decodeIdToken, generateCodeVerifier, generateState, Google } from "arctic";
import type { Bindings } from "../../env";

export const GOOGLE_STATE_COOKIE = "bl_google_state";
export const GOOGLE_VERIFIER_COOKIE = "bl_google_verifier";
export const GOOGLE_COOKIE_PATH = "/api/auth/google";
/** Ten minutes to finish the consent screen. */
export const GOOGLE_COOKIE_MAX_AGE = 600;
/** A re-authentication's third cookie: the session that asked, which the callback must still be. */
export const GOOGLE_REAUTH_COOKIE = "bl_google_reauth";
/** Google's sign-in must be at most this old when a re-authentication finishes (and `max_age` asks for it). */
const REAUTH_MAX_AGE_SECONDS = 300;
/** Clock difference tolerated between Google and us on auth_time. */
const AUTH_TIME_SKEW_SECONDS = 60;
const REAUTH_STATE_PREFIX = "reauth.";
const APP_STATE_PREFIX = "app.";
const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";
const GOOGLE_ISSUERS = new Set(["https://accounts.google.com", "accounts.google.com"]);

type GoogleEnv = Pick<Bindings, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">;

export function googleConfigured(env: GoogleEnv): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

function client(env: GoogleEnv, origin: string): Google {
  return new Google(env.GOOGLE_CLIENT_ID ?? "", env.GOOGLE_CLIENT_SECRET ?? "", `${origin}${GOOGLE_CALLBACK_PATH}`);
}

interface GoogleStart {
  url: URL;
  state: string;
  codeVerifier: string;
}

/** A sign-in's consent screen under `state`. */
function signInUrl(env: GoogleEnv, origin: string, state: string): GoogleStart {
  const codeVerifier = generateCodeVerifier();
  const url = client(env, origin).createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]);
  url.searchParams.set("prompt", "select_account");
  return { url, state, codeVerifier };
}

/**
 * A re-authentication's consent screen under `state`: Google asks for the sign-in again
 * (`prompt=login`, `max_age`), offering the linked account first (`login_hint` takes Google's
 * subject id).
 */
function reauthUrl(env: GoogleEnv, origin: string, state: string, linkedSub: string): GoogleStart {
  const codeVerifier = generateCodeVerifier();
  const url = client(env, origin).createAuthorizationURL(state, codeVerifier, ["openid", "email"]);
  url.searchParams.set("prompt", "login");
  url.searchParams.set("max_age", String(REAUTH_MAX_AGE_SECONDS));
  url.searchParams.set("login_hint", linkedSub);
  return { url, state, codeVerifier };
}

/** The consent-screen URL plus the state and verifier to keep in cookies until the callback. */
export function startGoogleSignIn(env: GoogleEnv, origin: string): GoogleStart {
  return signInUrl(env, origin, generateState());
}

/** The consent-screen URL of a re-authentication, with the state and verifier for cookies. */
export function startGoogleReauth(env: GoogleEnv, origin: string, linkedSub: string): GoogleStart {
  // arctic's state is base64url, which has no ".", so no sign-in state can start with the prefix.
  return reauthUrl(env, origin, `${REAUTH_STATE_PREFIX}${generateState()}`, linkedSub);
}

/**
 * The consent screen of a sign-in or re-authentication started in the native app (decision record
 * 0093). The system browser that finishes it holds none of our cookies, so the state and verifier
 * are kept in an app_handoffs row instead; the state's prefix only tells the callback to look there.
 */
export function startGoogleForApp(env: GoogleEnv, origin: string, flow: { purpose: "sign_in" } | { purpose: "reauth"; linkedSub: string }): GoogleStart {
  const state = `${APP_STATE_PREFIX}${generateState()}`;
  return flow.purpose === "sign_in" ? signInUrl(env, origin, state) : reauthUrl(env, origin, state, flow.linkedSub);
}

/**
 * True for the state of a flow started in the app. Read from Google's echo in the query, which
 * anyone can write: it decides only where the callback looks for its record (the app_handoffs
 * row rather than the cookies), and the row, if there is one, decides the rest.
 */
export function isAppState(state: string): boolean {
  return state.startsWith(APP_STATE_PREFIX);
}

/** Which flow a state (from our own cookie, already compared with Google's echo) belongs to. */
export function googleFlowOf(state: string): "sign_in" | "reauth" {
  return state.startsWith(REAUTH_STATE_PREFIX) ? "reauth" : "sign_in";
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
}

export class GoogleSignInError extends Error {
  constructor(
    readonly reason: "exchange_failed" | "invalid_id_token" | "email_unverified" | "stale_auth_time",
    message: string,
  ) {
    super(message);
    this.name = "GoogleSignInError";
  }
}

/** Exchanges the code and returns the ID token's claims once issuer, audience, expiry and subject hold. */
async function exchangeCode(env: GoogleEnv, origin: string, code: string, codeVerifier: string): Promise<Record<string, unknown> & { sub: string }> {
  let idToken: string;
  try {
    const tokens = await client(env, origin).validateAuthorizationCode(code, codeVerifier);
    idToken = tokens.idToken();
  } catch (error) {
    throw new GoogleSignInError("exchange_failed", `token exchange failed: ${String(error)}`);
  }
  let claims: Record<string, unknown>;
  try {
    claims = decodeIdToken(idToken) as Record<string, unknown>;
  } catch {
    throw new GoogleSignInError("invalid_id_token", "ID token could not be decoded");
  }
  const audience = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  const nowSeconds = Math.floor(Date.now() / 1000);
  if (
    typeof claims.iss !== "string" ||
    !GOOGLE_ISSUERS.has(claims.iss) ||
    !audience.includes(env.GOOGLE_CLIENT_ID) ||
    typeof claims.exp !== "number" ||
    claims.exp < nowSeconds ||
    typeof claims.sub !== "string" ||
    claims.sub.length === 0
  ) {
    throw new GoogleSignInError("invalid_id_token", "ID token claims are not valid for this client");
  }
  return { ...claims, sub: claims.sub };
}

/** Exchanges the code and returns the verified identity, or throws GoogleSignInError. */
export async function finishGoogleSignIn(env: GoogleEnv, origin: string, code: string, codeVerifier: string): Promise<GoogleIdentity> {
  const claims = await exchangeCode(env, origin, code, codeVerifier);
  // Linking to an existing account by email is only safe when Google vouches for the address.
  if (typeof claims.email !== "string" || (claims.email_verified !== true && claims.email_verified !== "true")) {
    throw new GoogleSignInError("email_unverified", "Google account email is not verified");
  }
  return { sub: claims.sub, email: claims.email.trim().toLowerCase(), name: typeof claims.name === "string" ? claims.name : null };
}

/**
 * Finishes a re-authentication: the Google account that signed in (`sub`) and when, or throws
 * GoogleSignInError. No email is needed (the subject decides whose account it is), but the
 * sign-in must be fresh: a missing auth_time, or one older than REAUTH_MAX_AGE_SECONDS, is a
 * session Google merely resumed, which proves nothing about who holds the device now.
 */
export async function finishGoogleReauth(env: GoogleEnv, origin: string, code: string, codeVerifier: string, nowMs: number): Promise<{ sub: string; authTime: number }> {
  const claims = await exchangeCode(env, origin, code, codeVerifier);
  const nowSeconds = Math.floor(nowMs / 1000);
  const authTime = typeof claims.auth_time === "number" ? claims.auth_time : Number.NaN;
  if (!(authTime >= nowSeconds - REAUTH_MAX_AGE_SECONDS && authTime <= nowSeconds + AUTH_TIME_SKEW_SECONDS)) {
    throw new GoogleSignInError("stale_auth_time", "ID token auth_time is missing or not recent");
  }
  return { sub: claims.sub, authTime };
}
