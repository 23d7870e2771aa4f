// Trending topics (spec §7 update_hashtag_trending_scores and hashtags by trending_score, §9
// trending topics; decision record 0032): the 15-minute job with a controlled clock, and the list
// the Tags tab reads.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY_MS, HOUR_MS } from "@shared/constants";
import type { TrendingTopics } from "@shared/search-api";
import { CRON_JOBS, dispatchScheduled } from "../../../worker/cron";
import { decayedScore, rawTrendingScore, TRENDING_HALF_LIFE_MS, updateHashtagTrendingScores } from "../../../worker/cron/hashtag-trending";
import { hashtagAuthorCountsSql } from "../../../worker/db/queries/trending";
import { hashtags, postHashtags } from "../../../worker/db/schema";
import { api, createUser, db, insertHashtag, insertPost, json, signedInUser, type SignedInUser } from "../helpers";

let viewer: SignedInUser;
beforeAll(async () => {
  viewer = await signedInUser();
});

/** `authors` distinct people each post the tag once at `at`. */
async function tagPosts(hashtagId: string, authors: number, at: number) {
  for (let i = 0; i < authors; i += 1) {
    const author = await createUser();
    const postId = await insertPost(author.id, { createdAt: at });
    await db().insert(postHashtags).values({ postId, hashtagId });
  }
}

async function scoreOf(id: string) {
  const [row] = await db().select({ score: hashtags.trendingScore }).from(hashtags).where(eq(hashtags.id, id));
  return row!.score;
}

const run = (now: number) => updateHashtagTrendingScores({ db: db(), now });

describe("the formula", () => {
  it("scores (observed − expected)² / expected only when more authors than usual use a tag", () => {
    expect(rawTrendingScore(5, 0)).toBe(16);
    expect(rawTrendingScore(5, 1)).toBe(16);
    expect(rawTrendingScore(12, 4)).toBe(16);
    expect(rawTrendingScore(10, 10)).toBe(0);
    expect(rawTrendingScore(3, 8)).toBe(0);
    // One voice is not a trend, however often it posts.
    expect(rawTrendingScore(1, 0)).toBe(0);
  });

  it("halves a score every half-life", () => {
    expect(decayedScore(16, 0, TRENDING_HALF_LIFE_MS)).toBe(8);
    expect(decayedScore(16, 0, 3 * TRENDING_HALF_LIFE_MS)).toBe(2);
    expect(decayedScore(16, 100, 100)).toBe(16);
  });
});

describe("the trending job", () => {
  it("is registered every 15 minutes", () => {
    expect(CRON_JOBS["*/15 * * * *"].map((job) => job.name)).toContain("hashtag-trending");
  });

  it("ranks a tag that suddenly spikes above one that is always big", async () => {
    const now = Date.UTC(2030, 0, 10, 12);
    const steady = await insertHashtag("alwaysbigtag");
    const spike = await insertHashtag("suddenspiketag");
    const solo = await insertHashtag("onevoicetag");
    await tagPosts(steady, 12, now - 10 * DAY_MS);
    await tagPosts(steady, 6, now - 30 * HOUR_MS);
    await tagPosts(steady, 6, now - 3 * HOUR_MS);
    await tagPosts(spike, 5, now - 2 * HOUR_MS);
    const loner = await createUser();
    for (let i = 0; i < 8; i += 1) {
      const postId = await insertPost(loner.id, { createdAt: now - HOUR_MS - i });
      await db().insert(postHashtags).values({ postId, hashtagId: solo });
    }

    await run(now);
    expect(await scoreOf(spike)).toBe(16);
    expect(await scoreOf(steady)).toBe(0);
    expect(await scoreOf(solo)).toBe(0);

    const list = await json<TrendingTopics>(await api("/api/hashtags/trending", { cookie: viewer.cookie }), 200);
    const names = list.items.map((t) => t.name);
    expect(names.indexOf("suddenspiketag")).toBeLessThan(names.indexOf("alwaysbigtag"));
    expect(list.items[0]).toEqual({ rank: 1, id: spike, name: "suddenspiketag", postCount: 5, score: 16 });
    // Ties at 0 fall back to usage: the big tag leads the rest.
    expect(list.items[1]).toMatchObject({ rank: 2, name: "alwaysbigtag", postCount: 24, score: 0 });

    // A day later the spike is yesterday's news: no new authors, so its score decays away, and
    // a run between keeps it while its authors are still inside the last 24 hours.
    await run(now + 2 * HOUR_MS);
    expect(await scoreOf(spike)).toBe(16);
    await run(now + 21 * HOUR_MS);
    expect(await scoreOf(spike)).toBe(16);
    // Its posts are now more than a day old: the last run's score, halved after one half-life.
    await run(now + 21 * HOUR_MS + TRENDING_HALF_LIFE_MS);
    expect(await scoreOf(spike)).toBe(8);
    await run(now + 3 * DAY_MS);
    expect(await scoreOf(spike)).toBe(0);
  });

  it("runs through the scheduled dispatcher", async () => {
    const results = await dispatchScheduled("*/15 * * * *", env, Date.now());
    expect(results.find((r) => r.job === "hashtag-trending")).toMatchObject({ ok: true });
  });

  it("reads the last two days of posts by posts_created_idx and their tags by key", async () => {
    const { sql, params } = new SQLiteAsyncDialect().sqlToQuery(hashtagAuthorCountsSql({ since: 0, dayStart: 1, until: 2 }));
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const text = plan.results.map((r) => r.detail).join("\n");
    expect(text).toMatch(/SEARCH p USING INDEX posts_created_idx \(created_at>\? AND created_at<\?\)/);
    expect(text).toMatch(/SEARCH ph USING (COVERING )?INDEX sqlite_autoindex_post_hashtags_1 \(post_id=\?\)|SEARCH ph USING PRIMARY KEY/);
  });
});

describe("GET /api/hashtags/trending", () => {
  it("answers 12 by default, as many as asked up to 50, and only tags some post carries", async () => {
    for (let i = 0; i < 14; i += 1) {
      const id = await insertHashtag(`filler${String.fromCharCode(97 + i)}tag`);
      const author = await createUser();
      const postId = await insertPost(author.id);
      await db().insert(postHashtags).values({ postId, hashtagId: id });
    }
    const unused = await insertHashtag("nobodyusesthis");
    await db().update(hashtags).set({ trendingScore: 99 }).where(eq(hashtags.id, unused));
    const get = async (query: string) => json<TrendingTopics>(await api(`/api/hashtags/trending${query}`, { cookie: viewer.cookie }), 200);
    const byDefault = await get("");
    expect(byDefault.items).toHaveLength(12);
    expect(byDefault.items.map((t) => t.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(byDefault.items.map((t) => t.name)).not.toContain("nobodyusesthis");
    expect((await get("?limit=3")).items).toHaveLength(3);
    expect((await get("?limit=1000")).items.length).toBeLessThanOrEqual(50);
    expect((await get("?limit=abc")).items).toHaveLength(12);
  });
});
