// Audio versions of a service delivery and revision notes on their waveform (issue #31 items 2
// and 3; shared/revisions-api.ts, decision record 0091). Mounted at /orders beside the order
// routes: like them, an order the caller is not a party to answers 404 'Order not found'.
import { Hono } from "hono";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { createRevisionNoteBodySchema, createVersionBodySchema, resolveNoteBodySchema } from "@shared/revisions-api";
import type { AppEnv } from "../env";
import { parseRange, readRange } from "../lib/byte-ranges";
import { ApiError } from "../lib/errors";
import { SANDBOX_CSP } from "../lib/file-headers";
import { noteParam, orderParam, versionParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { inlineDisposition } from "../services/payments/downloads";
import { requireOrderParty } from "../services/payments/orders";
import { addVersion, deleteNote, resolveNote, undoResolution, versionAudio, writeNote } from "../services/payments/revisions";

/** Mounted at /orders. */
export const revisionRoutes = new Hono<AppEnv>()
  .post("/:orderId/versions", orderParam, signedIn, validate("json", createVersionBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const party = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    return c.json(await addVersion(c.var.ctx, { ...party, userId }, c.req.valid("json")), 201);
  })
  // The player's source: single byte ranges for seeking, never cached, played in the page.
  .get("/:orderId/versions/:versionId/audio", versionParam, async (c) => {
    const { userId } = requireUser(c);
    const { orderId, versionId } = c.req.valid("param");
    const party = await requireOrderParty(c.var.ctx, { orderId, userId });
    const audio = await versionAudio(c.var.ctx, party, versionId);
    const read = await readRange(c.env.PRIVATE_FILES, audio.key, parseRange(c.req.header("range")));
    const headers = new Headers({
      "Content-Type": audio.contentType,
      "Content-Disposition": inlineDisposition(audio.name),
      "Cache-Control": "private, no-store",
      "Accept-Ranges": "bytes",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": SANDBOX_CSP,
    });
    switch (read.kind) {
      case "missing":
        throw new ApiError("not_found", CHECKOUT_TEXTS.fileNotFound);
      case "unsatisfiable":
        headers.set("Content-Range", `bytes */${read.size}`);
        headers.set("Content-Type", "text/plain; charset=utf-8");
        headers.delete("Content-Disposition");
        return new Response("Range Not Satisfiable", { status: 416, headers });
      case "partial":
        headers.set("Content-Range", `bytes ${read.offset}-${read.offset + read.length - 1}/${read.object.size}`);
        headers.set("Content-Length", String(read.length));
        return new Response(read.object.body, { status: 206, headers });
      case "whole":
        headers.set("Content-Length", String(read.object.size));
        return new Response(read.object.body, { status: 200, headers });
      default: {
        const _exhaustive: never = read;
        return _exhaustive;
      }
    }
  })
  .post("/:orderId/versions/:versionId/notes", versionParam, signedIn, validate("json", createRevisionNoteBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const { orderId, versionId } = c.req.valid("param");
    const party = await requireOrderParty(c.var.ctx, { orderId, userId });
    return c.json(await writeNote(c.var.ctx, { ...party, userId }, versionId, c.req.valid("json")), 201);
  })
  .delete("/:orderId/notes/:noteId", noteParam, async (c) => {
    const { userId } = requireUser(c);
    const { orderId, noteId } = c.req.valid("param");
    const party = await requireOrderParty(c.var.ctx, { orderId, userId });
    await deleteNote(c.var.ctx, { ...party, userId }, noteId);
    return c.body(null, 204);
  })
  .post("/:orderId/notes/:noteId/resolution", noteParam, signedIn, validate("json", resolveNoteBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const { orderId, noteId } = c.req.valid("param");
    const party = await requireOrderParty(c.var.ctx, { orderId, userId });
    return c.json(await resolveNote(c.var.ctx, { ...party, userId }, noteId, c.req.valid("json").versionId), 200);
  })
  .delete("/:orderId/notes/:noteId/resolution", noteParam, async (c) => {
    const { userId } = requireUser(c);
    const { orderId, noteId } = c.req.valid("param");
    const party = await requireOrderParty(c.var.ctx, { orderId, userId });
    return c.json(await undoResolution(c.var.ctx, { ...party, userId }, noteId), 200);
  });
