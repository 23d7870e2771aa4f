// Access tokens (short-lived HS256 JWTs) and opaque random tokens (refresh tokens, email links).
// DESIGN.md "Sessions": the algorithm is pinned, and iss, aud and exp are always checked, so a
// token signed with another algorithm, for another audience, or expired is simply no session.
import { jwtVerify, SignJWT } from "jose";
import { toBase64Url, toHex } from "./encoding";

export const JWT_ISSUER = "backline";
const JWT_AUDIENCE = "backline-web";
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface TokenEnv {
  JWT_SECRET: string;
}

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** The HS256 key of every token this Worker signs; each kind of token has its own audience. */
export function secretKey(env: TokenEnv): Uint8Array {
  // A short secret makes HS256 brute-forceable; refuse to run with one rather than sign weakly.
  if (!env.JWT_SECRET || env.JWT_SECRET.length < 32) throw new Error("JWT_SECRET is missing or shorter than 32 characters");
  return new TextEncoder().encode(env.JWT_SECRET);
}

/** Signs an access token; `nowMs` exists so tests can mint tokens that are already expired. */
export async function signAccessToken(env: TokenEnv, claims: AccessClaims, nowMs = Date.now()): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.userId)
    .setIssuer(JWT_ISSUER)
    .setAudience(JWT_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
    .sign(secretKey(env));
}

/** The claims of a valid access token, or null for anything else (never throws on bad input). */
export async function verifyAccessToken(env: TokenEnv, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(env), {
      algorithms: ["HS256"],
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      requiredClaims: ["sub", "sid", "exp", "iat"],
    });
    if (typeof payload.sub !== "string" || typeof payload.sid !== "string") return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}

/** 32 random bytes, base64url: unguessable tokens for cookies and email links. */
export function randomToken(bytes = 32): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak live tokens. */
export async function sha256Hex(value: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(value));
  return toHex(new Uint8Array(digest));
}
