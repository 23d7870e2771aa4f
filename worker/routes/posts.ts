// Spec social-feed-search §7 posts / create post / delete post / post_views, §4 post creation and
// deletion, §6 owner permissions, §8 'Post not found' and 'You can only delete your own posts'.
import { Hono } from "hono";
import { POST_ERRORS, POST_TEXTS, UPLOAD_TEXTS } from "@shared/messages";
import { pageQuerySchema } from "@shared/schemas/paging";
import { createPostBodySchema } from "@shared/posts-api";
import { updatePostSchema } from "@shared/schemas/post";
import { createPost, deletePostRow, getPost, getPostOwner, listAllPosts, recordPostView, updatePost } from "../db/queries/posts";
import { storedLoudness } from "../db/queries/loudness";
import { getUpload, isPostUpload } from "../db/queries/uploads";
import type { AppEnv } from "../env";
import { purgeSharedPages } from "./shared-pages";
import { ApiError } from "../lib/errors";
import { paramOr, postParam, postParamSchema } from "../lib/params";
import { viewerDayKey } from "../lib/ip";
import { validate } from "../lib/validator";
import { requireOwner, requireOwnUpload, requireUser, signedIn, viewerId } from "../middleware/session";
import { posterKeyFor } from "../services/media/keys";
import { completeUpload } from "../services/media/multipart";
import { consume, rateSubject } from "../services/rate-limit";
import { limitUser } from "../services/rate-limit";

const postNotFound = () => new ApiError("not_found", POST_ERRORS.postNotFound);

export const postRoutes = new Hono<AppEnv>()
  .get("/", signedIn, validate("query", pageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { cursor, limit } = c.req.valid("query");
    const page = await listAllPosts(c.var.db, { cursor, limit, viewerId: userId });
    return c.json(page, 200);
  })
  .post("/", signedIn, validate("json", createPostBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const body = c.req.valid("json");
    const upload = requireOwnUpload(c, await getUpload(c.var.db, body.uploadId));
    // A product image or file is not post media: it answers like an upload that does not exist.
    if (!isPostUpload(upload)) throw new ApiError("not_found", UPLOAD_TEXTS.notFound);
    if (upload.status !== "uploading") throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
    // Completing checks every part and the total against the declared size; the stored key,
    // MIME type and size below come from the upload row, never from this request.
    const object = await completeUpload(c.env.MEDIA, upload);
    const poster = await c.env.MEDIA.head(posterKeyFor(upload.key));
    const post = {
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
      // Loudness is an audio post's: on an image or a video it is dropped, not stored.
      ...storedLoudness(upload.contentType === "audio" ? body.loudness : null),
      caption: body.caption === "" ? null : body.caption,
      location: body.location,
      tags: body.tags,
    };
    try {
      await createPost(c.var.db, post);
    } catch (error) {
      // A publish of the same upload that won the race inserted the post first (same id).
      if (await getPostOwner(c.var.db, upload.id)) throw new ApiError("conflict", UPLOAD_TEXTS.notOpen);
      throw error;
    }
    const created = await getPost(c.var.db, upload.id, userId);
    if (!created) throw new Error("post vanished after insert");
    // The author's profile lists its first posts: the new one shows at once (0097).
    await purgeSharedPages(c, [{ kind: "profile", id: userId }]);
    return c.json(created, 201);
  })
  .get("/:postId", postParam, async (c) => {
    // Visitors may open share links (/post/{id}); their viewer flags are all false.
    const post = await getPost(c.var.db, c.req.valid("param").postId, viewerId(c));
    if (!post) throw postNotFound();
    return c.json(post, 200);
  })
  .patch("/:postId", postParam, signedIn, validate("json", updatePostSchema), async (c) => {
    requireUser(c);
    const id = c.req.valid("param").postId;
    const current = await getPost(c.var.db, id);
    if (!current) throw postNotFound();
    const { userId } = requireOwner(c, current.userId, POST_TEXTS.editOthersPost);
    await limitUser(c.var.ctx, "post_edit", userId);
    const changes = c.req.valid("json");
    await updatePost(c.var.db, id, { caption: current.caption, tags: current.tags }, {
      ...(changes.caption !== undefined ? { caption: changes.caption === "" ? null : changes.caption } : {}),
      ...(changes.location !== undefined ? { location: changes.location } : {}),
      ...(changes.tags !== undefined ? { tags: changes.tags } : {}),
    });
    // The post's page and its author's profile (which lists it) show the edit at once (0097).
    await purgeSharedPages(c, [{ kind: "post", id }, { kind: "profile", id: userId }]);
    return c.json((await getPost(c.var.db, id, userId))!, 200);
  })
  .delete("/:postId", postParam, async (c) => {
    requireUser(c);
    const id = c.req.valid("param").postId;
    const post = await getPostOwner(c.var.db, id);
    if (!post) throw postNotFound();
    requireOwner(c, post.userId, POST_ERRORS.deleteOthersPost);
    // §4: the stored file is removed first, then the record. If storage fails the row stays, so
    // the owner can simply try again; the reverse order would leave files nobody can delete.
    try {
      await c.env.MEDIA.delete([post.mediaKey, post.thumbnailKey ?? posterKeyFor(post.mediaKey)]);
    } catch (error) {
      c.var.log.error("media delete failed", { postId: id, error });
      throw new ApiError("unavailable", POST_TEXTS.deleteMediaFailed);
    }
    await deletePostRow(c.var.db, id);
    await purgeSharedPages(c, [{ kind: "post", id }, { kind: "profile", id: post.userId }]);
    return c.json({ ok: true as const }, 200);
  })
  // §8: view-tracking failures are only logged; the client always gets 204, also for an id that
  // cannot name a post.
  .post("/:postId/views", paramOr(postParamSchema, (c) => c.body(null, 204)), async (c) => {
    try {
      const { postId } = c.req.valid("param");
      const userId = viewerId(c);
      // One viewer (their account, else their IP) may write a bounded number of view rows.
      const viewer = userId ? rateSubject("user", userId) : rateSubject("ip", c.var.ctx.ip);
      const { allowed } = await consume(c.env, "post_view", viewer);
      if (allowed) {
        // Once per viewer per day, so nobody can inflate another user's analytics (decision record 0085).
        const viewerDay = await viewerDayKey({ userId, ip: c.var.ctx.ip }, c.var.ctx.now);
        await recordPostView(c.var.db, { postId, userId, userAgent: c.req.header("user-agent") ?? null, viewerDay, now: c.var.ctx.now });
      } else {
        c.var.log.warn("post view over the viewer's limit, not recorded");
      }
    } catch (error) {
      c.var.log.warn("post view not recorded", { error });
    }
    return c.body(null, 204);
  });
