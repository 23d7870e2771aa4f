// The multipart upload service without HTTP: part size rules, magic bytes, oversize, order,
// retries, completion and the clean-up job (decision record 0005).
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { UPLOAD_PART_SIZE } from "@shared/posts-api";
import { cleanUpAbandonedUploads } from "../../../worker/cron/uploads-cleanup";
import { logger } from "../../../worker/lib/logger";
import { ApiError } from "../../../worker/lib/errors";
import { posterKeyFor } from "../../../worker/services/media/keys";
import {
  completeUpload,
  expectedPartSize,
  planParts,
  putThumbnail,
  receivePart,
  startUpload,
} from "../../../worker/services/media/multipart";
import { getUpload, type UploadRow } from "../../../worker/db/queries/uploads";
import { exactLength, peekStream, TooFewBytesError, TooManyBytesError } from "../../../worker/services/media/streams";
import { createUser, db, htmlBytes, jpegBytes, MiB, mp3Bytes, mp4Bytes, streamOf } from "../helpers";

// Several tests move 10 MiB parts through local R2; give them room when the suite runs in parallel.
vi.setConfig({ testTimeout: 30_000 });

async function failure(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected an ApiError");
}

async function start(userId: string, contentType: "image" | "audio" | "video", mimeType: string, size: number) {
  return startUpload(env.MEDIA, db(), { userId, contentType, mimeType, size });
}

function part(upload: UploadRow, partNumber: number, bytes: Uint8Array, contentLength = bytes.length) {
  return receivePart(env.MEDIA, db(), upload, { partNumber, body: streamOf(bytes), contentLength });
}

async function reload(id: string) {
  return (await getUpload(db(), id))!;
}

describe("part plan", () => {
  it("uses 10 MiB parts with a smaller last part", () => {
    expect(UPLOAD_PART_SIZE).toBe(10 * 1024 * 1024);
    expect(planParts(1)).toEqual({ partSize: UPLOAD_PART_SIZE, partCount: 1 });
    expect(planParts(UPLOAD_PART_SIZE)).toEqual({ partSize: UPLOAD_PART_SIZE, partCount: 1 });
    expect(planParts(UPLOAD_PART_SIZE + 1).partCount).toBe(2);
    expect(planParts(100 * 1024 * 1024).partCount).toBe(10);
    expect(expectedPartSize(UPLOAD_PART_SIZE + 5, 1)).toBe(UPLOAD_PART_SIZE);
    expect(expectedPartSize(UPLOAD_PART_SIZE + 5, 2)).toBe(5);
    expect(expectedPartSize(UPLOAD_PART_SIZE + 5, 3)).toBeNull();
    expect(expectedPartSize(100, 0)).toBeNull();
  });
});

describe("streams", () => {
  it("peeks the first bytes and replays the whole body", async () => {
    const bytes = mp4Bytes(200_000);
    const { head, stream } = await peekStream(streamOf(bytes, 5), 16);
    expect(head.length).toBeGreaterThanOrEqual(16);
    expect(head.slice(0, 16)).toEqual(bytes.slice(0, 16));
    expect(new Uint8Array(await new Response(stream).arrayBuffer())).toEqual(bytes);
  });
  it("errors a body longer or shorter than announced", async () => {
    await expect(new Response(exactLength(streamOf(new Uint8Array(10)), 9)).arrayBuffer()).rejects.toBeInstanceOf(TooManyBytesError);
    await expect(new Response(exactLength(streamOf(new Uint8Array(10)), 11)).arrayBuffer()).rejects.toBeInstanceOf(TooFewBytesError);
  });
});

