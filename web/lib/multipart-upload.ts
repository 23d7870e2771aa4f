// Sends one file to R2 through the Worker in fixed-size parts (DESIGN.md "Large uploads"; the
// posts & media contract, decision record 0005). Each part reports its own bytes sent, so the
// progress bar is real; a failed part is retried with backoff; an interrupted upload is resumed by
// asking the server which parts it already holds and sending only the others. Post media and a
// digital product's file both go through here (they differ only in `contentType`), so it lives in
// web/lib rather than in either feature.
import type { StartUploadBody, StartUploadResponse, UploadStatusResponse } from "@shared/posts-api";
import { api, ApiClientError, unwrap } from "./api-client";
import { sessionResumeStore, type ResumeStore } from "./upload-resume-store";
import { xhrUpload } from "./xhr-upload";

/** What POST /api/uploads accepts as the kind of file: a post's media type, or a product file. */
export type UploadKind = StartUploadBody["contentType"];

interface PartResult {
  partNumber: number;
  etag: string;
  receivedBytes: number;
}

/**
 * Everything the multipart uploader needs from the network. The default below talks to the
 * Worker; tests may pass their own.
 */
interface UploadTransport {
  start(body: StartUploadBody): Promise<StartUploadResponse>;
  status(uploadId: string): Promise<UploadStatusResponse>;
  putPart(
    uploadId: string,
    partNumber: number,
    body: Blob,
    onProgress: (loadedBytes: number) => void,
    signal?: AbortSignal,
  ): Promise<PartResult>;
}

/**
 * The Worker-backed transport: JSON calls through the shared api client (401 → one refresh → one
 * retry; the error envelope becomes ApiClientError), parts as raw bodies by XMLHttpRequest,
 * because fetch cannot report upload progress.
 */
const httpTransport: UploadTransport = {
  start: (body) => unwrap(api.api.uploads.$post({ json: body })),
  status: (uploadId) => unwrap(api.api.uploads[":uploadId"].$get({ param: { uploadId } })),
  putPart(uploadId, partNumber, body, onProgress, signal) {
    return xhrUpload<PartResult>({ method: "PUT", url: `/api/uploads/${encodeURIComponent(uploadId)}/parts/${partNumber}`, body, onProgress, signal });
  },
};

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

interface RetryPolicy {
  /** Tries per part, the first included. */
  attempts: number;
  /** Wait before the second try; each later wait doubles. */
  baseDelayMs: number;
}

const DEFAULT_RETRY: RetryPolicy = { attempts: 3, baseDelayMs: 1000 };
/** Parts in flight at once: enough to fill a phone's uplink, few enough not to starve the page. */
const DEFAULT_CONCURRENCY = 3;

export interface MultipartUploadOptions {
  file: File;
  contentType: UploadKind;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  transport?: UploadTransport;
  store?: ResumeStore;
  retry?: RetryPolicy;
  concurrency?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface MultipartUploadResult {
  uploadId: string;
  /** True when an earlier, interrupted upload of the same file was continued. */
  resumed: boolean;
  /** Part numbers sent by this call (a resumed upload skips the ones the server holds). */
  sentParts: number[];
}

export interface PartRange {
  partNumber: number;
  start: number;
  end: number;
}

/** Byte ranges of every part: all `partSize` long except possibly the last. */
export function planParts(size: number, partSize: number): PartRange[] {
  const count = Math.max(1, Math.ceil(size / partSize));
  return Array.from({ length: count }, (_, i) => ({
    partNumber: i + 1,
    start: i * partSize,
    end: Math.min(size, (i + 1) * partSize),
  }));
}

/**
 * Which parts need no resending: those the server lists with exactly the size this file's part
 * has. A part of another size can only be a leftover of something else, so it is sent again.
 */
function partsAlreadyReceived(status: UploadStatusResponse, ranges: PartRange[]): Set<number> {
  const done = new Set<number>();
  for (const part of status.parts) {
    const range = ranges[part.partNumber - 1];
    if (range && part.size === range.end - range.start) done.add(part.partNumber);
  }
  return done;
}

/** Network failures, timeouts, throttling and server errors are worth another try; refusals are not. */
function isRetryable(error: unknown): boolean {
  if (error instanceof ApiClientError) return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
  return !(error instanceof DOMException && error.name === "AbortError");
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function throwIfAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw new DOMException("Upload cancelled", "AbortError");
}

/** Finds an upload to continue for this file, or null when a new one must start. */
async function findResumable(
  options: MultipartUploadOptions,
  transport: UploadTransport,
  store: ResumeStore,
): Promise<UploadStatusResponse | null> {
  const entry = store.find(options.file, options.contentType);
  if (!entry) return null;
  try {
    const status = await transport.status(entry.uploadId);
    if (status.status === "uploading" && status.partCount === planParts(options.file.size, status.partSize).length) return status;
  } catch {
    // Gone (aborted by the cron, another account signed in): start again.
  }
  store.remove(entry.uploadId);
  return null;
}

export async function uploadMultipart(options: MultipartUploadOptions): Promise<MultipartUploadResult> {
  const { file, contentType, signal } = options;
  const transport = options.transport ?? httpTransport;
  const store = options.store ?? sessionResumeStore;
  const retry = options.retry ?? DEFAULT_RETRY;
  const sleep = options.sleep ?? defaultSleep;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);

