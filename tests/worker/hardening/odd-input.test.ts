// No 500 from odd headers or paths. Malformed conditional headers on /media, a
// percent sign in a hashtag path, and two publishes of one upload at the same moment each get a
// deliberate answer in the error envelope (or a plain success), never "internal".
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, uploads } from "../../../worker/db/schema";
import { api, db, errorOf, jpegBytes, signedInUser, uploadThroughApi } from "../helpers";
import { UPLOAD_TEXTS } from "@shared/messages";

const get = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://localhost${path}`, init));

const KEY = "post-audio/u-odd/p1.mp3";
let etag = "";

beforeAll(async () => {
  const stored = await env.MEDIA.put(KEY, new Uint8Array(500).fill(7), { httpMetadata: { contentType: "audio/mpeg" } });
  etag = stored!.httpEtag;
});

async function expectBody(res: Response, status: number) {
  expect(res.status).toBe(status);
  await res.arrayBuffer();
}

describe("/media conditional headers", () => {
  it.each(['W/"', "abc", '"unterminated', "W/", ",", '"a" garbage'])("treats If-None-Match %j as matching nothing (200)", async (value) => {
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-none-match": value } }), 200);
    await expectBody(await get(`/media/${KEY}`, { method: "HEAD", headers: { "if-none-match": value } }), 200);
  });

  it("still answers 304 for a matching If-None-Match listed beside a malformed one", async () => {
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-none-match": `abc, ${etag}` } }), 304);
  });

  it("answers a failed If-Match with 412 in the envelope, not 304, with or without If-None-Match", async () => {
    const cases: Record<string, string>[] = [{ "if-match": '"other"' }, { "if-match": '"other"', "if-none-match": etag }, { "if-match": "abc" }, { "if-match": `W/${etag}` }];
    for (const headers of cases) {
      for (const method of ["GET", "HEAD"]) {
        const res = await get(`/media/${KEY}`, { method, headers });
        expect({ status: res.status, headers, method }).toEqual({ status: 412, headers, method });
        if (method === "GET") expect(((await res.json()) as { error: { code: string } }).error.code).toBe("precondition_failed");
      }
    }
  });

  it("serves the object when If-Match holds (its ETag or *)", async () => {
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-match": etag } }), 200);
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-match": `"x", ${etag}` } }), 200);
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-match": "*", range: "bytes=0-9" } }), 206);
  });

  it("honours the date conditions and ignores malformed dates", async () => {
    const first = await get(`/media/${KEY}`);
    const lastModified = first.headers.get("last-modified")!;
    await first.arrayBuffer();
    const past = new Date(Date.parse(lastModified) - 86_400_000).toUTCString();
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-modified-since": lastModified } }), 304);
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-modified-since": past } }), 200);
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-modified-since": "yesterday-ish" } }), 200);
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-unmodified-since": past } }), 412);
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-unmodified-since": lastModified } }), 200);
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-unmodified-since": "not a date" } }), 200);
    // If-None-Match wins over If-Modified-Since, and If-Match over If-Unmodified-Since (RFC 9110 §13.2.2).
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-none-match": '"stale"', "if-modified-since": lastModified } }), 200);
    await expectBody(await get(`/media/${KEY}`, { headers: { "if-match": etag, "if-unmodified-since": past } }), 200);
  });
});

describe("hashtag paths", () => {
  it("answers /api/hashtags/%25/posts without a 500", async () => {
    const ana = await signedInUser();
    const res = await api("/api/hashtags/%25/posts", { cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ items: [], nextCursor: null });
    const odd = await api("/api/hashtags/%25E0%25A4%25A/posts", { cookie: ana.cookie });
    expect(odd.status).toBe(200);
    await odd.arrayBuffer();
  });

  it("still finds a hashtag whose name was percent-encoded once", async () => {
    const ana = await signedInUser();
    const uploadId = await uploadThroughApi(ana.cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(3000) });
    const created = await api("/api/posts", { cookie: ana.cookie, body: { uploadId, tags: ["Zürich"] } });
    expect(created.status).toBe(201);
    await created.arrayBuffer();
    for (const path of [`/api/hashtags/${encodeURIComponent("#Zürich")}/posts`, `/api/hashtags/${encodeURIComponent("zürich")}/posts`]) {
      const res = await api(path, { cookie: ana.cookie });
      expect(((await res.json()) as { items: { id: string }[] }).items.map((p) => p.id)).toContain(uploadId);
    }
  });
});

describe("publishing one upload twice at the same moment", () => {
  it("gives one 201 and one 409 in the envelope, and one post", async () => {
    const ana = await signedInUser();
    const uploadId = await uploadThroughApi(ana.cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(3000) });
    const answers = await Promise.all([1, 2].map(() => api("/api/posts", { cookie: ana.cookie, body: { uploadId, caption: "twice" } })));
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const loser = answers.find((res) => res.status === 409)!;
    expect(await errorOf(loser)).toMatchObject({ code: "conflict", message: UPLOAD_TEXTS.notOpen });
    await answers.find((res) => res.status === 201)!.arrayBuffer();
    expect(await db().select({ id: posts.id }).from(posts).where(eq(posts.id, uploadId))).toHaveLength(1);
  });

  it("answers 409 when both completions reach R2 and only the post insert tells them apart", async () => {
    const ana = await signedInUser();
    const bytes = jpegBytes(3000);
    const uploadId = await uploadThroughApi(ana.cookie, { contentType: "image", mimeType: "image/jpeg", bytes });
    const first = await api("/api/posts", { cookie: ana.cookie, body: { uploadId } });
    expect(first.status).toBe(201);
    await first.arrayBuffer();
    // The second publish finds the row still open and a multipart upload R2 will complete: what a
    // publish sees when it passed the status check before the first one's insert landed.
    const [row] = await db().select().from(uploads).where(eq(uploads.id, uploadId));
    const again = await env.MEDIA.createMultipartUpload(row!.key);
    const part = await again.uploadPart(1, bytes);
    await db()
      .update(uploads)
      .set({ status: "uploading", r2UploadId: again.uploadId, parts: [{ partNumber: 1, etag: part.etag, size: bytes.length }] })
      .where(eq(uploads.id, uploadId));
    const second = await api("/api/posts", { cookie: ana.cookie, body: { uploadId } });
    expect(second.status).toBe(409);
    expect((await errorOf(second)).message).toBe(UPLOAD_TEXTS.notOpen);
  });

  it("answers 409 to a publish after the upload became a post", async () => {
    const ana = await signedInUser();
    const uploadId = await uploadThroughApi(ana.cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(3000) });
    const first = await api("/api/posts", { cookie: ana.cookie, body: { uploadId } });
    expect(first.status).toBe(201);
    await first.arrayBuffer();
    const again = await api("/api/posts", { cookie: ana.cookie, body: { uploadId } });
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(UPLOAD_TEXTS.notOpen);
  });
});
