// Expired refresh tokens, sessions, email tokens, app sign-in hand-offs, old post views and the dev outbox are purged
// by the daily schedule (retention periods in
// decision record 0023); this calls the schedule with a fixed "now" and checks rows before and
// after.
import { env } from "cloudflare:test";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "@shared/constants";
import { dispatchScheduled } from "../../../worker/cron";
import { PURGE_BATCH, PURGE_MAX_BATCHES, purgeInBatches } from "../../../worker/cron/purge-batches";
import { newId } from "../../../worker/db/ids";
import { appHandoffs, authSessions, emailTokens, mailOutbox, posts, postViews, refreshTokens } from "../../../worker/db/schema";
import { createUser, db } from "../helpers";

const NOW = Date.UTC(2031, 4, 6, 4, 0, 0);

async function session(userId: string, opts: { expiresAt: number; revokedAt?: number }) {
  const id = newId();
  await db()
    .insert(authSessions)
    .values({ id, userId, createdAt: NOW - 40 * DAY_MS, lastActiveAt: NOW - 40 * DAY_MS, expiresAt: opts.expiresAt, revokedAt: opts.revokedAt ?? null });
  return id;
}

async function refreshToken(sessionId: string, userId: string, opts: { expiresAt: number; usedAt?: number }) {
  const id = newId();
  await db()
    .insert(refreshTokens)
    .values({ id, sessionId, userId, tokenHash: newId(), createdAt: opts.expiresAt - 30 * DAY_MS, expiresAt: opts.expiresAt, usedAt: opts.usedAt ?? null });
  return id;
}

async function emailToken(userId: string, opts: { expiresAt: number; usedAt?: number }) {
  const id = newId();
  await db()
    .insert(emailTokens)
    .values({ id, userId, purpose: "confirm_email", tokenHash: newId(), expiresAt: opts.expiresAt, usedAt: opts.usedAt ?? null, createdAt: opts.expiresAt - DAY_MS });
  return id;
}

/** A native app sign-in hand-off (decision record 0093), pending or issued. */
async function handoff(userId: string, opts: { expiresAt: number; issued: boolean }) {
  const id = newId();
  await db()
    .insert(appHandoffs)
    .values({
      id,
      purpose: "sign_in",
      ...(opts.issued ? { codeHash: newId(), userId } : { stateHash: newId(), googleVerifier: "v" }),
      challenge: "c".repeat(43),
      createdAt: opts.expiresAt - 60_000,
      expiresAt: opts.expiresAt,
    });
  return id;
}

async function view(postId: string, createdAt: number) {
  const id = newId();
  await db().insert(postViews).values({ id, postId, userId: null, createdAt });
  return id;
}

async function mail(createdAt: number) {
  const id = newId();
  await db().insert(mailOutbox).values({ id, toEmail: "someone@example.test", subject: "s", text: "t", createdAt });
  return id;
}

async function remaining(table: typeof authSessions | typeof refreshTokens | typeof emailTokens | typeof appHandoffs | typeof postViews | typeof mailOutbox, ids: string[]) {
  const rows = await db().select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return rows.map((row) => row.id).sort();
}

