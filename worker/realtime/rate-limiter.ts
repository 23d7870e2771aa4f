// The exact rate limiter (DESIGN.md "Exact rate limits"; docs/decisions/0004-rate-limits.md).
//
// One instance per rule and subject, named `${rule}:${subject}` (e.g. "sign_in:ip:203.0.113.9"),
// so every counter lives in exactly one single-threaded object and no two requests can both see
// "4 of 5 used" and both proceed. The object keeps an exact sliding-window log: one row per
// allowed attempt, in its private SQLite database. The SQLite API is synchronous, so each method
// below reads, decides and writes without an await in between and is atomic by construction.
//
// Storage stays bounded: a window never holds more rows than its limit (refused attempts are not
// stored), expired rows are pruned on every call, and an alarm set for the moment the last row
// expires deletes the whole object's storage, so an idle limiter costs nothing.
//
// Every method takes an optional `now`. Production code never passes it; tests do, to prove
// "5th allowed, 6th refused, allowed again after the window" without waiting 15 minutes. Tests
// should inject times at or after the real clock, because the alarm runs on the real clock.
import { DurableObject } from "cloudflare:workers";
import type { Bindings } from "../env";

export interface ConsumeResult {
  allowed: boolean;
  /** Attempts still allowed in the current window after this one. */
  remaining: number;
  /** 0 when allowed; otherwise how long until the oldest counted attempt leaves the window. */
  retryAfterMs: number;
  /** Attempts counted in the window after this call. */
  count: number;
  /**
   * True only for the first refusal of a blocked period, so a caller can log one
   * rate_limit_exceeded event per period instead of one per hammering request.
   */
  firstRefusal: boolean;
}

export interface FailureResult {
  /** Failures inside the window, this one included. */
  failures: number;
  /** True when this failure brought the count to the limit. */
  reachedLimit: boolean;
}

export interface GuardOptions {
  /** Calls are counted inside this window... */
  callWindowMs: number;
  /** ...and more than this many of them raises one suspicion flag. */
  maxCalls: number;
  /** Flags are remembered this long... */
  flagWindowMs: number;
  /** ...and more than this many of them blocks the subject... */
  maxFlags: number;
  /** ...for this long. */
  blockMs: number;
}

export interface GuardResult {
  blocked: boolean;
  /** 0 unless blocked. */
  retryAfterMs: number;
  /** Flags currently remembered (0 once a block starts). */
  flags: number;
  /** True when this call raised a flag. */
  flagged: boolean;
}

type Row = Record<string, number | null>;

export class RateLimiter extends DurableObject<Bindings> {
  private ready = false;

  /** Tables are (re)created lazily, because deleteAll() drops them along with the data. */
  private schema() {
    if (this.ready) return;
    this.ctx.storage.sql.exec(
      `CREATE TABLE IF NOT EXISTS hits (ts INTEGER NOT NULL);
       CREATE INDEX IF NOT EXISTS hits_ts ON hits (ts);
       CREATE TABLE IF NOT EXISTS flags (ts INTEGER NOT NULL);
       CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL);`,
    );
    this.ready = true;
  }

  private one(query: string, ...bindings: unknown[]): Row {
    return this.ctx.storage.sql.exec<Row>(query, ...bindings).one();
  }

  private getMeta(key: string): number | null {
    const rows = this.ctx.storage.sql.exec<{ v: number }>("SELECT v FROM meta WHERE k = ?", key).toArray();
    return rows[0]?.v ?? null;
  }

  private setMeta(key: string, value: number) {
    this.ctx.storage.sql.exec("INSERT INTO meta (k, v) VALUES (?, ?) ON CONFLICT (k) DO UPDATE SET v = excluded.v", key, value);
  }

  /**
   * Pushes the clean-up alarm out to when everything stored so far has expired. The horizon is
   * kept in the caller's clock (`expires_at`) and converted to a delay, so an injected clock in a
   * test never schedules an alarm in the past.
   */
  private async keepUntil(expiresAt: number, now: number) {
    const current = this.getMeta("expires_at");
    const horizon = Math.max(current ?? 0, expiresAt);
    if (current !== horizon) this.setMeta("expires_at", horizon);
    await this.ctx.storage.setAlarm(Date.now() + Math.max(0, horizon - now) + 1000);
  }

  private window(limit: number, windowMs: number, now: number) {
    checkPositive(limit, "limit");
    checkPositive(windowMs, "windowMs");
    this.schema();
    // A row counts while now - windowMs < ts, so an attempt becomes free again exactly at
    // ts + windowMs, which is what retryAfterMs promises.
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE ts <= ?", now - windowMs);
    const { count, oldest } = this.one("SELECT COUNT(*) AS count, MIN(ts) AS oldest FROM hits");
    return { count: count ?? 0, oldest: oldest ?? now };
  }

