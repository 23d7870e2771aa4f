// Spec social-feed-search §5 Upload (and §2 /upload, §9 upload rate limit and file sizes): R2
// multipart uploads through the Worker. The protocol is in docs/decisions/0005-upload-protocol.md;
// digital product files use it too (contentType 'product_file', decision record 0035).
import { Hono } from "hono";
import { startUploadBodySchema, UPLOAD_PART_SIZE, type StartUploadResponse, type UploadStatusResponse } from "@shared/posts-api";
import { PRODUCT_FILE_UPLOAD } from "@shared/marketplace-api";
import { validateProductFile } from "@shared/rules/product-file";
import { validateUpload } from "@shared/rules/upload";
import { getUpload, isPostUpload, sortedParts, type UploadRow } from "../db/queries/uploads";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { uploadParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireOwnUpload, requireUser, signedIn } from "../middleware/session";
import { abortUpload, bucketForUpload, INVALID_PART_NUMBER, parseContentLength, planParts, putThumbnail, receivePart, startUpload } from "../services/media/multipart";
import { limitUser } from "../services/rate-limit";
import { UPLOAD_TEXTS } from "@shared/messages";

function statusOf(upload: UploadRow): UploadStatusResponse {
  const { partSize, partCount } = planParts(upload.declaredSize);
  return {
    uploadId: upload.id,
    status: upload.status,
    partSize,
    partCount,
    parts: sortedParts(upload),
    receivedBytes: upload.receivedBytes,
  };
}

export const uploadRoutes = new Hono<AppEnv>()
  .post("/", signedIn, validate("json", startUploadBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const body = c.req.valid("json");
    const hasFile = body.fileName != null && body.mimeType != null && body.size != null;
    if (body.contentType === PRODUCT_FILE_UPLOAD) {
      // A digital product's file (decision record 0035): into the private bucket, never served.
      if (!hasFile) throw new ApiError("validation_failed", UPLOAD_TEXTS.selectFile);
      const file = validateProductFile({ name: body.fileName!, type: body.mimeType!, size: body.size! });
      if (!file.ok) throw new ApiError("validation_failed", file.message);
      await limitUser(c.var.ctx, "upload", userId);
      const upload = await startUpload(c.env.PRIVATE_FILES, c.var.db, {
        userId,
        contentType: "product_file",
        mimeType: file.mimeType,
        size: body.size!,
        fileName: body.fileName!,
      });
      const response: StartUploadResponse = { uploadId: upload.id, partSize: UPLOAD_PART_SIZE, partCount: upload.partCount };
      return c.json(response, 201);
    }
    const checked = validateUpload({
      contentType: body.contentType,
      file: hasFile ? { name: body.fileName!, type: body.mimeType!, size: body.size! } : null,
    });
    if (!checked.ok) throw new ApiError("validation_failed", checked.message);
    // The limit counts upload attempts that passed validation, like the form did (§9: 10 per hour).
    await limitUser(c.var.ctx, "upload", userId);
    const upload = await startUpload(c.env.MEDIA, c.var.db, {
      userId,
      contentType: checked.contentType,
      mimeType: body.mimeType!,
      size: body.size!,
    });
    const response: StartUploadResponse = { uploadId: upload.id, partSize: UPLOAD_PART_SIZE, partCount: upload.partCount };
    return c.json(response, 201);
  })
  .get("/:uploadId", uploadParam, async (c) => {
    requireUser(c);
    const upload = requireOwnUpload(c, await getUpload(c.var.db, c.req.valid("param").uploadId));
    return c.json(statusOf(upload), 200);
  })
  .put("/:uploadId/parts/:partNumber", uploadParam, async (c) => {
    requireUser(c);
    const upload = requireOwnUpload(c, await getUpload(c.var.db, c.req.valid("param").uploadId));
    const raw = c.req.param("partNumber");
    if (!/^\d{1,5}$/.test(raw)) throw new ApiError("bad_request", INVALID_PART_NUMBER);
    const result = await receivePart(bucketForUpload(c.env, upload), c.var.db, upload, {
      partNumber: Number(raw),
      body: c.req.raw.body,
      contentLength: parseContentLength(c.req.header("content-length")),
    });
    return c.json(result, 200);
  })
  .put("/:uploadId/thumbnail", uploadParam, async (c) => {
    requireUser(c);
    const upload = requireOwnUpload(c, await getUpload(c.var.db, c.req.valid("param").uploadId));
    // Posters belong to post media; a product upload has none, as if it did not exist.
    if (!isPostUpload(upload)) throw new ApiError("not_found", UPLOAD_TEXTS.notFound);
    const stored = await putThumbnail(c.env.MEDIA, upload, {
      body: c.req.raw.body,
      contentLength: parseContentLength(c.req.header("content-length")),
      contentType: c.req.header("content-type"),
    });
    return c.json({ ok: true as const, size: stored.size }, 200);
  })
  .delete("/:uploadId", uploadParam, async (c) => {
    requireUser(c);
    const upload = requireOwnUpload(c, await getUpload(c.var.db, c.req.valid("param").uploadId));
    if (upload.status === "completed") throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
    if (upload.status === "uploading") await abortUpload(bucketForUpload(c.env, upload), c.var.db, upload);
    return c.json({ ok: true as const }, 200);
  });
