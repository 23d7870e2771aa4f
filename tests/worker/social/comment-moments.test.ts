// Comments pinned to a moment of an audio post (issue #31 item 1, decision record 0089): the pin
// is bounded by the duration on the post's own row, refused on other posts and on replies, follows
// every comment rule (sign-in, rate limit, content screen, deletion), pages like any comment,
// travels in the live frame and the data export, and the waveform's markers are read by the same
// audience rules as the comment pages (blocks, mutes, muted words, moderation).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DataExportState } from "@shared/leaving-api";
import { MOMENT_TEXTS, SOCIAL_TEXTS } from "@shared/messages";
import type { Comment } from "@shared/realtime";
import { type CommentPage, MARKER_EXCERPT_CHARS, type MarkerPage } from "@shared/social-api";
import { markerPageQuery } from "../../../worker/db/queries/comments";
import { comments, posts } from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { prepareRequestedExports } from "../../../worker/services/leaving";
import { api, AUTH_REQUIRED, db, expectError, insertPost, json, signedInUser, type SignedInUser } from "../helpers";
import { listen } from "../helpers/comment-room";

/** 3:20 of audio. */
const DURATION_MS = 200_000;

const add = (who: SignedInUser | null, postId: string, body: Record<string, unknown>) => api(`/api/posts/${postId}/comments`, { cookie: who?.cookie, body });
const markers = async (postId: string, who: SignedInUser | null = null, query = "") =>
  json<MarkerPage>(await api(`/api/posts/${postId}/comments/markers${query}`, { cookie: who?.cookie }), 200);
const page = async (postId: string, who: SignedInUser | null = null) => json<CommentPage>(await api(`/api/posts/${postId}/comments`, { cookie: who?.cookie }), 200);

/** An audio post whose stored duration is `durationMs` (null: the browser could not measure it). */
async function audioPost(ownerId: string, durationMs: number | null = DURATION_MS): Promise<string> {
  const postId = await insertPost(ownerId, { contentType: "audio" });
  await db().update(posts).set({ durationMs }).where(eq(posts.id, postId));
  return postId;
}

async function storedMoments(postId: string) {
  return db().select({ id: comments.id, atMs: comments.atMs, content: comments.content }).from(comments).where(eq(comments.postId, postId));
}