  throwIfAborted(signal);
  let uploadId: string;
  let partSize: number;
  let done = new Set<number>();
  const existing = await findResumable(options, transport, store);
  if (existing) {
    uploadId = existing.uploadId;
    partSize = existing.partSize;
    done = partsAlreadyReceived(existing, planParts(file.size, partSize));
  } else {
    const started = await transport.start({ contentType, mimeType: file.type, size: file.size, fileName: file.name });
    uploadId = started.uploadId;
    partSize = started.partSize;
    store.save({
      uploadId,
      contentType,
      fileName: file.name,
      fileSize: file.size,
      lastModified: file.lastModified,
      mimeType: file.type,
      savedAt: Date.now(),
    });
  }

  const ranges = planParts(file.size, partSize);
  const inFlight = new Map<number, number>();
  let completedBytes = ranges.filter((r) => done.has(r.partNumber)).reduce((sum, r) => sum + (r.end - r.start), 0);
  const report = () => {
    let sent = completedBytes;
    for (const loaded of inFlight.values()) sent += loaded;
    options.onProgress?.({ sentBytes: Math.min(sent, file.size), totalBytes: file.size });
  };
  report();

  const queue = ranges.filter((r) => !done.has(r.partNumber));
  const sentParts: number[] = [];

  const sendPart = async (range: PartRange) => {
    const blob = file.slice(range.start, range.end);
    const length = range.end - range.start;
    for (let attempt = 1; ; attempt += 1) {
      throwIfAborted(signal);
      inFlight.set(range.partNumber, 0);
      try {
        await transport.putPart(
          uploadId,
          range.partNumber,
          blob,
          (loaded) => {
            inFlight.set(range.partNumber, Math.min(loaded, length));
            report();
          },
          signal,
        );
        inFlight.delete(range.partNumber);
        completedBytes += length;
        sentParts.push(range.partNumber);
        report();
        return;
      } catch (error) {
        inFlight.delete(range.partNumber);
        report();
        if (attempt >= retry.attempts || !isRetryable(error)) throw error;
        await sleep(retry.baseDelayMs * 2 ** (attempt - 1));
      }
    }
  };

  // A small worker pool: each worker takes the next part until none are left; the first
  // failure stops the others from starting new parts.
  let failure: unknown = null;
  const worker = async () => {
    while (queue.length > 0 && failure === null) {
      const next = queue.shift();
      if (!next) return;
      try {
        await sendPart(next);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  if (failure !== null) {
    // The server aborts an upload it refuses (wrong bytes, too large), so there is nothing left
    // to resume; after a network failure the entry stays for the next attempt.
    if (!isRetryable(failure) && !(failure instanceof DOMException)) store.remove(uploadId);
    throw failure;
  }

  return { uploadId, resumed: existing !== null, sentParts: sentParts.sort((a, b) => a - b) };
}
