// Spec social-feed-search §7 posts / create post / delete post / post_views, §4 post creation and
// deletion, §6 owner permissions, §8 'Post not found' and 'You can only delete your own posts'.
import { Hono } from "hono";
import { POST_ERRORS, POST_TEXTS, UPLOAD_TEXTS } from "../../shared/messages";
import { createPostBodySchema, pageQuerySchema } from "../../shared/posts-api";
import { idSchema } from "../../shared/schemas/common";
import { updatePostSchema } from "../../shared/schemas/post";
import {
  createPost,
  decodeCursor,
  deletePostRow,
  getPost,
  getPostOwner,
  listAllPosts,
  recordPostView,
  updatePost,
} from "../db/queries/posts";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validator";
import { requireOwner, requireUser } from "../middleware/session";
import { posterKeyFor } from "../services/media/keys";
import { completeUpload } from "../services/media/multipart";
import { getUpload } from "../services/media/upload-rows";
import { consume } from "../services/rate-limit";
import { requestMeta } from "../services/security-events";
import { z } from "zod";

const postNotFound = () => new ApiError("not_found", POST_ERRORS.postNotFound);

/** Post ids in paths: an id of the wrong shape is simply a post that does not exist. */
function postIdOf(raw: string): string {
  const parsed = idSchema.safeParse(raw);
  if (!parsed.success) throw postNotFound();
  return parsed.data;
}

export const postRoutes = new Hono<AppEnv>()
  .get("/", validate("query", pageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const query = c.req.valid("query");
    const page = await listAllPosts(c.var.db, { cursor: decodeCursor(query.cursor), limit: query.limit, viewerId: userId });
    return c.json(page, 200);
  })
  .post("/", validate("json", createPostBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const body = c.req.valid("json");
    const upload = await getUpload(c.var.db, body.uploadId);
    if (!upload || upload.userId !== userId) throw new ApiError("not_found", UPLOAD_TEXTS.notFound);
    if (upload.status !== "uploading") throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
    // Completing checks every part and the total against the declared size; the stored key,
    // MIME type and size below come from the upload row, never from this request.
    const object = await completeUpload(c.env.MEDIA, upload);
    const poster = await c.env.MEDIA.head(posterKeyFor(upload.key));
    await createPost(c.var.db, {
      id: upload.id,
      userId,
      contentType: upload.contentType,
      mediaKey: upload.key,
      mimeType: upload.mimeType,
      sizeBytes: object.size,
      thumbnailKey: poster ? poster.key : null,
      width: body.width ?? null,
      height: body.height ?? null,
      durationMs: body.durationMs ?? null,
      waveform: body.waveform ?? null,
      caption: body.caption === "" ? null : body.caption,
      location: body.location,
      tags: body.tags,
    });
    const post = await getPost(c.var.db, upload.id, userId);
    if (!post) throw new Error("post vanished after insert");
    return c.json(post, 201);
  })
  .get("/:id", async (c) => {
    // Visitors may open share links (/post/{id}); their viewer flags are all false.
    const viewerId = c.var.session?.userId ?? null;
    const post = await getPost(c.var.db, postIdOf(c.req.param("id")), viewerId);
    if (!post) throw postNotFound();
    return c.json(post, 200);
  })
  .patch("/:id", validate("json", updatePostSchema), async (c) => {
    requireUser(c);
    const id = postIdOf(c.req.param("id"));
    const current = await getPost(c.var.db, id);
    if (!current) throw postNotFound();
    const { userId } = requireOwner(c, current.userId, POST_TEXTS.editOthersPost);
    const changes = c.req.valid("json");
    await updatePost(c.var.db, id, { caption: current.caption, tags: current.tags }, {
      ...(changes.caption !== undefined ? { caption: changes.caption === "" ? null : changes.caption } : {}),
      ...(changes.location !== undefined ? { location: changes.location } : {}),
      ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
    });
    return c.json((await getPost(c.var.db, id, userId))!, 200);
  })
  .delete("/:id", async (c) => {
    requireUser(c);
    const id = postIdOf(c.req.param("id"));
    const post = await getPostOwner(c.var.db, id);
    if (!post) throw postNotFound();
    requireOwner(c, post.userId, POST_ERRORS.deleteOthersPost);
    // §4: the stored file is removed first, then the record. If storage fails the row stays, so
    // the owner can simply try again; the reverse order would leave files nobody can delete.
    try {
      await c.env.MEDIA.delete([post.mediaKey, post.thumbnailKey ?? posterKeyFor(post.mediaKey)]);
    } catch (error) {
      console.error(JSON.stringify({ level: "error", message: "media delete failed", postId: id, error: String(error) }));
      throw new ApiError("unavailable", POST_TEXTS.deleteMediaFailed);
    }
    await deletePostRow(c.var.db, id);
    return c.json({ ok: true as const }, 200);
  })
  .post("/:id/views", async (c) => {
    // §8: view-tracking failures are only logged; the client always gets 204.
    try {
      const parsed = z.string().pipe(idSchema).safeParse(c.req.param("id"));
      const userId = c.var.session?.userId ?? null;
      if (parsed.success) {
        // One viewer (their account, else their IP) may write a bounded number of view rows.
        const viewer = userId ? `user:${userId}` : `ip:${requestMeta(c.req).ip ?? "unknown"}`;
        const { allowed } = await consume(c.env, "post_view", viewer);
        if (allowed) {
          await recordPostView(c.var.db, { postId: parsed.data, userId, userAgent: c.req.header("user-agent") ?? null });
        } else {
          console.warn(JSON.stringify({ level: "warn", message: "post view over the viewer's limit, not recorded", requestId: c.var.requestId }));
        }
      }
    } catch (error) {
      console.warn(JSON.stringify({ level: "warn", message: "post view not recorded", requestId: c.var.requestId, error: String(error) }));
    }
    return c.body(null, 204);
  });
