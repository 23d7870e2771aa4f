// The credentials FCM and APNs want on every request are short-lived tokens that are slow or
// rationed to make: an OAuth access token costs Google a round trip and lives an hour; Apple
// refuses a provider token refreshed more than once in 20 minutes. Each is kept in KV, shared
// by every isolate, so a queue batch spread over many isolates does not mint one each. KV
// cannot expire a key sooner than 60 s, so the value carries its own end (as lockout.ts does)
// and a read trusts that, not the key's presence.
import type { PushEnv } from "./types";

/** KV's smallest allowed expirationTtl. */
const KV_MIN_TTL_SECONDS = 60;

interface Stored {
  token: string;
  /** The token is used until this time (ms); after it a new one is made. */
  usableUntil: number;
}

/** The cached token under `key`, or null when there is none, it has run out, or KV cannot be read. */
export async function readToken(env: Pick<PushEnv, "KV">, key: string, now = Date.now()): Promise<string | null> {
  try {
    const stored = await env.KV.get<Partial<Stored>>(key, "json");
    return stored && typeof stored.token === "string" && typeof stored.usableUntil === "number" && stored.usableUntil > now ? stored.token : null;
  } catch {
    // A value that is not JSON, or KV failing for a moment: make a new token instead of failing the push.
    return null;
  }
}

/** Keeps `token` under `key` until `usableUntil`. A failed write costs only a new token next time. */
export async function writeToken(env: Pick<PushEnv, "KV">, key: string, token: string, usableUntil: number, now = Date.now()): Promise<void> {
  const stored: Stored = { token, usableUntil };
  await env.KV.put(key, JSON.stringify(stored), { expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.ceil((usableUntil - now) / 1000)) }).catch(() => undefined);
}

/** Forgets the token under `key` (the service refused it). */
export async function dropToken(env: Pick<PushEnv, "KV">, key: string): Promise<void> {
  await env.KV.delete(key).catch(() => undefined);
}