describe("multipart uploads", () => {
  it("stores the media under a server-chosen key containing the user and upload ids", async () => {
    const { id: userId } = await createUser();
    const upload = await start(userId, "image", "image/JPEG", 5000);
    expect(upload.key).toBe(`post-images/${userId}/${upload.id}.jpg`);
    expect(upload.mimeType).toBe("image/jpeg");
    expect(upload.status).toBe("uploading");
  });

  it("accepts parts out of order, replaces a retried part and completes to the exact bytes", async () => {
    const { id: userId } = await createUser();
    const size = UPLOAD_PART_SIZE + 1000;
    const file = mp4Bytes(size);
    const upload = await start(userId, "video", "video/mp4", size);
    expect(upload.partCount).toBe(2);

    // Part 2 first, with wrong content, then again with the right content (a retry).
    await part(upload, 2, new Uint8Array(1000).fill(7));
    const retried = await part(upload, 2, file.slice(UPLOAD_PART_SIZE));
    expect(retried.receivedBytes).toBe(1000);
    const first = await part(upload, 1, file.slice(0, UPLOAD_PART_SIZE));
    expect(first.receivedBytes).toBe(size);

    const row = await reload(upload.id);
    expect(row.parts.map((p) => p.partNumber).sort()).toEqual([1, 2]);
    expect(row.receivedBytes).toBe(size);

    const object = await completeUpload(env.MEDIA, row);
    expect(object.size).toBe(size);
    const stored = await env.MEDIA.get(upload.key);
    expect(stored?.httpMetadata?.contentType).toBe("video/mp4");
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(file);
  });

  it("refuses bytes that do not match the declared type with 415, aborts and stores nothing", async () => {
    const { id: userId } = await createUser();
    const upload = await start(userId, "audio", "audio/mpeg", 3000);
    const error = await failure(part(upload, 1, htmlBytes(3000)));
    expect(error.status).toBe(415);
    expect(error.message).toBe("Please select a valid audio file");
    expect((await reload(upload.id)).status).toBe("aborted");
    expect(await env.MEDIA.head(upload.key)).toBeNull();
    // The R2 multipart upload itself is gone: a further part cannot be stored.
    await expect(env.MEDIA.resumeMultipartUpload(upload.key, upload.r2UploadId).uploadPart(1, new Uint8Array(10))).rejects.toThrow();
  });

  it("refuses an image declared as video even though both are allowed files", async () => {
    const { id: userId } = await createUser();
    const upload = await start(userId, "video", "video/mp4", 2000);
    const error = await failure(part(upload, 1, jpegBytes(2000)));
    expect(error.status).toBe(415);
    expect(error.message).toBe("Please select a valid video file");
  });

  it("refuses bytes beyond the declared size with 413 and aborts", async () => {
    const { id: userId } = await createUser();
    const upload = await start(userId, "audio", "audio/mpeg", 1000);
    const error = await failure(part(upload, 1, mp3Bytes(1500)));
    expect(error.status).toBe(413);
    expect(error.message).toBe("File size must be less than 50MB for audio files");
    expect((await reload(upload.id)).status).toBe("aborted");

    const other = await start(userId, "audio", "audio/mpeg", 1000);
    const beyond = await failure(part(other, 2, mp3Bytes(10)));
    expect(beyond.status).toBe(413);
    expect((await reload(other.id)).status).toBe("aborted");
  });

  it("requires every non-final part to be exactly the part size", async () => {
    const { id: userId } = await createUser();
    const upload = await start(userId, "video", "video/mp4", UPLOAD_PART_SIZE * 2);
    const short = await failure(part(upload, 1, mp4Bytes(5 * MiB)));
    expect(short.status).toBe(400);
    expect(short.message).toBe(`Part 1 must be exactly ${UPLOAD_PART_SIZE} bytes`);
    // A size error on a middle part is a client bug, not an attack: the upload stays open.
    expect((await reload(upload.id)).status).toBe("uploading");
  });

  it("refuses a body shorter than its Content-Length without recording the part", async () => {
    const { id: userId } = await createUser();
    const upload = await start(userId, "image", "image/jpeg", 5000);
    const error = await failure(part(upload, 1, jpegBytes(4000), 5000));
    expect(error.status).toBe(400);
    expect((await reload(upload.id)).parts).toEqual([]);
  });

  it("will not complete until every part is present", async () => {
    const { id: userId } = await createUser();
    const size = UPLOAD_PART_SIZE + 10;
    const file = mp4Bytes(size);
    const upload = await start(userId, "video", "video/mp4", size);
    await part(upload, 2, file.slice(UPLOAD_PART_SIZE));
    const error = await failure(completeUpload(env.MEDIA, await reload(upload.id)));
    expect(error.status).toBe(400);
    expect(error.message).toBe("Upload incomplete");
    expect(await env.MEDIA.head(upload.key)).toBeNull();
  });

  it("refuses parts of an aborted upload", async () => {
    const { id: userId } = await createUser();
    const upload = await start(userId, "image", "image/jpeg", 100);
    await failure(part(upload, 1, htmlBytes(100)));
    const error = await failure(part(await reload(upload.id), 1, jpegBytes(100)));
    expect(error.status).toBe(409);
  });

  it("stores a sniffed poster frame beside the media key and refuses other images", async () => {
    const { id: userId } = await createUser();
    const upload = await start(userId, "video", "video/mp4", 100);
    const poster = jpegBytes(2000);
    await putThumbnail(env.MEDIA, upload, { body: streamOf(poster), contentLength: 2000, contentType: "image/jpeg" });
    const stored = await env.MEDIA.get(posterKeyFor(upload.key));
    expect(posterKeyFor(upload.key)).toBe(`post-videos/${userId}/${upload.id}.poster.jpg`);
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(poster);

    const png = await failure(putThumbnail(env.MEDIA, upload, { body: streamOf(poster), contentLength: 2000, contentType: "image/png" }));
    expect(png.status).toBe(415);
    const fake = await failure(putThumbnail(env.MEDIA, upload, { body: streamOf(htmlBytes(100)), contentLength: 100, contentType: "image/jpeg" }));
    expect(fake.status).toBe(415);
    const big = await failure(putThumbnail(env.MEDIA, upload, { body: streamOf(poster), contentLength: MiB + 1, contentType: "image/jpeg" }));
    expect(big.status).toBe(413);
  });
});

