// An audio post's loudness (issue #31 item 4, decision record 0091): POST /api/posts stores what the
// uploader's browser measured, in integer tenths, for audio posts only, and every Post answers it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Post, PostPage } from "@shared/posts-api";
import { posts } from "../../../worker/db/schema";
import { api, db, expectError, json, mp3Bytes, postThroughApi, signedInUser, uploadThroughApi } from "../helpers";

async function storedLoudness(postId: string) {
  const [row] = await db().select({ lufs: posts.integratedLufsX10, peak: posts.truePeakDbtpX10 }).from(posts).where(eq(posts.id, postId));
  return row;
}

async function audioUpload(cookie: string): Promise<string> {
  return uploadThroughApi(cookie, { contentType: "audio", mimeType: "audio/mpeg", bytes: mp3Bytes(4000), fileName: "take.mp3" });
}

describe("an audio post's loudness", () => {
  it("is stored in tenths as measured, rounded to a tenth, and answered on the post, its page and the lists", async () => {
    const ana = await signedInUser();
    const uploadId = await audioUpload(ana.cookie);
    const created = await json<Post>(
      await api("/api/posts", { cookie: ana.cookie, body: { uploadId, durationMs: 61_000, loudness: { integratedLufs: -14.04, truePeakDbtp: -0.96 } } }),
      201,
    );
    expect(created.loudness).toEqual({ integratedLufs: -14, truePeakDbtp: -1 });
    expect(await storedLoudness(created.id)).toEqual({ lufs: -140, peak: -10 });
    expect((await json<Post>(await api(`/api/posts/${created.id}`), 200)).loudness).toEqual({ integratedLufs: -14, truePeakDbtp: -1 });
    const mine = await json<PostPage>(await api(`/api/users/${ana.id}/posts`, { cookie: ana.cookie }), 200);
    expect(mine.items.find((p) => p.id === created.id)?.loudness).toEqual({ integratedLufs: -14, truePeakDbtp: -1 });
  });

  it("is null when none was measured (silence), and dropped on an image post", async () => {
    const ana = await signedInUser();
    const quiet = await json<Post>(await api("/api/posts", { cookie: ana.cookie, body: { uploadId: await audioUpload(ana.cookie), loudness: null } }), 201);
    expect(quiet.loudness).toBeNull();
    expect(await storedLoudness(quiet.id)).toEqual({ lufs: null, peak: null });
    const image = await postThroughApi(ana.cookie, { loudness: { integratedLufs: -9, truePeakDbtp: 0.5 } });
    expect(image.loudness).toBeNull();
    expect(await storedLoudness(image.id)).toEqual({ lufs: null, peak: null });
  });

  it("refuses a measurement out of any meter's range, and stores no post", async () => {
    const ana = await signedInUser();
    const uploadId = await audioUpload(ana.cookie);
    for (const loudness of [
      { integratedLufs: -71, truePeakDbtp: -1 },
      { integratedLufs: 7, truePeakDbtp: -1 },
      { integratedLufs: -14, truePeakDbtp: 25 },
      { integratedLufs: "-14", truePeakDbtp: -1 },
      { integratedLufs: -14 },
    ]) {
      await expectError(await api("/api/posts", { cookie: ana.cookie, body: { uploadId, loudness } }), 400);
    }
    expect(await db().select().from(posts).where(eq(posts.id, uploadId))).toEqual([]);
    // The edges of the range are measurements like any other.
    const edge = await json<Post>(await api("/api/posts", { cookie: ana.cookie, body: { uploadId, loudness: { integratedLufs: -70, truePeakDbtp: 24 } } }), 201);
    expect(edge.loudness).toEqual({ integratedLufs: -70, truePeakDbtp: 24 });
  });
});
