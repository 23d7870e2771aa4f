// Raw-body uploads with progress. fetch cannot report upload progress, so the bodies whose
// progress a screen shows (post parts, the profile picture) are sent by XMLHttpRequest. Failures
// become the same ApiClientError `unwrap` throws for fetch answers, carrying the server's
// spec-exact message, and a 401 is retried once after a session refresh, as the api client does.
import { isErrorBody } from "@shared/errors";
import { REQUEST_TEXTS } from "@shared/messages";
import { ApiClientError, refreshSession } from "./api-client";

export interface XhrUploadOptions {
  method: "PUT" | "POST";
  url: string;
  body: Blob;
  /** The body's Content-Type; defaults to application/octet-stream. */
  contentType?: string;
  onProgress?: (loadedBytes: number) => void;
  signal?: AbortSignal;
}

/** Turns an XHR answer into the same ApiClientError `unwrap` throws for fetch answers. */
function errorFromXhr(xhr: XMLHttpRequest): ApiClientError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = null;
  }
  if (isErrorBody(body)) return new ApiClientError(body.error.message, xhr.status, body.error.code, body.error.details);
  return new ApiClientError(REQUEST_TEXTS.unexpectedError, xhr.status, "internal");
}

/** One request with a raw body and upload progress; resolves with the parsed JSON answer. */
function sendOnce<T>({ method, url, body, contentType, onProgress, signal }: XhrUploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("content-type", contentType || "application/octet-stream");
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded);
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
      reject(new ApiClientError(REQUEST_TEXTS.network, 0, "network"));
    };
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    const onAbort = () => xhr.abort();
    signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(body);
  });
}

/**
 * Sends the body and resolves with the JSON answer. A 15-minute access token can expire during a
 * long upload: on a 401 the session is refreshed once and the body sent again from the start.
 */
export async function xhrUpload<T>(options: XhrUploadOptions): Promise<T> {
  try {
    return await sendOnce<T>(options);
  } catch (error) {
    if (error instanceof ApiClientError && error.status === 401 && (await refreshSession())) {
      options.onProgress?.(0);
      return sendOnce<T>(options);
    }
    throw error;
  }
}