  /** Counts one attempt if the window has room; refused attempts are not stored. */
  async consume(limit: number, windowMs: number, now: number = Date.now()): Promise<ConsumeResult> {
    const { count, oldest } = this.window(limit, windowMs, now);
    if (count < limit) {
      this.ctx.storage.sql.exec("INSERT INTO hits (ts) VALUES (?)", now);
      await this.keepUntil(now + windowMs, now);
      return { allowed: true, remaining: limit - count - 1, retryAfterMs: 0, count: count + 1, firstRefusal: false };
    }
    const freeAt = oldest + windowMs;
    const reportedUntil = this.getMeta("refusal_reported_until");
    const firstRefusal = reportedUntil === null || reportedUntil <= now;
    if (firstRefusal) this.setMeta("refusal_reported_until", freeAt);
    return { allowed: false, remaining: 0, retryAfterMs: Math.max(1, freeAt - now), count, firstRefusal };
  }

  /** What consume would answer, without counting anything. */
  async peek(limit: number, windowMs: number, now: number = Date.now()): Promise<Omit<ConsumeResult, "firstRefusal">> {
    const { count, oldest } = this.window(limit, windowMs, now);
    const allowed = count < limit;
    return {
      allowed,
      remaining: Math.max(0, limit - count),
      retryAfterMs: allowed ? 0 : Math.max(1, oldest + windowMs - now),
      count,
    };
  }

  /**
   * Records one failure (always stored, unlike consume) and reports whether the window now holds
   * `limit` of them. Only the newest `limit` rows are kept: more cannot change the answer.
   */
  async recordFailure(limit: number, windowMs: number, now: number = Date.now()): Promise<FailureResult> {
    this.window(limit, windowMs, now);
    this.ctx.storage.sql.exec("INSERT INTO hits (ts) VALUES (?)", now);
    this.ctx.storage.sql.exec("DELETE FROM hits WHERE rowid NOT IN (SELECT rowid FROM hits ORDER BY ts DESC LIMIT ?)", limit);
    const failures = this.one("SELECT COUNT(*) AS n FROM hits").n ?? 0;
    await this.keepUntil(now + windowMs, now);
    return { failures, reachedLimit: failures >= limit };
  }

  /**
   * The login guard of spec §9: every sign-in call is counted; a call that finds more than
   * `maxCalls` calls inside `callWindowMs` raises a flag; more than `maxFlags` flags inside
   * `flagWindowMs` blocks the subject for `blockMs`. Calls made while blocked are refused and
   * not counted.
   */
  async guard(options: GuardOptions, now: number = Date.now()): Promise<GuardResult> {
    const { callWindowMs, maxCalls, flagWindowMs, maxFlags, blockMs } = options;
    for (const [name, value] of Object.entries(options)) checkPositive(value, name);
    this.schema();
    const blockedUntil = this.getMeta("blocked_until");
    if (blockedUntil !== null && blockedUntil > now) {
      return { blocked: true, retryAfterMs: blockedUntil - now, flags: 0, flagged: false };
    }
    const sql = this.ctx.storage.sql;
    sql.exec("DELETE FROM hits WHERE ts <= ?", now - callWindowMs);
    sql.exec("INSERT INTO hits (ts) VALUES (?)", now);
    // Only "more than maxCalls" matters, so maxCalls + 1 rows are enough to keep.
    sql.exec("DELETE FROM hits WHERE rowid NOT IN (SELECT rowid FROM hits ORDER BY ts DESC LIMIT ?)", maxCalls + 1);
    const calls = this.one("SELECT COUNT(*) AS n FROM hits").n ?? 0;
    const flagged = calls > maxCalls;
    sql.exec("DELETE FROM flags WHERE ts <= ?", now - flagWindowMs);
    if (flagged) sql.exec("INSERT INTO flags (ts) VALUES (?)", now);
    const flags = this.one("SELECT COUNT(*) AS n FROM flags").n ?? 0;
    if (flags > maxFlags) {
      // The block replaces the evidence: once it ends the subject starts from a clean slate.
      sql.exec("DELETE FROM hits");
      sql.exec("DELETE FROM flags");
      this.setMeta("blocked_until", now + blockMs);
      await this.keepUntil(now + blockMs, now);
      return { blocked: true, retryAfterMs: blockMs, flags: 0, flagged };
    }
    await this.keepUntil(now + Math.max(callWindowMs, flags > 0 ? flagWindowMs : 0), now);
    return { blocked: false, retryAfterMs: 0, flags, flagged };
  }

  /** Forgets everything: used after a successful sign-in and by tests. */
  async reset(): Promise<void> {
    await this.ctx.storage.deleteAlarm();
    await this.ctx.storage.deleteAll();
    this.ready = false;
  }

  /** Rows currently stored, for tests that prove storage stays bounded. */
  async storedRows(): Promise<number> {
    this.schema();
    return (this.one("SELECT (SELECT COUNT(*) FROM hits) + (SELECT COUNT(*) FROM flags) AS n").n ?? 0) as number;
  }

  /** Everything stored has expired by now (the alarm is always pushed to the latest expiry). */
  override async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
    this.ready = false;
  }
}

function checkPositive(value: number, name: string) {
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`RateLimiter: ${name} must be a positive number`);
}
