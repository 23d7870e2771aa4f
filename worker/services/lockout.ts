// Account lockout (spec social-feed-search §9 security settings: maximum login attempts 5,
// lockout 15 minutes; DESIGN.md "Security layer": enforced on the server).
//
// Failed sign-ins are counted per account in the RateLimiter Durable Object, which is exact; the
// lock itself is a KV flag `lock:{email}`, because every sign-in reads it and KV reads are cheap
// and global. KV cannot expire a key sooner than 60 s and tests cannot fast-forward its TTL, so
// the value also carries the lock's end time and isLocked trusts that, not the key's presence.
import { SECURITY_SETTINGS } from "@shared/constants";
import { ACCOUNT_TEXTS } from "@shared/messages";
import { normalizeEmail } from "@shared/rules/email";
import type { Db } from "../db/client";
import { findUserByEmail } from "../db/queries/users";
import type { Bindings } from "../env";
import { ApiError } from "../lib/errors";
import { limiterName } from "./rate-limit";
import { logSecurityEvent } from "./security-events";

type LockoutEnv = Pick<Bindings, "LIMITER" | "KV">;

/** KV's smallest allowed expirationTtl. */
const KV_MIN_TTL_SECONDS = 60;

const LOCKOUT = {
  maxFailures: SECURITY_SETTINGS.maxLoginAttempts,
  windowMs: SECURITY_SETTINGS.lockoutMs,
  lockMs: SECURITY_SETTINGS.lockoutMs,
} as const;

/** Who failed, for the account_locked event. `now` is for tests only. */
export interface LockoutContext {
  ip?: string | null;
  userAgent?: string | null;
  now?: number;
}

export const lockKey = (email: string) => `lock:${normalizeEmail(email)}`;

function failureCounter(env: Pick<Bindings, "LIMITER">, email: string) {
  return env.LIMITER.get(env.LIMITER.idFromName(limiterName("failed_sign_in", normalizeEmail(email))));
}

/**
 * Counts one failed sign-in for an account. The fifth failure inside 15 minutes locks the account
 * for 15 minutes, writes account_locked (high) and starts the count again, so after the lock
 * ends the account has five fresh attempts.
 */
export async function recordFailure(
  env: LockoutEnv,
  db: Db,
  email: string,
  context: LockoutContext = {},
): Promise<{ failures: number; locked: boolean }> {
  const now = context.now ?? Date.now();
  const counter = failureCounter(env, email);
  const { failures, reachedLimit } = await counter.recordFailure(LOCKOUT.maxFailures, LOCKOUT.windowMs, now);
  if (!reachedLimit) return { failures, locked: false };

  const until = now + LOCKOUT.lockMs;
  await env.KV.put(lockKey(email), JSON.stringify({ until }), {
    expirationTtl: Math.max(KV_MIN_TTL_SECONDS, Math.ceil(LOCKOUT.lockMs / 1000)),
  });
  await counter.reset();
  // The event links the account when the address has one; a failed lookup only loses the link.
  const user = await findUserByEmail(db, normalizeEmail(email)).catch(() => null);
  await logSecurityEvent(db, {
    userId: user?.id ?? null,
    eventType: "account_locked",
    severity: "high",
    details: { reason: "failed_sign_ins", failures, lockedForSeconds: Math.ceil(LOCKOUT.lockMs / 1000) },
    ip: context.ip ?? null,
    userAgent: context.userAgent ?? null,
    // An unknown address has no account to link: repeats from one IP collapse (decision record 0022).
    collapse: "lockout",
    now,
  });
  return { failures, locked: true };
}

/** When the account's lock ends, or null when it is not locked. */
export async function lockedUntil(env: Pick<Bindings, "KV">, email: string, now = Date.now()): Promise<number | null> {
  const raw = await env.KV.get(lockKey(email));
  if (raw === null) return null;
  let until: unknown;
  try {
    until = (JSON.parse(raw) as { until?: unknown }).until;
  } catch {
    until = undefined;
  }
  // A value we cannot read still means someone locked the account: honour it for the full period.
  if (typeof until !== "number") return now + LOCKOUT.lockMs;
  return until > now ? until : null;
}

export async function isLocked(env: Pick<Bindings, "KV">, email: string, now = Date.now()): Promise<boolean> {
  return (await lockedUntil(env, email, now)) !== null;
}

/** Throws 423 'Account temporarily locked due to suspicious activity' while the account is locked. */
export async function assertNotLocked(env: Pick<Bindings, "KV">, email: string, now = Date.now()): Promise<void> {
  const until = await lockedUntil(env, email, now);
  if (until === null) return;
  const retryAfterSeconds = Math.max(1, Math.ceil((until - now) / 1000));
  throw new ApiError("locked", ACCOUNT_TEXTS.accountLocked, { retryAfterSeconds }, { "Retry-After": String(retryAfterSeconds) });
}

/** Forgets an account's failed sign-ins (after a successful one). The lock, if any, stays. */
export async function clearFailures(env: Pick<Bindings, "LIMITER">, email: string): Promise<void> {
  await failureCounter(env, email).reset();
}

/** Lifts a lock early, e.g. after a completed password reset. */
export async function unlock(env: Pick<Bindings, "KV">, email: string): Promise<void> {
  await env.KV.delete(lockKey(email));
}
