// Upload and post-creation calls of the posts & media contract (spec social-feed-search §4 post
// creation, §5 Upload; DESIGN.md "Large uploads"). JSON calls go through the shared api client's
// fetch (401 → one refresh → one retry) and `unwrap` (error envelope → ApiClientError with the
// server's spec-exact message). Starting an upload and sending its parts is web/lib/multipart-upload.ts,
// which digital products use too.
import { api, fetchWithRefresh, unwrap } from "@web/lib/api-client";
import type { CreatePostBody, Post } from "@shared/posts-api";

const enc = encodeURIComponent;

export const uploadCalls = {
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