describe("POST a pinned comment", () => {
  it("stores the moment, answers it, and puts it on the page and in the markers", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const postId = await audioPost(owner.id);
    const created = await json<Comment>(await add(fan, postId, { content: "The vocal is too loud here", atMs: 83_000 }), 201);
    expect(created).toMatchObject({ atMs: 83_000, parentId: null, userId: fan.id });
    expect(await storedMoments(postId)).toEqual([{ id: created.id, atMs: 83_000, content: "The vocal is too loud here" }]);
    // The pin is optional: an ordinary comment on the same post stores none.
    const plain = await json<Comment>(await add(fan, postId, { content: "Great track" }), 201);
    expect(plain.atMs).toBeNull();
    expect((await page(postId)).items.map((item) => [item.id, item.atMs])).toEqual([
      [created.id, 83_000],
      [plain.id, null],
    ]);
    const list = await markers(postId);
    expect(list.items).toEqual([{ id: created.id, userId: fan.id, atMs: 83_000, content: "The vocal is too loud here", createdAt: created.createdAt }]);
    expect(list.authors[fan.id]).toMatchObject({ userId: fan.id, username: fan.username });
    expect(list.nextCursor).toBeNull();
  });

  it("bounds the moment by the post's stored duration, never by the body", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const postId = await audioPost(owner.id);
    await expectError(await add(fan, postId, { content: "Before the start", atMs: -1 }), 400, MOMENT_TEXTS.outOfTrack);
    // The end itself is not a moment one can hear; a claimed longer duration changes nothing.
    await expectError(await add(fan, postId, { content: "At the end", atMs: DURATION_MS, durationMs: DURATION_MS * 2 }), 400, MOMENT_TEXTS.outOfTrack);
    await expectError(await add(fan, postId, { content: "After the end", atMs: DURATION_MS + 5_000 }), 400, MOMENT_TEXTS.outOfTrack);
    await expectError(await add(fan, postId, { content: "Far beyond", atMs: 10 ** 12 }), 400, MOMENT_TEXTS.outOfTrack);
    await expectError(await add(fan, postId, { content: "Half a millisecond", atMs: 1.5 }), 400, MOMENT_TEXTS.notWhole);
    await expectError(await add(fan, postId, { content: "As text", atMs: "83000" }), 400, MOMENT_TEXTS.notWhole);
    expect(await storedMoments(postId)).toEqual([]);
    // The first and the last millisecond are both moments of the track.
    expect((await json<Comment>(await add(fan, postId, { content: "Right at the start", atMs: 0 }), 201)).atMs).toBe(0);
    expect((await json<Comment>(await add(fan, postId, { content: "The last beat", atMs: DURATION_MS - 1 }), 201)).atMs).toBe(DURATION_MS - 1);
    expect((await storedMoments(postId)).map((row) => row.atMs).sort((a, b) => a! - b!)).toEqual([0, DURATION_MS - 1]);
  });

  it("refuses a pin on an image or video post, on audio of unknown length and on a reply, but not the comment without it", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const image = await insertPost(owner.id, { contentType: "image" });
    const video = await insertPost(owner.id, { contentType: "video" });
    await db().update(posts).set({ durationMs: DURATION_MS }).where(eq(posts.id, video));
    const unmeasured = await audioPost(owner.id, null);
    await expectError(await add(fan, image, { content: "Pinned on a photo", atMs: 1_000 }), 400, MOMENT_TEXTS.notAudio);
    await expectError(await add(fan, video, { content: "Pinned on a video", atMs: 1_000 }), 400, MOMENT_TEXTS.notAudio);
    await expectError(await add(fan, unmeasured, { content: "Pinned on unknown length", atMs: 1_000 }), 400, MOMENT_TEXTS.durationUnknown);
    const audio = await audioPost(owner.id);
    const top = await json<Comment>(await add(fan, audio, { content: "Top-level" }), 201);
    await expectError(await add(owner, audio, { content: "A pinned reply", parentId: top.id, atMs: 1_000 }), 400, MOMENT_TEXTS.onReply);
    for (const postId of [image, video, unmeasured]) expect(await storedMoments(postId)).toEqual([]);
    expect(await storedMoments(audio)).toHaveLength(1);
    // null is "not pinned", as is leaving it out.
    expect((await json<Comment>(await add(fan, image, { content: "Nice photo", atMs: null }), 201)).atMs).toBeNull();
    await expectError(await add(fan, crypto.randomUUID(), { content: "Missing post", atMs: 1_000 }), 404, "Post not found");
  });

  it("asks a visitor to sign in and stores nothing", async () => {
    const owner = await signedInUser();
    const postId = await audioPost(owner.id);
    await expectError(await add(null, postId, { content: "Anonymous pin", atMs: 1_000 }), AUTH_REQUIRED.status, AUTH_REQUIRED.message);
    expect(await storedMoments(postId)).toEqual([]);
  });

  it("keeps the content screen and the rate limit, and refuses a bad pin before the limit counts it", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const spammer = await signedInUser();
    const postId = await audioPost(owner.id);
    await expectError(await add(spammer, postId, { content: "This is not spam, I promise", atMs: 5_000 }), 400, "Content contains prohibited words");
    expect(await storedMoments(postId)).toEqual([]);
    expect((await markers(postId)).items).toEqual([]);
    for (let i = 1; i <= 20; i += 1) await json<Comment>(await add(fan, postId, { content: `Moment number ${i}`, atMs: i * 1_000 }), 201);
    // An impossible pin is a 400 whatever the limit says.
    await expectError(await add(fan, postId, { content: "Past the end", atMs: DURATION_MS }), 400, MOMENT_TEXTS.outOfTrack);
    await expectError(await add(fan, postId, { content: "One too many", atMs: 30_000 }), 429, "Please wait 60 minutes before trying again");
    expect(await storedMoments(postId)).toHaveLength(20);
    // Empty text is still refused first, pinned or not.
    await expectError(await add(owner, postId, { content: "   ", atMs: 1_000 }), 400, SOCIAL_TEXTS.commentEmpty);
  });
});

