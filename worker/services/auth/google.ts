// Google sign-in (DESIGN.md "Google sign-in"): arctic's Google client, authorization code flow
// with PKCE, and a random state. Both the state and the PKCE verifier live in short-lived
// HttpOnly cookies scoped to the callback path; the callback compares the state before it spends
// the code. The ID token comes straight from Google's token endpoint over TLS (OpenID Connect
// core §3.1.3.7 lets a client skip its signature check then), but its issuer, audience, expiry
// and email_verified claims are still checked.
import { decodeIdToken, generateCodeVerifier, generateState, Google } from "arctic";
import type { Bindings } from "../../env";

export const GOOGLE_STATE_COOKIE = "bl_google_state";
export const GOOGLE_VERIFIER_COOKIE = "bl_google_verifier";
export const GOOGLE_COOKIE_PATH = "/api/auth/google";
/** Ten minutes to finish the consent screen. */
export const GOOGLE_COOKIE_MAX_AGE = 600;
const GOOGLE_CALLBACK_PATH = "/api/auth/google/callback";
const GOOGLE_ISSUERS = new Set(["https://accounts.google.com", "accounts.google.com"]);

type GoogleEnv = Pick<Bindings, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">;

export function googleConfigured(env: GoogleEnv): boolean {
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

function client(env: GoogleEnv, origin: string): Google {
  return new Google(env.GOOGLE_CLIENT_ID ?? "", env.GOOGLE_CLIENT_SECRET ?? "", `${origin}${GOOGLE_CALLBACK_PATH}`);
}

/** The consent-screen URL plus the state and verifier to keep in cookies until the callback. */
export function startGoogleSignIn(env: GoogleEnv, origin: string): { url: URL; state: string; codeVerifier: string } {
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const url = client(env, origin).createAuthorizationURL(state, codeVerifier, ["openid", "email", "profile"]);
  url.searchParams.set("prompt", "select_account");
  return { url, state, codeVerifier };
}

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string | null;
}

export class GoogleSignInError extends Error {
  constructor(
    readonly reason: "exchange_failed" | "invalid_id_token" | "email_unverified",
    message: string,
  ) {
    super(message);
    this.name = "GoogleSignInError";
  }
}

/** Exchanges the code and returns the verified identity, or throws GoogleSignInError. */
export async function finishGoogleSignIn(env: GoogleEnv, origin: string, code: string, codeVerifier: string): Promise<GoogleIdentity> {
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
  // Linking to an existing account by email is only safe when Google vouches for the address.
  if (typeof claims.email !== "string" || (claims.email_verified !== true && claims.email_verified !== "true")) {
    throw new GoogleSignInError("email_unverified", "Google account email is not verified");
  }
  return { sub: claims.sub, email: claims.email.trim().toLowerCase(), name: typeof claims.name === "string" ? claims.name : null };
}
