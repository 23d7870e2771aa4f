// The multipart uploader against the posts & media contract: part sizes, real progress, retry of
// a failed part with backoff, resume that sends only the parts the server lacks.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiClientError } from "@web/lib/api-client";
import { uploadMultipart, planParts, type UploadProgress } from "@web/lib/multipart-upload";
import { createResumeStore, RESUME_STORAGE_KEY } from "@web/lib/upload-resume-store";
import { apiError, json, mockApi } from "../auth/helpers";
import { errorAnswer, installFakeXhr, partOk } from "./fake-xhr";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

const PART = 4;
const file = () => new File([new Uint8Array(10).fill(7)], "take-3.mp3", { type: "audio/mpeg", lastModified: 1_700_000_000_000 });
const store = () => createResumeStore(() => sessionStorage);
const noSleep = vi.fn(async (_ms: number) => {});

beforeEach(() => {
  sessionStorage.clear();
  noSleep.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

function startRoute() {
  return {
    "POST /api/uploads": () => json({ uploadId: "up1", partSize: PART, partCount: 3 }, 201),
  };
}

describe("planParts", () => {
  it("cuts equal parts with a shorter last one", () => {
    expect(planParts(10, 4).map((p) => p.end - p.start)).toEqual([4, 4, 2]);
    expect(planParts(8, 4).map((p) => p.end - p.start)).toEqual([4, 4]);
    expect(planParts(10 * 1024 * 1024 * 2 + 1, 10 * 1024 * 1024)).toHaveLength(3);
  });
});

describe("uploadMultipart", () => {
  it("announces the file, then sends every part of partSize bytes (the last shorter) with real progress", async () => {
    const api = mockApi(startRoute());
    const xhr = installFakeXhr(partOk);
    const progress: UploadProgress[] = [];
    const result = await uploadMultipart({ file: file(), contentType: "audio", store: store(), sleep: noSleep, concurrency: 1, onProgress: (p) => progress.push(p) });

    expect(result).toEqual({ uploadId: "up1", resumed: false, sentParts: [1, 2, 3] });
    expect(api.callsTo("POST", "/api/uploads")[0]?.body).toEqual({ contentType: "audio", mimeType: "audio/mpeg", size: 10, fileName: "take-3.mp3" });
    expect(xhr.calls.map((c) => [c.method, c.url, c.size])).toEqual([
      ["PUT", "/api/uploads/up1/parts/1", 4],
      ["PUT", "/api/uploads/up1/parts/2", 4],
      ["PUT", "/api/uploads/up1/parts/3", 2],
    ]);
    // Halfway through part 1 the bar shows 2 of 10 bytes; it only ever grows and ends at 10/10.
    expect(progress.map((p) => p.sentBytes)).toContain(2);
    expect(progress.every((p, i) => i === 0 || p.sentBytes >= progress[i - 1]!.sentBytes)).toBe(true);
    expect(progress.at(-1)).toEqual({ sentBytes: 10, totalBytes: 10 });
    // The upload is remembered until the post exists, so a failure later can still resume.
    expect(sessionStorage.getItem(RESUME_STORAGE_KEY)).toContain('"uploadId":"up1"');
  });

  it("retries a failed part with backoff and succeeds on the third attempt", async () => {
    mockApi(startRoute());
    let failures = 0;
    const xhr = installFakeXhr((call) => {
      if (call.url.endsWith("/parts/2") && failures < 2) {
        failures += 1;
        return failures === 1 ? "network" : errorAnswer(503, "unavailable", "Service unavailable");
      }
      return partOk(call);
    });
    const result = await uploadMultipart({ file: file(), contentType: "audio", store: store(), sleep: noSleep, concurrency: 1 });
    expect(result.sentParts).toEqual([1, 2, 3]);
    expect(xhr.partNumbers()).toEqual([1, 2, 2, 2, 3]);
    expect(noSleep.mock.calls.map(([ms]) => ms)).toEqual([1000, 2000]);
  });

  it("gives up after three attempts and keeps the upload for a later resume", async () => {
    mockApi(startRoute());
    const xhr = installFakeXhr((call) => (call.url.endsWith("/parts/1") ? errorAnswer(500, "internal", "An unexpected error occurred") : partOk(call)));
    await expect(uploadMultipart({ file: file(), contentType: "audio", store: store(), sleep: noSleep, concurrency: 1 })).rejects.toBeInstanceOf(ApiClientError);
    expect(xhr.partNumbers()).toEqual([1, 1, 1]);
    expect(store().find(file(), "audio")?.uploadId).toBe("up1");
  });

  it("does not retry a refusal: the server's message comes through and nothing is left to resume", async () => {
    mockApi(startRoute());
    const xhr = installFakeXhr(() => errorAnswer(415, "unsupported_media_type", "Please select a valid audio file"));
    const failure = await uploadMultipart({ file: file(), contentType: "audio", store: store(), sleep: noSleep, concurrency: 1 }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiClientError);
    expect((failure as ApiClientError).message).toBe("Please select a valid audio file");
    expect((failure as ApiClientError).status).toBe(415);
    expect(xhr.calls).toHaveLength(1);
    expect(store().find(file(), "audio")).toBeNull();
  });

  it("resumes the same file: asks the server which parts it holds and sends only the missing one", async () => {
    const s = store();
    const f = file();
    s.save({ uploadId: "up1", contentType: "audio", fileName: f.name, fileSize: f.size, lastModified: f.lastModified, mimeType: f.type, savedAt: Date.now() });
    const api = mockApi({
      ...startRoute(),
      "GET /api/uploads/up1": {
        uploadId: "up1",
        status: "uploading",
        partSize: PART,
        partCount: 3,
        parts: [
          { partNumber: 1, etag: "a", size: 4 },
          { partNumber: 3, etag: "c", size: 2 },
        ],
        receivedBytes: 6,
      },
    });
    const xhr = installFakeXhr(partOk);
    const progress: UploadProgress[] = [];
    const result = await uploadMultipart({ file: f, contentType: "audio", store: s, sleep: noSleep, onProgress: (p) => progress.push(p) });
    expect(result).toEqual({ uploadId: "up1", resumed: true, sentParts: [2] });
    expect(api.callsTo("POST", "/api/uploads")).toHaveLength(0);
    expect(xhr.calls.map((c) => [c.url, c.size])).toEqual([["/api/uploads/up1/parts/2", 4]]);
    expect(progress[0]).toEqual({ sentBytes: 6, totalBytes: 10 });
    expect(progress.at(-1)).toEqual({ sentBytes: 10, totalBytes: 10 });
  });

  it("resends a part the server holds with the wrong size", async () => {
    const s = store();
    const f = file();
    s.save({ uploadId: "up1", contentType: "audio", fileName: f.name, fileSize: f.size, lastModified: f.lastModified, mimeType: f.type, savedAt: Date.now() });
    mockApi({
      "GET /api/uploads/up1": { uploadId: "up1", status: "uploading", partSize: PART, partCount: 3, parts: [{ partNumber: 1, etag: "a", size: 3 }], receivedBytes: 3 },
    });
    const xhr = installFakeXhr(partOk);
    await uploadMultipart({ file: f, contentType: "audio", store: s, sleep: noSleep, concurrency: 1 });
    expect(xhr.partNumbers()).toEqual([1, 2, 3]);
  });

  it("starts again when the remembered upload is gone, or when the file differs", async () => {
    const s = store();
    const f = file();
    s.save({ uploadId: "old", contentType: "audio", fileName: f.name, fileSize: f.size, lastModified: f.lastModified, mimeType: f.type, savedAt: Date.now() });
    const api = mockApi({ ...startRoute(), "GET /api/uploads/old": apiError(404, "not_found", "Upload not found") });
    installFakeXhr(partOk);
    const first = await uploadMultipart({ file: f, contentType: "audio", store: s, sleep: noSleep });
    expect(first.resumed).toBe(false);
    expect(api.callsTo("POST", "/api/uploads")).toHaveLength(1);

    // Same name and size but edited since: a different file, so a new upload.
    const edited = new File([new Uint8Array(10)], f.name, { type: f.type, lastModified: f.lastModified + 1 });
    const second = await uploadMultipart({ file: edited, contentType: "audio", store: s, sleep: noSleep });
    expect(second.resumed).toBe(false);
    expect(api.callsTo("GET", "/api/uploads/up1")).toHaveLength(0);
  });

  it("refreshes an expired session once when a part answers 401, then sends the part again", async () => {
    const api = mockApi({ ...startRoute(), "POST /api/auth/refresh": json({ ok: true }) });
    let first = true;
    const xhr = installFakeXhr((call) => {
      if (first) {
        first = false;
        return errorAnswer(401, "unauthorized", "Authentication required");
      }
      return partOk(call);
    });
    await uploadMultipart({ file: file(), contentType: "audio", store: store(), sleep: noSleep, concurrency: 1 });
    expect(api.callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
    expect(xhr.partNumbers()).toEqual([1, 1, 2, 3]);
  });

  it("stops when cancelled", async () => {
    mockApi(startRoute());
    installFakeXhr(partOk);
    const controller = new AbortController();
    controller.abort();
    await expect(uploadMultipart({ file: file(), contentType: "audio", store: store(), signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });
});