describe("clean-up of abandoned uploads", () => {
  it("aborts uploads idle for 24 hours (R2 and row) and leaves recent ones alone", async () => {
    const { id: userId } = await createUser();
    const size = UPLOAD_PART_SIZE + 10;
    const file = mp4Bytes(size);
    const abandoned = await start(userId, "video", "video/mp4", size);
    await part(abandoned, 1, file.slice(0, UPLOAD_PART_SIZE));
    await putThumbnail(env.MEDIA, abandoned, { body: streamOf(jpegBytes(500)), contentLength: 500, contentType: "image/jpeg" });

    const later = Date.now() + 25 * 60 * 60 * 1000;
    // A second upload that was still receiving parts an hour before the job runs.
    const recent = await startUpload(env.MEDIA, db(), { userId, contentType: "image", mimeType: "image/jpeg", size: 100, now: later - 60 * 60 * 1000 });

    // Other tests of this file left open uploads behind too; they are just as abandoned.
    const result = await cleanUpAbandonedUploads({ env, db: db(), now: later, log: logger });
    expect(result.aborted).toBe(result.found);
    expect(result.found).toBeGreaterThanOrEqual(1);
    expect((await reload(abandoned.id)).status).toBe("aborted");
    expect((await reload(recent.id)).status).toBe("uploading");
    expect(await env.MEDIA.head(posterKeyFor(abandoned.key))).toBeNull();
    await expect(
      env.MEDIA.resumeMultipartUpload(abandoned.key, abandoned.r2UploadId).uploadPart(2, file.slice(UPLOAD_PART_SIZE)),
    ).rejects.toThrow();

    // Running again finds nothing more to do.
    expect((await cleanUpAbandonedUploads({ env, db: db(), now: later, log: logger })).found).toBe(0);
  });
});
