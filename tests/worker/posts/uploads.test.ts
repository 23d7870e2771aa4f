// POST/GET/PUT/DELETE /api/uploads through the Worker: the spec's validation messages (§5
// Upload), the upload rate limit (§9), ownership, sniffing, resume and abort.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { uploads } from "../../../worker/db/schema";
import { api, db, errorOf, htmlBytes, jpegBytes, MiB, mp3Bytes, mp4Bytes, signedInUser, streamOf } from "../helpers";

// Several tests move 10 MiB parts through local R2; give them room when the suite runs in parallel.
vi.setConfig({ testTimeout: 30_000 });

const start = (cookie: string | null, body: Record<string, unknown>) => api("/api/uploads", { cookie, body });
const image = { contentType: "image", mimeType: "image/jpeg", size: 5000, fileName: "cover.jpg" };

async function row(id: string) {
  const [r] = await db().select().from(uploads).where(eq(uploads.id, id));
  return r;
}

describe("POST /api/uploads", () => {
  it("starts an upload under a server-chosen key and answers the part plan", async () => {
    const ana = await signedInUser();
    const res = await start(ana.cookie, { ...image, key: "post-images/someone-else/x.jpg", userId: "attacker" });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { uploadId: string; partSize: number; partCount: number };
    expect(body).toEqual({ uploadId: expect.any(String), partSize: 10 * 1024 * 1024, partCount: 1 });
    const stored = await row(body.uploadId);
    expect(stored?.userId).toBe(ana.id);
    expect(stored?.key).toBe(`post-images/${ana.id}/${body.uploadId}.jpg`);
    expect(stored?.declaredSize).toBe(5000);

    const video = await start(ana.cookie, { contentType: "video", mimeType: "video/mp4", size: 100 * MiB, fileName: "live.mp4" });
    expect(((await video.json()) as { partCount: number }).partCount).toBe(10);
  });

  it("answers every §5 rule with the spec's message, in the spec's order", async () => {
    const ana = await signedInUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...image, contentType: undefined }, "Please select a content type first"],
      [{ ...image, contentType: "document" }, "Please select a content type first"],
      [{ contentType: "image" }, "Please select a file to upload"],
      [{ ...image, fileName: "../etc/passwd.jpg" }, "Invalid file name"],
      [{ ...image, fileName: "shell.php.jpg" }, "Multiple file extensions not allowed"],
      [{ ...image, fileName: "config.jpg" }, "Suspicious file name"],
      [{ ...image, size: 0 }, "Invalid file"],
      [{ ...image, mimeType: "video/mp4" }, "Please select a valid image file"],
      [{ ...image, mimeType: "text/html" }, "Please select a valid image file"],
      [{ ...image, size: 10 * MiB + 1 }, "File size must be less than 10MB for image files"],
      [{ contentType: "audio", mimeType: "audio/mpeg", size: 50 * MiB + 1, fileName: "a.mp3" }, "File size must be less than 50MB for audio files"],
      [{ contentType: "video", mimeType: "video/mp4", size: 100 * MiB + 1, fileName: "v.mp4" }, "File size must be less than 100MB for video files"],
    ];
    for (const [json, message] of cases) {
      const res = await start(ana.cookie, json);
      expect(res.status, message).toBe(400);
      expect((await errorOf(res)).message).toBe(message);
    }
    const rows = await db().select().from(uploads).where(eq(uploads.userId, ana.id));
    expect(rows).toHaveLength(0);
  });

  it("accepts exactly the size limit", async () => {
    const ana = await signedInUser();
    expect((await start(ana.cookie, { ...image, size: 10 * MiB })).status).toBe(201);
  });

  it("limits each user to 10 uploads an hour with 'Upload Limit Reached'", async () => {
    const ana = await signedInUser();
    for (let i = 0; i < 10; i += 1) expect((await start(ana.cookie, image)).status).toBe(201);
    const res = await start(ana.cookie, image);
    expect(res.status).toBe(429);
    const error = await errorOf(res);
    expect(error.message).toBe("Please wait 60 minutes before uploading again");
    expect(error.details).toMatchObject({ title: "Upload Limit Reached" });
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another user is not affected.
    const ben = await signedInUser();
    expect((await start(ben.cookie, image)).status).toBe(201);
  });
});

