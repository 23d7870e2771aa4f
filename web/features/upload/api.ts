// Upload and post-creation calls of the posts & media contract (spec social-feed-search §4 post
// creation, §5 Upload; DESIGN.md "Large uploads"). JSON calls go through the shared api client's
// fetch (401 → one refresh → one retry) and `unwrap` (error envelope → ApiClientError with the
// server's spec-exact message). Parts are raw bodies sent by XMLHttpRequest, because fetch
// cannot report upload progress.
import { api, ApiClientError, fetchWithRefresh, refreshSession, unwrap } from "../../lib/api-client";
import { isErrorBody } from "../../../shared/errors";
import type {
  CreatePostBody,
  Post,
  StartUploadBody,
  StartUploadResponse,
  UploadStatusResponse,
} from "../../../shared/posts-api";

interface PartResult {
  partNumber: number;
  etag: string;
  receivedBytes: number;
}

/**
 * Everything the multipart uploader needs from the network. The default below talks to the
 * Worker; tests may pass their own.
 */
export interface UploadTransport {
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

const enc = encodeURIComponent;

export const uploadCalls = {
  start: (body: StartUploadBody): Promise<StartUploadResponse> => unwrap(api.api.uploads.$post({ json: body })),
  status: (uploadId: string): Promise<UploadStatusResponse> => unwrap(api.api.uploads[":uploadId"].$get({ param: { uploadId } })),
  abort: (uploadId: string) => unwrap(api.api.uploads[":uploadId"].$delete({ param: { uploadId } })),
  // A raw image body, which the typed client does not send; same fetch and envelope handling.
  putThumbnail: (uploadId: string, image: Blob) =>
    unwrap<unknown>(
      fetchWithRefresh(`/api/uploads/${enc(uploadId)}/thumbnail`, {
        method: "PUT",
        credentials: "same-origin",
        headers: { "content-type": image.type || "image/jpeg" },
        body: image,
      }),
    ),
  createPost: (body: CreatePostBody): Promise<Post> => unwrap(api.api.posts.$post({ json: body })),
};

/** Turns an XHR answer into the same ApiClientError `unwrap` throws for fetch answers. */
function errorFromXhr(xhr: XMLHttpRequest): ApiClientError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = null;
  }
  if (isErrorBody(body)) return new ApiClientError(body.error.message, xhr.status, body.error.code, body.error.details);
  return new ApiClientError("An unexpected error occurred", xhr.status, "internal");
}

/** One PUT of raw bytes with upload progress; resolves with the parsed JSON answer. */
function xhrPut<T>(url: string, body: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("content-type", "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      signal?.removeEventListener("abort", onAbort);
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch {
          reject(new ApiClientError("An unexpected error occurred", xhr.status, "internal"));
        }
      } else {
        reject(errorFromXhr(xhr));
      }
    };
    xhr.onerror = () => {
      signal?.removeEventListener("abort", onAbort);
      reject(new ApiClientError("Network error. Check your connection and try again.", 0, "network"));
    };
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(body);
  });
}

/** The Worker-backed transport used by the app. */
export const httpTransport: UploadTransport = {
  start: uploadCalls.start,
  status: uploadCalls.status,
  async putPart(uploadId, partNumber, body, onProgress, signal) {
    const url = `/api/uploads/${enc(uploadId)}/parts/${partNumber}`;
    try {
      return await xhrPut<PartResult>(url, body, onProgress, signal);
    } catch (error) {
      // A 15-minute access token can expire in the middle of a long upload: refresh once and
      // send the part again, as the api client does for fetch calls.
      if (error instanceof ApiClientError && error.status === 401 && (await refreshSession())) {
        onProgress(0);
        return xhrPut<PartResult>(url, body, onProgress, signal);
      }
      throw error;
    }
  },
};
