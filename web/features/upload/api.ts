// Upload and post-creation calls of the posts & media contract (spec social-feed-search §4 post
// creation, §5 Upload; DESIGN.md "Large uploads"). JSON calls go through the shared api client's
// fetch (401 → one refresh → one retry) and `unwrap` (error envelope → ApiClientError with the
// server's spec-exact message). Parts are raw bodies sent by web/lib/xhr-upload.ts, because fetch
// cannot report upload progress.
import { api, fetchWithRefresh, unwrap } from "../../lib/api-client";
import { xhrUpload } from "../../lib/xhr-upload";
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

/** The Worker-backed transport used by the app. */
export const httpTransport: UploadTransport = {
  start: uploadCalls.start,
  status: uploadCalls.status,
  putPart(uploadId, partNumber, body, onProgress, signal) {
    return xhrUpload<PartResult>({ method: "PUT", url: `/api/uploads/${enc(uploadId)}/parts/${partNumber}`, body, onProgress, signal });
  },
};
