// Exact rate limits on the server (spec social-feed-search §8 'Too Many Attempts' / 'Upload Limit
// Reached', §9 limits and login guard; DESIGN.md "Exact rate limits", "Security layer").
//
// Each rule+subject pair is one RateLimiter Durable Object (worker/realtime/rate-limiter.ts), so
// counts are exact under any concurrency. See docs/decisions/0004-rate-limits.md.
import { LOGIN_GUARD, SECURITY_SETTINGS } from "@shared/constants";
import { ACCOUNT_TEXTS, SECURITY_TEXTS } from "@shared/messages";
import { minutesToWait, RULES, type RateLimitRuleName } from "@shared/rate-limit-rules";
import type { Db } from "../db/client";
import type { Bindings, Ctx } from "../env";
import { ApiError } from "../lib/errors";
import { ipClient } from "../lib/ip";
import { logger } from "../lib/logger";
import { logSecurityEvent, type SecurityEventInput } from "./security-events";
import { rateSubject } from "./subjects";

export { type RateLimitRuleName } from "@shared/rate-limit-rules";
export { rateSubject } from "./subjects";

type LimiterEnv = Pick<Bindings, "LIMITER">;

export interface RateLimitResult {
  allowed: boolean;
  remaining: number;
  retryAfterMs: number;
}

/** Who triggered a check, for the security event a refusal writes. `now` is for tests only. */
export interface RateLimitContext {
  userId?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  now?: number;
}

/**
 * Limiter names: the rule and the subject, trimmed and lowercased so "Ana@Example.com" cannot
 * open a second window.
 */
export function limiterName(rule: string, subject: string): string {
  return `${rule}:${subject.trim().toLowerCase()}`;
}

function limiter(env: Pick<Bindings, "LIMITER">, name: string) {
  return env.LIMITER.get(env.LIMITER.idFromName(name));
}

/** Counts one attempt for one subject and says whether it was allowed. */
export async function consume(
  env: Pick<Bindings, "LIMITER">,
  rule: RateLimitRuleName,
  subject: string,
  now?: number,
): Promise<RateLimitResult> {
  const { limit, windowMs } = RULES[rule];
  const result = await limiter(env, limiterName(rule, subject)).consume(limit, windowMs, now);
  return { allowed: result.allowed, remaining: result.remaining, retryAfterMs: result.retryAfterMs };
}

/** What the next consume would answer, without counting (tests and diagnostics). */
export async function peek(
  env: Pick<Bindings, "LIMITER">,
  rule: RateLimitRuleName,
  subject: string,
  now?: number,
): Promise<RateLimitResult & { count: number }> {
  const { limit, windowMs } = RULES[rule];
  return limiter(env, limiterName(rule, subject)).peek(limit, windowMs, now);
}

/** Forgets a subject's attempts under one rule. */
export async function reset(env: Pick<Bindings, "LIMITER">, rule: RateLimitRuleName, subject: string): Promise<void> {
  await limiter(env, limiterName(rule, subject)).reset();
}

