// The block and mute routes themselves (issue #27; decision record 0082): blocking ends follows
// both ways and fixes the counters, unblocking restores nothing but contact, the settings lists,
// muted words with their limit and their whole-word match, and the relation read.
import { and, count, eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { PROFILE_TEXTS, SAFETY_TEXTS } from "@shared/messages";
import { MUTED_WORD_SEPARATORS, MUTED_WORDS_MAX } from "@shared/rules/muted-words";
import type { ListedAccountPage, MutedWord, MutedWordList, Relation } from "@shared/safety-api";
import type { PostPage } from "@shared/posts-api";
import { blocks, follows, mutedWords, mutes, profiles } from "../../../worker/db/schema";
import { api, db, expectError, insertPost, json, signedInUser, type SignedInUser, unique } from "../helpers";

const follow = (who: SignedInUser, userId: string) => api(`/api/users/${userId}/follow`, { method: "PUT", cookie: who.cookie, body: { following: true } });
const block = (who: SignedInUser, userId: string, method = "POST") => api(`/api/users/${userId}/block`, { method, cookie: who.cookie });
const mute = (who: SignedInUser, userId: string, method = "POST") => api(`/api/users/${userId}/mute`, { method, cookie: who.cookie });

async function counts(userId: string) {
  const [row] = await db().select({ followers: profiles.followerCount, following: profiles.followingCount }).from(profiles).where(eq(profiles.userId, userId));
  return row;
}

async function followsBetween(a: string, b: string): Promise<number> {
  const [row] = await db()
    .select({ n: count() })
    .from(follows)
    .where(or(and(eq(follows.followerId, a), eq(follows.followingId, b)), and(eq(follows.followerId, b), eq(follows.followingId, a))));
  return row!.n;
}

describe("POST /api/users/:userId/block", () => {
  it("removes the follows both ways, fixes both counters and lists the account in /settings", async () => {
    const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
    expect((await follow(ana, ben.id)).status).toBe(200);
    expect((await follow(ben, ana.id)).status).toBe(200);
    expect(await counts(ana.id)).toEqual({ followers: 1, following: 1 });

    expect(await json(await block(ana, ben.id), 200)).toEqual({ blocked: true });
    expect(await followsBetween(ana.id, ben.id)).toBe(0);
    expect(await counts(ana.id)).toEqual({ followers: 0, following: 0 });
    expect(await counts(ben.id)).toEqual({ followers: 0, following: 0 });
    const rows = await db().select().from(blocks).where(eq(blocks.blockerId, ana.id));
    expect(rows.map((r) => r.blockedId)).toEqual([ben.id]);

    const list = await json<ListedAccountPage>(await api("/api/blocks", { cookie: ana.cookie }), 200);
    expect(list.items.map((i) => [i.person.userId, i.person.username])).toEqual([[ben.id, ben.username]]);
    // Ben's own list is empty: nothing tells him he was blocked.
    expect((await json<ListedAccountPage>(await api("/api/blocks", { cookie: ben.cookie }), 200)).items).toEqual([]);
    expect(await json<Relation>(await api(`/api/users/${ana.id}/relation`, { cookie: ben.cookie }), 200)).toEqual({ blocked: false, muted: false });
    expect(await json<Relation>(await api(`/api/users/${ben.id}/relation`, { cookie: ana.cookie }), 200)).toEqual({ blocked: true, muted: false });
  });

  it("is idempotent, refuses oneself and answers an unknown user like a missing profile", async () => {
    const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
    await json(await block(ana, ben.id), 200);
    await json(await block(ana, ben.id), 200);
    const [n] = await db().select({ n: count() }).from(blocks).where(eq(blocks.blockerId, ana.id));
    expect(n!.n).toBe(1);
    await expectError(await block(ana, ana.id), 400, SAFETY_TEXTS.blockSelf);
    await expectError(await block(ana, crypto.randomUUID()), 404, PROFILE_TEXTS.notFound);
    const [after] = await db().select({ n: count() }).from(blocks).where(eq(blocks.blockerId, ana.id));
    expect(after!.n).toBe(1);
  });

  it("answers the same whether or not the other side blocked first (nothing leaks)", async () => {
    const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
    await json(await block(ben, ana.id), 200);
    expect(await json(await block(ana, ben.id), 200)).toEqual({ blocked: true });
    // Unblocking one side leaves the other's block in force.
    expect(await json(await block(ana, ben.id, "DELETE"), 200)).toEqual({ blocked: false });
    await expectError(await api(`/api/users/${ben.id}`, { cookie: ana.cookie }), 404, PROFILE_TEXTS.notFound);
    expect(await json(await block(ben, ana.id, "DELETE"), 200)).toEqual({ blocked: false });
    expect((await api(`/api/users/${ben.id}`, { cookie: ana.cookie })).status).toBe(200);
  });

  it("unblocking restores contact but not the old follows", async () => {
    const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
    await follow(ben, ana.id);
    await block(ana, ben.id);
    await block(ana, ben.id, "DELETE");
    expect(await followsBetween(ana.id, ben.id)).toBe(0);
    expect((await db().select().from(blocks).where(eq(blocks.blockerId, ana.id))).length).toBe(0);
    expect((await follow(ben, ana.id)).status).toBe(200);
    expect(await counts(ana.id)).toEqual({ followers: 1, following: 0 });
  });
});

describe("POST /api/users/:userId/mute", () => {
  it("is one-sided and silent: the muted account still sees the muter and can follow them", async () => {
    const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
    await follow(ana, ben.id);
    expect(await json(await mute(ana, ben.id), 200)).toEqual({ muted: true });
    // The follow stays; only the muter's views change.
    expect(await followsBetween(ana.id, ben.id)).toBe(1);
    expect((await api(`/api/users/${ana.id}`, { cookie: ben.cookie })).status).toBe(200);
    expect((await follow(ben, ana.id)).status).toBe(200);
    const list = await json<ListedAccountPage>(await api("/api/mutes", { cookie: ana.cookie }), 200);
    expect(list.items.map((i) => i.person.userId)).toEqual([ben.id]);
    expect(await json<Relation>(await api(`/api/users/${ana.id}/relation`, { cookie: ben.cookie }), 200)).toEqual({ blocked: false, muted: false });

    expect(await json(await mute(ana, ben.id, "DELETE"), 200)).toEqual({ muted: false });
    expect((await db().select().from(mutes).where(eq(mutes.muterId, ana.id))).length).toBe(0);
    await expectError(await mute(ana, ana.id), 400, SAFETY_TEXTS.muteSelf);
  });

  it("pages the muted accounts newest first", async () => {
    const ana = await signedInUser();
    const others = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    for (const other of others) await json(await mute(ana, other.id), 200);
    const first = await json<ListedAccountPage>(await api("/api/mutes?limit=2", { cookie: ana.cookie }), 200);
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await json<ListedAccountPage>(await api(`/api/mutes?limit=2&cursor=${first.nextCursor}`, { cookie: ana.cookie }), 200);
    const seen = [...first.items, ...second.items].map((i) => i.person.userId);
    expect(new Set(seen)).toEqual(new Set(others.map((o) => o.id)));
    expect(second.nextCursor).toBeNull();
  });
});

describe("/api/muted-words", () => {
  const addWord = (who: SignedInUser, word: unknown) => api("/api/muted-words", { cookie: who.cookie, body: { word } });

  it("stores the word normalised, hides whole-word matches from the feed and the comments, and removes it", async () => {
    const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
    const word = unique("spoil").toLowerCase();
    await follow(ana, ben.id);
    const hit = await insertPost(ben.id, { caption: `Finale tonight! #${word.toUpperCase()}, no ${word}s` });
    const inside = await insertPost(ben.id, { caption: `pre${word} is not the word` });
    const plain = await insertPost(ben.id, { caption: "Nothing to hide" });
    const comment = await json<{ id: string }>(await api(`/api/posts/${plain}/comments`, { cookie: ben.cookie, body: { content: `The ${word}: it was a dream` } }), 201);

    const stored = await json<MutedWord>(await addWord(ana, `  #${word.toUpperCase()}! `), 201);
    expect(stored.word).toBe(word);
    const feed = await json<PostPage>(await api("/api/feed", { cookie: ana.cookie }), 200);
    expect(feed.items.map((p) => p.id).sort()).toEqual([inside, plain].sort());
    expect(feed.items.map((p) => p.id)).not.toContain(hit);
    const thread = await json<{ items: { id: string }[] }>(await api(`/api/posts/${plain}/comments`, { cookie: ana.cookie }), 200);
    expect(thread.items.map((c) => c.id)).not.toContain(comment.id);
    // Ben, who muted nothing, sees everything.
    expect((await json<{ id: string }>(await api(`/api/posts/${hit}`, { cookie: ben.cookie }), 200)).id).toBe(hit);
    const bensThread = await json<{ items: { id: string }[] }>(await api(`/api/posts/${plain}/comments`, { cookie: ben.cookie }), 200);
    expect(bensThread.items.map((c) => c.id)).toContain(comment.id);

    const list = await json<MutedWordList>(await api("/api/muted-words", { cookie: ana.cookie }), 200);
    expect(list.items.map((w) => w.word)).toEqual([word]);
    // Someone else cannot remove it: the same 404 as a word that does not exist.
    await expectError(await api(`/api/muted-words/${stored.id}`, { method: "DELETE", cookie: ben.cookie }), 404, SAFETY_TEXTS.mutedWordNotFound);
    expect(await json(await api(`/api/muted-words/${stored.id}`, { method: "DELETE", cookie: ana.cookie }), 200)).toEqual({ ok: true });
    expect((await db().select().from(mutedWords).where(eq(mutedWords.userId, ana.id))).length).toBe(0);
    const after = await json<PostPage>(await api("/api/feed", { cookie: ana.cookie }), 200);
    expect(after.items.map((p) => p.id)).toContain(hit);
  });

  it("treats every separator the normaliser knows as a word boundary in SQL too, a quote and a newline included", async () => {
    const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
    const word = unique("bass").toLowerCase();
    await follow(ana, ben.id);
    await json<MutedWord>(await addWord(ana, word), 201);
    // One post per separator with the word between two of them, and one where it is inside a word.
    const hidden = await Promise.all(MUTED_WORD_SEPARATORS.map((separator) => insertPost(ben.id, { caption: `deep${separator}${word}${separator}line` })));
    const inside = await insertPost(ben.id, { caption: `deep${word}line` });
    const feed = await json<PostPage>(await api("/api/feed?limit=50", { cookie: ana.cookie }), 200);
    const shown = feed.items.map((p) => p.id);
    expect(shown).toContain(inside);
    expect(hidden.filter((id) => shown.includes(id)).map((id) => MUTED_WORD_SEPARATORS[hidden.indexOf(id)])).toEqual([]);
  });

  it("leaves a reply with a muted word out of its thread's reply count, as out of the thread (issue #27 gap 2)", async () => {
    const [owner, replier, reader] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const word = unique("plot").toLowerCase();
    await json<MutedWord>(await api("/api/muted-words", { cookie: reader.cookie, body: { word } }), 201);
    const postId = await insertPost(owner.id);
    const thread = await json<{ id: string }>(await api(`/api/posts/${postId}/comments`, { cookie: owner.cookie, body: { content: "What did you think?" } }), 201);
    await json(await api(`/api/posts/${postId}/comments`, { cookie: replier.cookie, body: { content: `The ${word} twist, wow`, parentId: thread.id } }), 201);
    await json(await api(`/api/posts/${postId}/comments`, { cookie: replier.cookie, body: { content: "Loved it", parentId: thread.id } }), 201);
    type Page = { items: { id: string; replyCount: number; replies: { content: string }[] }[] };
    const seen = async (who: SignedInUser) => (await json<Page>(await api(`/api/posts/${postId}/comments`, { cookie: who.cookie }), 200)).items.find((i) => i.id === thread.id)!;
    const forReader = await seen(reader);
    expect(forReader.replyCount).toBe(1);
    expect(forReader.replies.map((r) => r.content)).toEqual(["Loved it"]);
    // Everyone else is promised, and shown, both.
    expect((await seen(owner)).replyCount).toBe(2);
  });

  it("refuses empty, symbol and overlong words, and more than the limit", async () => {
    const ana = await signedInUser();
    for (const bad of ["", "   ", "!!!", "a<b", "x".repeat(51), 42]) {
      const res = await addWord(ana, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    await db()
      .insert(mutedWords)
      .values(Array.from({ length: MUTED_WORDS_MAX }, (_, i) => ({ userId: ana.id, word: `w${i}` }))
        .slice(0, 25));
    for (let i = 25; i < MUTED_WORDS_MAX; i += 25) {
      await db()
        .insert(mutedWords)
        .values(Array.from({ length: 25 }, (_, j) => ({ userId: ana.id, word: `w${i + j}` })));
    }
    await expectError(await addWord(ana, "one more"), 409, SAFETY_TEXTS.mutedWordsFull(MUTED_WORDS_MAX));
    const [row] = await db().select({ n: count() }).from(mutedWords).where(eq(mutedWords.userId, ana.id));
    expect(row!.n).toBe(MUTED_WORDS_MAX);
    // A word already muted is answered with its row, not refused.
    expect((await addWord(ana, "W1")).status).toBe(201);
  });
});