describe("the daily purge (0 4 * * *)", () => {
  it("removes expired auth rows, post views past 90 days and outbox mail past a day, and nothing else", async () => {
    const user = await createUser();
    const live = await session(user.id, { expiresAt: NOW + DAY_MS });
    const revokedLive = await session(user.id, { expiresAt: NOW + DAY_MS, revokedAt: NOW - HOUR_MS });
    const expired = await session(user.id, { expiresAt: NOW - 1000 });
    const revokedExpired = await session(user.id, { expiresAt: NOW - 1000, revokedAt: NOW - 10 * DAY_MS });
    const sessions = { keep: [live, revokedLive], drop: [expired, revokedExpired] };

    const tokens = {
      keep: [await refreshToken(live, user.id, { expiresAt: NOW + DAY_MS }), await refreshToken(revokedLive, user.id, { expiresAt: NOW + DAY_MS })],
      drop: [
        // A long-lived session's tokens rotated a month ago: expired, though the session lives on.
        await refreshToken(live, user.id, { expiresAt: NOW - 1000, usedAt: NOW - 31 * DAY_MS }),
        await refreshToken(expired, user.id, { expiresAt: NOW - 1000 }),
      ],
    };
    const links = {
      keep: [await emailToken(user.id, { expiresAt: NOW + HOUR_MS }), await emailToken(user.id, { expiresAt: NOW + HOUR_MS, usedAt: NOW - 1000 })],
      drop: [await emailToken(user.id, { expiresAt: NOW - 1000 }), await emailToken(user.id, { expiresAt: NOW - 1000, usedAt: NOW - HOUR_MS })],
    };
    const handoffs = {
      keep: [await handoff(user.id, { expiresAt: NOW + 1000, issued: true }), await handoff(user.id, { expiresAt: NOW + 1000, issued: false })],
      drop: [await handoff(user.id, { expiresAt: NOW - 1000, issued: true }), await handoff(user.id, { expiresAt: NOW - 1000, issued: false })],
    };

    const postId = newId();
    await db()
      .insert(posts)
      .values({ id: postId, userId: user.id, contentType: "image", mediaKey: `post-images/${postId}.jpg`, mimeType: "image/jpeg", sizeBytes: 1 });
    const views = { keep: [await view(postId, NOW - 89 * DAY_MS), await view(postId, NOW)], drop: [await view(postId, NOW - 91 * DAY_MS)] };
    const outbox = { keep: [await mail(NOW - 23 * HOUR_MS)], drop: [await mail(NOW - 25 * HOUR_MS)] };

    const results = await dispatchScheduled("0 4 * * *", env, NOW);
    expect(results.every((result) => result.ok)).toBe(true);

    expect(await remaining(authSessions, [...sessions.keep, ...sessions.drop])).toEqual([...sessions.keep].sort());
    expect(await remaining(refreshTokens, [...tokens.keep, ...tokens.drop])).toEqual([...tokens.keep].sort());
    expect(await remaining(emailTokens, [...links.keep, ...links.drop])).toEqual([...links.keep].sort());
    expect(await remaining(appHandoffs, [...handoffs.keep, ...handoffs.drop])).toEqual([...handoffs.keep].sort());
    expect(await remaining(postViews, [...views.keep, ...views.drop])).toEqual([...views.keep].sort());
    expect(await remaining(mailOutbox, [...outbox.keep, ...outbox.drop])).toEqual([...outbox.keep].sort());
    // The post itself and its owner are untouched.
    expect(await db().select({ id: posts.id }).from(posts).where(inArray(posts.id, [postId]))).toHaveLength(1);
  });
});

describe("purging in batches", () => {
  it("repeats full batches until one comes back short, and stops at the per-run cap", async () => {
    const sizes = [PURGE_BATCH, PURGE_BATCH, 3];
    const asked: number[] = [];
    expect(await purgeInBatches(async (limit) => (asked.push(limit), sizes.shift()!))).toBe(2 * PURGE_BATCH + 3);
    expect(asked).toEqual([PURGE_BATCH, PURGE_BATCH, PURGE_BATCH]);

    let calls = 0;
    expect(await purgeInBatches(async (limit) => (calls++, limit))).toBe(PURGE_MAX_BATCHES * PURGE_BATCH);
    expect(calls).toBe(PURGE_MAX_BATCHES);
  });

  it.each([
    ["auth_sessions", "expires_at", "auth_sessions_expires_idx"],
    ["refresh_tokens", "expires_at", "refresh_tokens_expires_idx"],
    ["email_tokens", "expires_at", "email_tokens_expires_idx"],
    ["post_views", "created_at", "post_views_created_idx"],
    ["mail_outbox", "created_at", "mail_outbox_created_idx"],
  ])("finds the %s rows to delete through an index, not a scan", async (table, column, index) => {
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN SELECT id FROM ${table} WHERE ${column} < ?1 LIMIT 1000`)
      .bind(NOW)
      .all<{ detail: string }>();
    expect(results.map((row) => row.detail).join("\n")).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}\\b`));
  });
});