/** The error a refused request answers with: the spec's texts, minutes rounded up. */
function rateLimitError(rule: RateLimitRuleName, retryAfterMs: number): ApiError {
  const minutes = minutesToWait(retryAfterMs);
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const toast = rule === "upload" || rule === "avatar_upload" || rule === "delivery_file" ? SECURITY_TEXTS.uploadLimitReached(minutes) : SECURITY_TEXTS.tooManyAttempts(minutes);
  return new ApiError(
    "rate_limited",
    toast.description ?? toast.title,
    { title: toast.title, retryAfterSeconds },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

function subjectValue(subjects: string[], kind: string): string | undefined {
  const prefix = `${kind}:`;
  return subjects.find((s) => s.startsWith(prefix))?.slice(prefix.length);
}

/**
 * Consumes one attempt for every subject (built with rateSubject) and answers how long to wait,
 * or null when every subject was within its limit. The first refusal of each blocked period
 * writes one rate_limit_exceeded event (medium); later refusals in the same period write nothing,
 * so a client hammering a limit cannot fill the events table.
 */
async function consumeAll(
  env: LimiterEnv,
  db: Db,
  rule: RateLimitRuleName,
  subjects: string[],
  context: RateLimitContext,
  ip: string | null,
): Promise<{ retryAfterMs: number } | null> {
  const { limit, windowMs } = RULES[rule];
  const unique = [...new Set(subjects.map((s) => limiterName(rule, s)))];
  const results = await Promise.all(unique.map((name) => limiter(env, name).consume(limit, windowMs, context.now)));
  const refused = results.flatMap((r, i) => (r.allowed ? [] : [{ name: unique[i]!, ...r }]));
  if (refused.length === 0) return null;
  const retryAfterMs = Math.max(...refused.map((r) => r.retryAfterMs));
  if (refused.some((r) => r.firstRefusal)) {
    await logSecurityEvent(db, {
      userId: context.userId ?? subjectValue(subjects, "user") ?? null,
      eventType: "rate_limit_exceeded",
      severity: "medium",
      details: { rule, subjects: refused.map((r) => r.name.slice(rule.length + 1)), retryAfterSeconds: Math.ceil(retryAfterMs / 1000) },
      ip,
      userAgent: context.userAgent ?? null,
      collapse: `rate_limit:${rule}`,
      ...(context.now !== undefined ? { now: context.now } : {}),
    });
  }
  return { retryAfterMs };
}

/**
 * Consumes one attempt for every subject (built with rateSubject) and throws 429 when any of them
 * is over its limit (see consumeAll for the event a refusal writes).
 *
 * For sign_in with both an `ip:` and an `email:` subject, the login guard (see guardSignIn) runs
 * first, so every sign-in call is seen by it, including calls the limit refuses.
 */
export async function enforce(
  env: LimiterEnv,
  db: Db,
  rule: RateLimitRuleName,
  subjects: string[],
  context: RateLimitContext = {},
): Promise<void> {
  const ip = context.ip ?? subjectValue(subjects, "ip") ?? null;
  if (rule === "sign_in") {
    const email = subjectValue(subjects, "email");
    if (ip && email) await guardSignIn(env, db, ip, email, context);
  }
  const refused = await consumeAll(env, db, rule, subjects, context, ip);
  if (refused) throw rateLimitError(rule, refused.retryAfterMs);
}

/** What the request helpers below read from the request context. */
type LimitCtx = Pick<Ctx, "env" | "db" | "ip" | "userAgent">;

/** enforce() on the signed-in user's own budget for one rule, with who asked for the event a refusal writes. */
export function limitUser(ctx: LimitCtx, rule: RateLimitRuleName, userId: string): Promise<void> {
  return enforce(ctx.env, ctx.db, rule, [rateSubject("user", userId)], { userId, ip: ctx.ip, userAgent: ctx.userAgent });
}

/**
 * enforce() on other subjects (the caller's IP, an email address, both), for requests made before
 * anyone is signed in, or for a visitor.
 */
export function limitSubjects(ctx: LimitCtx, rule: RateLimitRuleName, subjects: string[], userId: string | null = null): Promise<void> {
  return enforce(ctx.env, ctx.db, rule, subjects, { userId, ip: ctx.ip, userAgent: ctx.userAgent });
}

/**
 * Like enforce, but answers false instead of throwing: for work a limit should silently skip
 * while the request itself answers as usual (a visitor's security event).
 */
async function withinLimit(
  env: LimiterEnv,
  db: Db,
  rule: RateLimitRuleName,
  subjects: string[],
  context: RateLimitContext = {},
): Promise<boolean> {
  const ip = context.ip ?? subjectValue(subjects, "ip") ?? null;
  return (await consumeAll(env, db, rule, subjects, context, ip)) === null;
}

/**
 * Writes a security event for a visitor who is not signed in (a sign-out without a session, a
 * Google callback whose state does not match): at most RULES.visitor_event per IP, and repeats
 * collapse into one counted row per window (services/security-events.ts). Over the limit the
 * event is dropped; the first refusal is itself recorded once as rate_limit_exceeded.
 */
export async function logVisitorEvent(
  env: LimiterEnv,
  db: Db,
  path: string,
  event: Omit<SecurityEventInput, "userId" | "collapse">,
): Promise<void> {
  const context = { ip: event.ip ?? null, userAgent: event.userAgent ?? null, ...(event.now !== undefined ? { now: event.now } : {}) };
  let allowed: boolean;
  try {
    allowed = await withinLimit(env, db, "visitor_event", [rateSubject("ip", event.ip ?? null)], context);
  } catch (error) {
    // Like logSecurityEvent, this must never turn the request into a 500. Without the limiter the
    // event is still written: collapsing alone bounds it to one row per IP and window.
    logger.warn("visitor event limit unavailable", { eventType: event.eventType, error });
    allowed = true;
  }
  if (!allowed) return;
  await logSecurityEvent(db, { ...event, userId: null, collapse: path });
}

/**
 * The login guard of spec §9, on the server and per client+account (IP and email together, the
 * closest server-side match to one browser signing in to one account): more than 5 sign-in calls
 * in 5 minutes raises a suspicion flag; more than 3 flags within the lockout period (15 minutes)
 * blocks that IP+email for 15 minutes with 423 'Account temporarily locked due to suspicious
 * activity'. Each flag writes suspicious_login_attempt (medium); the block writes account_locked
 * (high).
 */
export async function guardSignIn(
  env: LimiterEnv,
  db: Db,
  ip: string,
  email: string,
  context: RateLimitContext = {},
): Promise<void> {
  const name = limiterName("login_guard", `${ipClient(ip)}|${email}`);
  const result = await limiter(env, name).guard(
    {
      callWindowMs: LOGIN_GUARD.windowMs,
      maxCalls: LOGIN_GUARD.maxCallsPerWindow,
      flagWindowMs: SECURITY_SETTINGS.lockoutMs,
      maxFlags: LOGIN_GUARD.maxFlags,
      blockMs: SECURITY_SETTINGS.lockoutMs,
    },
    context.now,
  );
  const meta = {
    userId: context.userId ?? null,
    ip,
    userAgent: context.userAgent ?? null,
    ...(context.now !== undefined ? { now: context.now } : {}),
  };
  if (result.flagged && !result.blocked) {
    await logSecurityEvent(db, {
      ...meta,
      eventType: "suspicious_login_attempt",
      severity: "medium",
      details: { reason: "login_guard", email: email.trim().toLowerCase(), flags: result.flags },
      collapse: "login_guard",
    });
  }
  if (!result.blocked) return;
  if (result.flagged) {
    // This call started the block; later refused calls write nothing more.
    await logSecurityEvent(db, {
      ...meta,
      eventType: "account_locked",
      severity: "high",
      details: { reason: "login_guard", email: email.trim().toLowerCase(), lockedForSeconds: Math.ceil(result.retryAfterMs / 1000) },
      collapse: "login_guard",
    });
  }
  const retryAfterSeconds = Math.max(1, Math.ceil(result.retryAfterMs / 1000));
  throw new ApiError("locked", ACCOUNT_TEXTS.accountLocked, { retryAfterSeconds }, { "Retry-After": String(retryAfterSeconds) });
}