describe("parts, resume and abort", () => {
  it("streams parts in any order, reports progress and lets the client resume", async () => {
    const ana = await signedInUser();
    const size = 10 * MiB + 4096;
    const file = mp3Bytes(size);
    const res = await start(ana.cookie, { contentType: "audio", mimeType: "audio/mpeg", size, fileName: "mix.mp3" });
    const { uploadId } = (await res.json()) as { uploadId: string };

    const second = await api(`/api/uploads/${uploadId}/parts/2`, { method: "PUT", cookie: ana.cookie, raw: file.slice(10 * MiB) });
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual({ partNumber: 2, etag: expect.any(String), receivedBytes: 4096 });

    const resume = await api(`/api/uploads/${uploadId}`, { cookie: ana.cookie });
    expect(await resume.json()).toEqual({
      uploadId,
      status: "uploading",
      partSize: 10 * MiB,
      partCount: 2,
      parts: [{ partNumber: 2, etag: expect.any(String), size: 4096 }],
      receivedBytes: 4096,
    });

    const first = await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: ana.cookie, raw: file.slice(0, 10 * MiB) });
    expect(((await first.json()) as { receivedBytes: number }).receivedBytes).toBe(size);
  });

  it("refuses a part without Content-Length, of the wrong size, or past the end", async () => {
    const ana = await signedInUser();
    const { uploadId } = (await (await start(ana.cookie, image)).json()) as { uploadId: string };
    const chunked = await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: ana.cookie, raw: streamOf(jpegBytes(5000)) });
    expect(chunked.status).toBe(400);
    expect((await errorOf(chunked)).message).toBe("Content-Length header is required");

    const short = await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: ana.cookie, raw: jpegBytes(4000) });
    expect(short.status).toBe(400);
    expect((await errorOf(short)).message).toBe("Part 1 must be exactly 5000 bytes");

    const bad = await api(`/api/uploads/${uploadId}/parts/abc`, { method: "PUT", cookie: ana.cookie, raw: jpegBytes(20) });
    expect(bad.status).toBe(400);

    const beyond = await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: ana.cookie, raw: jpegBytes(6000) });
    expect(beyond.status).toBe(413);
    expect((await errorOf(beyond)).message).toBe("File size must be less than 10MB for image files");
    expect((await row(uploadId))?.status).toBe("aborted");
  });

  it("refuses a file whose bytes are not the declared type (415), aborting the upload", async () => {
    const ana = await signedInUser();
    const res = await start(ana.cookie, { contentType: "video", mimeType: "video/mp4", size: 4000, fileName: "clip.mp4" });
    const { uploadId } = (await res.json()) as { uploadId: string };
    const part = await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: ana.cookie, raw: htmlBytes(4000) });
    expect(part.status).toBe(415);
    expect((await errorOf(part)).message).toBe("Please select a valid video file");
    const stored = await row(uploadId);
    expect(stored?.status).toBe("aborted");
    expect(await env.MEDIA.head(stored!.key)).toBeNull();
  });

  it("aborts on DELETE and then refuses further parts", async () => {
    const ana = await signedInUser();
    const { uploadId } = (await (await start(ana.cookie, image)).json()) as { uploadId: string };
    const del = await api(`/api/uploads/${uploadId}`, { method: "DELETE", cookie: ana.cookie });
    expect(del.status).toBe(200);
    expect((await row(uploadId))?.status).toBe("aborted");
    const part = await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: ana.cookie, raw: jpegBytes(5000) });
    expect(part.status).toBe(409);
  });

  it("stores a video poster frame", async () => {
    const ana = await signedInUser();
    const res = await start(ana.cookie, { contentType: "video", mimeType: "video/mp4", size: 4000, fileName: "clip.mp4" });
    const { uploadId } = (await res.json()) as { uploadId: string };
    const poster = await api(`/api/uploads/${uploadId}/thumbnail`, {
      method: "PUT",
      cookie: ana.cookie,
      raw: jpegBytes(1500),
      headers: { "content-type": "image/jpeg" },
    });
    expect(poster.status).toBe(200);
    expect(await env.MEDIA.head(`post-videos/${ana.id}/${uploadId}.poster.jpg`)).not.toBeNull();
    const part = await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: ana.cookie, raw: mp4Bytes(4000) });
    expect(part.status).toBe(200);
  });
});

describe("security", () => {
  it("answers 401 to visitors on every upload route", async () => {
    const ana = await signedInUser();
    const { uploadId } = (await (await start(ana.cookie, image)).json()) as { uploadId: string };
    const routes: [string, string, BodyInit | null][] = [
      ["POST", "/api/uploads", JSON.stringify(image)],
      ["GET", `/api/uploads/${uploadId}`, null],
      ["PUT", `/api/uploads/${uploadId}/parts/1`, jpegBytes(5000)],
      ["PUT", `/api/uploads/${uploadId}/thumbnail`, jpegBytes(100)],
      ["DELETE", `/api/uploads/${uploadId}`, null],
    ];
    for (const [method, path, body] of routes) {
      const res = await api(path, { method, raw: body, headers: { "content-type": "application/json" } });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
    expect((await row(uploadId))?.status).toBe("uploading");
    expect((await row(uploadId))?.parts).toEqual([]);
  });

  it("hides another user's upload behind 404 on every route, changing nothing", async () => {
    const ana = await signedInUser();
    const mallory = await signedInUser();
    const { uploadId } = (await (await start(ana.cookie, image)).json()) as { uploadId: string };
    const routes: [string, string, BodyInit | null][] = [
      ["GET", `/api/uploads/${uploadId}`, null],
      ["PUT", `/api/uploads/${uploadId}/parts/1`, jpegBytes(5000)],
      ["PUT", `/api/uploads/${uploadId}/thumbnail`, jpegBytes(100)],
      ["DELETE", `/api/uploads/${uploadId}`, null],
    ];
    for (const [method, path, body] of routes) {
      const res = await api(path, { method, raw: body, cookie: mallory.cookie, headers: { "content-type": "image/jpeg" } });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((await errorOf(res)).message).toBe("Upload not found");
    }
    const stored = await row(uploadId);
    expect(stored?.status).toBe("uploading");
    expect(stored?.parts).toEqual([]);
    const post = await api("/api/posts", { cookie: mallory.cookie, body: { uploadId } });
    expect(post.status).toBe(404);
  });

  it("refuses a cross-site upload start", async () => {
    const ana = await signedInUser();
    const res = await api("/api/uploads", { cookie: ana.cookie, body: image, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
  });
});