describe("pinned comments page like any comment", () => {
  it("keeps the comment pages in the order they were written while the markers follow the track", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const postId = await audioPost(owner.id);
    const late = await json<Comment>(await add(fan, postId, { content: "Outro", atMs: 180_000 }), 201);
    const early = await json<Comment>(await add(fan, postId, { content: "Intro", atMs: 2_000 }), 201);
    const middle = await json<Comment>(await add(owner, postId, { content: "Drop", atMs: 60_000 }), 201);
    const twin = await json<Comment>(await add(owner, postId, { content: "Also the drop", atMs: 60_000 }), 201);
    await json<Comment>(await add(fan, postId, { content: "Unpinned" }), 201);
    const pages = await json<CommentPage>(await api(`/api/posts/${postId}/comments?limit=2`), 200);
    expect(pages.items.map((item) => item.id)).toEqual([late.id, early.id]);
    // Markers a page at a time, earliest moment first; two at the same moment in id order.
    const sameMoment = [middle.id, twin.id].sort();
    const first = await markers(postId, null, "?limit=2");
    expect(first.items.map((item) => item.id)).toEqual([early.id, sameMoment[0]]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await markers(postId, null, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((item) => item.id)).toEqual([sameMoment[1], late.id]);
    expect(second.nextCursor).toBeNull();
    await expectError(await api(`/api/posts/${postId}/comments/markers?cursor=not-ours`), 400, "Invalid cursor");
  });

  it("sends the moment in the live frame", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const postId = await audioPost(owner.id);
    const listener = await listen(postId);
    const created = await json<Comment>(await add(fan, postId, { content: "Live at 1:23", atMs: 83_000 }), 201);
    const frame = await listener.next("comment.created", (message) => message.comment.id === created.id);
    expect(frame.comment.atMs).toBe(83_000);
    expect(listener.rejected).toEqual([]);
    listener.close();
  });

  it("deleting the comment removes its marker", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const postId = await audioPost(owner.id);
    const mine = await json<Comment>(await add(fan, postId, { content: "Kick is muddy", atMs: 10_000 }), 201);
    const theirs = await json<Comment>(await add(fan, postId, { content: "Snare is great", atMs: 20_000 }), 201);
    await json(await api(`/api/comments/${mine.id}`, { method: "DELETE", cookie: fan.cookie }), 200);
    // The post's owner may delete any comment on it, pinned or not.
    await json(await api(`/api/comments/${theirs.id}`, { method: "DELETE", cookie: owner.cookie }), 200);
    expect((await markers(postId)).items).toEqual([]);
    expect(await storedMoments(postId)).toEqual([]);
  });
});

describe("a full page of markers", () => {
  it("holds 100 markers with the start of each comment, and stays small", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const postId = await audioPost(owner.id);
    // Written straight to the table: 101 comments through the API would meet the rate limit.
    const long = "Long note about the mix ".repeat(50).slice(0, 1000);
    const rows = Array.from({ length: 101 }, (_, i) => ({ postId, userId: i % 2 ? fan.id : owner.id, content: `${i} ${long}`, atMs: i * 1_000, createdAt: 1_000 + i }));
    // D1 binds at most 100 parameters a statement.
    for (let i = 0; i < rows.length; i += 10) await db().insert(comments).values(rows.slice(i, i + 10));
    const res = await api(`/api/posts/${postId}/comments/markers`);
    const body = await res.text();
    const first = JSON.parse(body) as MarkerPage;
    expect(first.items).toHaveLength(100);
    expect(first.items.map((item) => item.atMs)).toEqual(Array.from({ length: 100 }, (_, i) => i * 1_000));
    expect(first.items.every((item) => Array.from(item.content).length === MARKER_EXCERPT_CHARS && item.content.endsWith("…"))).toBe(true);
    expect(first.items[7]!.content.startsWith("7 Long note")).toBe(true);
    expect(Object.keys(first.authors).sort()).toEqual([owner.id, fan.id].sort());
    // Under the 32 KB a comment page is held to (0061); 100 whole comments would be over 100 KB.
    expect(body.length).toBeLessThan(32 * 1024);
    const rest = await markers(postId, null, `?cursor=${first.nextCursor}`);
    expect(rest.items.map((item) => item.atMs)).toEqual([100_000]);
    expect(rest.nextCursor).toBeNull();
    // A short comment is sent whole.
    const short = await json<Comment>(await add(fan, postId, { content: "Short 🎧", atMs: 150_500 }), 201);
    expect((await markers(postId, null, `?cursor=${first.nextCursor}`)).items.at(-1)).toMatchObject({ id: short.id, content: "Short 🎧" });
    console.info(`markers page: 100 markers, ${body.length} bytes`);
  });
});

