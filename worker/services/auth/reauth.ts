// The proof of a fresh Google sign-in that lets an account without a password be deleted
// (decision record 0084). The callback of a re-authentication (routes/auth.ts) signs it into an
// HttpOnly cookie; POST /api/account/delete reads it back.
//
// A signed cookie rather than a row: it names the user, the session (the auth_sessions id of the
// device that signed in to Google again) and the Google subject, and expires after
// REAUTH_PROOF_MINUTES. HS256 under the Worker's JWT secret with an audience of its own, so it
// cannot be forged, and neither an access token nor a proof can pass for the other. It is
// single-use without a table: the one thing it allows, recording the deletion, revokes every
// session of the account, the one it is bound to included, so it can never pass the session
// check again (a new sign-in is a new session). A refusal (open orders) leaves it unspent, so the
// person can try again within the ten minutes without a second round trip.
import { jwtVerify, SignJWT } from "jose";
import { MINUTE_MS } from "@shared/constants";
import { REAUTH_PROOF_MINUTES } from "@shared/leaving-api";
import { JWT_ISSUER, secretKey, type TokenEnv } from "./tokens";

export const REAUTH_COOKIE = "bl_reauth";
/** Sent only to /api/account/*: the deletion, and the state /settings reads. */
export const REAUTH_COOKIE_PATH = "/api/account";
export const REAUTH_PROOF_MS = REAUTH_PROOF_MINUTES * MINUTE_MS;
const REAUTH_AUDIENCE = "backline-reauth";

export interface ReauthSubject {
  userId: string;
  sessionId: string;
  /** The Google account that signed in again: the account's link at the time. */
  googleSub: string;
}

/** Signs a proof for `subject`, valid REAUTH_PROOF_MINUTES from `nowMs`. */
export function signReauthProof(env: TokenEnv, subject: ReauthSubject, nowMs: number): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: subject.sessionId, gsub: subject.googleSub })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(subject.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(REAUTH_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + REAUTH_PROOF_MS / 1000)
    .sign(secretKey(env));
}

/**
 * When the presented proof stops working (ms), or null unless it is genuine, unexpired, and names
 * exactly this user, this session and the Google account linked now (a link changed since does
 * not count). Never throws on bad input.
 */
export async function readReauthProof(env: TokenEnv, token: string | undefined, expected: ReauthSubject, nowMs: number): Promise<number | null> {
  if (!token) return null;
  try {
    const { payload } = await jwtVerify(token, secretKey(env), {
      algorithms: ["HS256"],
      issuer: JWT_ISSUER,
      audience: REAUTH_AUDIENCE,
      requiredClaims: ["sub", "sid", "gsub", "exp", "iat"],
      currentDate: new Date(nowMs),
      clockTolerance: 0,
    });
    if (payload.sub !== expected.userId || payload.sid !== expected.sessionId || payload.gsub !== expected.googleSub) return null;
    return (payload.exp ?? 0) * 1000;
  } catch {
    return null;
  }
}
