// The feed's two plans (decision record 0059) hold exactly the same posts in the same order: the
// viewer's own and those of the accounts they follow, newest first with the id as tie-break,
// read live so that a follow, an unfollow, a new post and a deleted post show in the next page.
// The plan is chosen per request from the followed accounts' post counts.
import { describe, expect, it } from "vitest";
import { decodeCursor } from "@shared/cursor";
import { setFollow } from "../../../worker/db/queries/follows";
import {
  deletePostRow,
  FEED_WALK_MIN_CANDIDATES,
  feedCandidateCount,
  feedPlanFor,
  type FeedPlan,
  listFeed,
} from "../../../worker/db/queries/posts";
import { createUser, db, insertPost } from "../helpers";

const PLANS: FeedPlan[] = ["merge", "walk"];

async function feedIds(userId: string, plan: FeedPlan, limit = 4): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 50; i += 1) {
    const page = await listFeed(db(), { userId, viewerId: userId, limit, cursor: decodeCursor(cursor), plan });
    ids.push(...page.items.map((p) => p.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return ids;
}

/** Post ids newest first, the id breaking ties (the feed's order), from (createdAt, id) pairs. */
function newestFirst(rows: Array<{ id: string; createdAt: number }>): string[] {
  return [...rows].sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)).map((r) => r.id);
}

describe.each(PLANS)("the feed, %s plan", (plan) => {
  it("pages own and followed posts newest first, ties broken by id, nobody else's", async () => {
    const me = await createUser();
    const a = await createUser();
    const b = await createUser();
    const stranger = await createUser();
    await setFollow(db(), { followerId: me.id, followingId: a.id, following: true });
    await setFollow(db(), { followerId: me.id, followingId: b.id, following: true });
    // The stranger follows me: that puts nothing of theirs in my feed.
    await setFollow(db(), { followerId: stranger.id, followingId: me.id, following: true });
    const rows: Array<{ id: string; createdAt: number }> = [];
    const base = 1_700_000_000_000;
    for (let i = 0; i < 6; i += 1) {
      // Two posts share each instant, across authors, so the id tie-break decides.
      for (const author of [me.id, a.id, b.id]) {
        const createdAt = base + Math.floor(i / 2) * 1_000 + (author === b.id ? 500 : 0);
        rows.push({ id: await insertPost(author, { createdAt }), createdAt });
      }
      await insertPost(stranger.id, { createdAt: base + i * 1_000 + 1 });
    }
    expect(await feedIds(me.id, plan)).toEqual(newestFirst(rows));
  });

  it("shows a new follow's posts, drops an unfollowed account's, and drops a deleted post, on the next request", async () => {
    const me = await createUser();
    const friend = await createUser();
    const base = 1_710_000_000_000;
    const own = await insertPost(me.id, { createdAt: base });
    const theirs = [await insertPost(friend.id, { createdAt: base + 1 }), await insertPost(friend.id, { createdAt: base + 2 })];
    expect(await feedIds(me.id, plan)).toEqual([own]);

    await setFollow(db(), { followerId: me.id, followingId: friend.id, following: true });
    expect(await feedIds(me.id, plan)).toEqual([theirs[1], theirs[0], own]);

    const fresh = await insertPost(friend.id, { createdAt: base + 3 });
    await deletePostRow(db(), theirs[0]!);
    expect(await feedIds(me.id, plan)).toEqual([fresh, theirs[1], own]);

    await setFollow(db(), { followerId: me.id, followingId: friend.id, following: false });
    expect(await feedIds(me.id, plan)).toEqual([own]);
    await deletePostRow(db(), own);
    expect(await feedIds(me.id, plan)).toEqual([]);
  });
});

describe("choosing the feed's plan", () => {
  it("counts the posts the feed can hold: the followed accounts' and the viewer's own", async () => {
    const me = await createUser();
    const a = await createUser();
    const idle = await createUser();
    const other = await createUser();
    for (let i = 0; i < 3; i += 1) await insertPost(a.id, { createdAt: 1_000 + i });
    await insertPost(me.id, { createdAt: 5_000 });
    await insertPost(other.id, { createdAt: 6_000 });
    expect(await feedCandidateCount(db(), me.id)).toBe(1);
    await setFollow(db(), { followerId: me.id, followingId: a.id, following: true });
    await setFollow(db(), { followerId: me.id, followingId: idle.id, following: true });
    expect(await feedCandidateCount(db(), me.id)).toBe(4);
  });

  it("sorts few candidates and walks the time index for many", () => {
    expect(feedPlanFor(0)).toBe("merge");
    expect(feedPlanFor(FEED_WALK_MIN_CANDIDATES)).toBe("merge");
    expect(feedPlanFor(FEED_WALK_MIN_CANDIDATES + 1)).toBe("walk");
  });

  it("without a plan given, answers what both plans answer", async () => {
    const me = await createUser();
    const a = await createUser();
    await setFollow(db(), { followerId: me.id, followingId: a.id, following: true });
    for (let i = 0; i < 5; i += 1) await insertPost(i % 2 ? me.id : a.id, { createdAt: 2_000 + i });
    const chosen = await listFeed(db(), { userId: me.id, viewerId: me.id, limit: 10 });
    expect(chosen.items.map((p) => p.id)).toEqual(await feedIds(me.id, "walk", 10));
    expect(chosen.items.map((p) => p.id)).toEqual(await feedIds(me.id, "merge", 10));
  });
});
