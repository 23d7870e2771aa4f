// The interaction log (spec §3/§7 user_interactions): recordInteraction writes one row per real
// interaction, folds repeats, caps a viewer's burst and ignores targets that do not exist; the
// hashtag screen's view route records through it (decision record 0033).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../../../worker/db/ids";
import {
  INTERACTION_BURST_LIMIT,
  INTERACTION_BURST_WINDOW_MS,
  INTERACTION_REPEAT_WINDOW_MS,
  recordInteraction,
} from "../../../worker/db/queries/interactions";
import { userInteractions } from "../../../worker/db/schema";
import { api, createUser, db, insertHashtag, insertPost, insertService, signedInUser } from "../helpers";

async function rowsOf(userId: string) {
  return db().select().from(userInteractions).where(eq(userInteractions.userId, userId)).orderBy(userInteractions.createdAt);
}

describe("recordInteraction", () => {
  it("records a service view, a post like and a hashtag view with their targets", async () => {
    const viewer = await createUser();
    const seller = await createUser();
    const serviceId = await insertService(seller.id, { name: "Mastering" });
    const postId = await insertPost(seller.id);
    await insertHashtag("synthwave");
    const now = Date.now();
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "service_view", serviceId, targetUserId: seller.id, now })).toBe(true);
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "like", postId, targetUserId: seller.id, now })).toBe(true);
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "view", metadata: { hashtag: "synthwave" }, now })).toBe(true);
    const rows = await rowsOf(viewer.id);
    expect(rows.map((r) => [r.interactionType, r.serviceId, r.postId, r.targetUserId, r.metadata])).toEqual([
      ["service_view", serviceId, null, seller.id, null],
      ["like", null, postId, seller.id, null],
      ["view", null, null, null, { hashtag: "synthwave" }],
    ]);
  });

  it("folds a repeat inside the window into the first, and records it again after", async () => {
    const viewer = await createUser();
    const seller = await createUser();
    const serviceId = await insertService(seller.id, { name: "Tuning" });
    const now = Date.now();
    const view = (at: number) => recordInteraction(db(), { userId: viewer.id, interactionType: "service_view", serviceId, now: at });
    expect(await view(now)).toBe(true);
    expect(await view(now + 1000)).toBe(false);
    expect(await view(now + INTERACTION_REPEAT_WINDOW_MS - 1)).toBe(false);
    expect(await view(now + INTERACTION_REPEAT_WINDOW_MS + 1)).toBe(true);
    // Another hashtag is another target.
    await insertHashtag("ambient");
    await insertHashtag("drone");
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "view", metadata: { hashtag: "ambient" }, now })).toBe(true);
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "view", metadata: { hashtag: "drone" }, now })).toBe(true);
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "view", metadata: { hashtag: "drone" }, now: now + 5 })).toBe(false);
    expect(await rowsOf(viewer.id)).toHaveLength(4);
  });

  it("writes nothing for a target that does not exist", async () => {
    const viewer = await createUser();
    const now = Date.now();
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "service_view", serviceId: newId(), now })).toBe(false);
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "like", postId: newId(), now })).toBe(false);
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "profile_visit", targetUserId: newId(), now })).toBe(false);
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "view", metadata: { hashtag: "nosuchtag" }, now })).toBe(false);
    expect(await rowsOf(viewer.id)).toEqual([]);
  });

  it(`caps one viewer at ${INTERACTION_BURST_LIMIT} rows per ${INTERACTION_BURST_WINDOW_MS / 60_000} minutes, whatever the targets`, async () => {
    const viewer = await createUser();
    const names = Array.from({ length: INTERACTION_BURST_LIMIT + 5 }, (_, i) => `burst${i}x${newId().slice(0, 6).replace(/\d/g, "q")}`);
    for (const name of names) await insertHashtag(name);
    const now = Date.now();
    const results = [];
    for (const [i, name] of names.entries()) {
      results.push(await recordInteraction(db(), { userId: viewer.id, interactionType: "view", metadata: { hashtag: name }, now: now + i }));
    }
    expect(results.filter(Boolean)).toHaveLength(INTERACTION_BURST_LIMIT);
    expect(results.slice(INTERACTION_BURST_LIMIT).every((r) => !r)).toBe(true);
    // Once the window has passed, the viewer is recorded again.
    expect(await recordInteraction(db(), { userId: viewer.id, interactionType: "view", metadata: { hashtag: names[0]! }, now: now + INTERACTION_BURST_WINDOW_MS + INTERACTION_REPEAT_WINDOW_MS })).toBe(true);
    // Another viewer has a budget of their own.
    const other = await createUser();
    expect(await recordInteraction(db(), { userId: other.id, interactionType: "view", metadata: { hashtag: names[1]! }, now })).toBe(true);
  });
});

describe("POST /api/hashtags/:name/views", () => {
  it("records one view of the tag as its page names it, once per half hour", async () => {
    const viewer = await signedInUser();
    await insertHashtag("lofihiphop");
    for (const name of ["%23LoFi-Hip-Hop", "lofihiphop"]) {
      const res = await api(`/api/hashtags/${name}/views`, { method: "POST", cookie: viewer.cookie });
      expect(res.status).toBe(204);
    }
    const rows = await rowsOf(viewer.id);
    expect(rows.map((r) => [r.interactionType, r.metadata])).toEqual([["view", { hashtag: "lofihiphop" }]]);
  });

  it("answers 204 and writes nothing for visitors, unknown tags and names that are no hashtag", async () => {
    const viewer = await signedInUser();
    await insertHashtag("visitorsonly");
    const count = () => env.DB.prepare("select count(*) as n from user_interactions").first<number>("n");
    const before = await count();
    expect((await api("/api/hashtags/visitorsonly/views", { method: "POST" })).status).toBe(204);
    expect((await api("/api/hashtags/neverused/views", { method: "POST", cookie: viewer.cookie })).status).toBe(204);
    expect((await api("/api/hashtags/%25%25/views", { method: "POST", cookie: viewer.cookie })).status).toBe(204);
    expect(await count()).toBe(before);
  });
});