describe("markers follow the audience rules of the comments", () => {
  it("leaves out a muted author's markers, a muted word and a hidden comment, for that reader only", async () => {
    const owner = await signedInUser();
    const loud = await signedInUser();
    const other = await signedInUser();
    const reader = await signedInUser();
    const postId = await audioPost(owner.id);
    const byLoud = await json<Comment>(await add(loud, postId, { content: "Turn it up", atMs: 1_000 }), 201);
    const spoiler = await json<Comment>(await add(other, postId, { content: "Spoiler: the key change", atMs: 2_000 }), 201);
    const hidden = await json<Comment>(await add(other, postId, { content: "Under review", atMs: 3_000 }), 201);
    const kept = await json<Comment>(await add(other, postId, { content: "Lovely bridge", atMs: 4_000 }), 201);
    await json(await api(`/api/users/${loud.id}/mute`, { method: "POST", cookie: reader.cookie }), 200);
    await json(await api("/api/muted-words", { cookie: reader.cookie, body: { word: "spoiler" } }), 201);
    await db().update(comments).set({ hiddenAt: Date.now() }).where(eq(comments.id, hidden.id));
    expect((await markers(postId, reader)).items.map((item) => item.id)).toEqual([kept.id]);
    expect((await page(postId, reader)).items.map((item) => item.id)).toEqual([kept.id]);
    // Someone else still sees the muted author and the word; nobody sees the hidden comment.
    expect((await markers(postId, owner)).items.map((item) => item.id)).toEqual([byLoud.id, spoiler.id, kept.id]);
  });

  it("leaves out the markers of someone on the other side of a block, and the whole post across a block with its owner", async () => {
    const owner = await signedInUser();
    const blocker = await signedInUser();
    const reader = await signedInUser();
    const postId = await audioPost(owner.id);
    const byBlocker = await json<Comment>(await add(blocker, postId, { content: "First pin", atMs: 1_000 }), 201);
    const byOwner = await json<Comment>(await add(owner, postId, { content: "Second pin", atMs: 2_000 }), 201);
    // Whoever blocked, neither side sees the other's markers.
    await json(await api(`/api/users/${reader.id}/block`, { method: "POST", cookie: blocker.cookie }), 200);
    expect((await markers(postId, reader)).items.map((item) => item.id)).toEqual([byOwner.id]);
    expect((await markers(postId, null)).items.map((item) => item.id)).toEqual([byBlocker.id, byOwner.id]);
    await json(await api(`/api/users/${owner.id}/block`, { method: "POST", cookie: reader.cookie }), 200);
    await expectError(await api(`/api/posts/${postId}/comments/markers`, { cookie: reader.cookie }), 404, "Post not found");
    await expectError(await api(`/api/posts/${crypto.randomUUID()}/comments/markers`), 404, "Post not found");
  });
});

describe("the data export", () => {
  it("holds the moment of each of my pinned comments", async () => {
    const owner = await signedInUser();
    const fan = await signedInUser();
    const postId = await audioPost(owner.id);
    const pinned = await json<Comment>(await add(fan, postId, { content: "Pinned one", atMs: 42_000 }), 201);
    const plain = await json<Comment>(await add(fan, postId, { content: "Plain one" }), 201);
    const requested = await json<DataExportState>(await api("/api/account/export", { method: "POST", cookie: fan.cookie }), 202);
    await prepareRequestedExports({ env, db: db(), log: logger, now: Date.now(), origin: "http://localhost" });
    const file = await api(`/api/account/export/${(requested as { id: string }).id}`, { cookie: fan.cookie });
    expect(file.status).toBe(200);
    const data = (await file.json()) as { comments: { id: string; atMs: number | null }[] };
    expect(data.comments.map((comment) => [comment.id, comment.atMs])).toEqual([
      [pinned.id, 42_000],
      [plain.id, null],
    ]);
  });
});

describe("the markers' plan", () => {
  // The SQL the markers route runs, for a visitor and for a reader with audience rules.
  it("reads a post's markers as one range of the pinned-only partial index, without a sort", async () => {
    for (const viewer of [null, "u"]) {
      for (const cursor of [undefined, { createdAt: 1, id: "x" }]) {
        const { sql, params } = markerPageQuery(db(), "p", cursor, 100, viewer).toSQL();
        const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .bind(...params)
          .all<{ detail: string }>();
        const text = results.map((row) => row.detail).join("\n");
        expect(text).toMatch(cursor ? /comments_post_at_idx \(post_id=\? AND \(at_ms,id\)>\(\?,\?\)\)/ : /comments_post_at_idx \(post_id=\?/);
        expect(text).not.toContain("TEMP B-TREE");
      }
    }
  });
});
