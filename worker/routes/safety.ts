// Block and mute (issue #27 items 1 and 2; DESIGN.md "Block" and "Mute"; decision record 0082):
// the caller's own blocks, mutes and muted words. What they hide is applied where each list or
// write is answered, through the conditions of db/queries/audience.ts.
import { Hono } from "hono";
import { PROFILE_TEXTS, SAFETY_TEXTS } from "@shared/messages";
import { MUTED_WORDS_MAX } from "@shared/rules/muted-words";
import { pageQuerySchema } from "@shared/schemas/paging";
import { type BlockState, type MutedWordList, mutedWordBodySchema, type MuteState, type Relation } from "@shared/safety-api";
import {
  addBlock,
  addMute,
  addMutedWord,
  deleteMutedWord,
  getRelation,
  listBlocked,
  listMuted,
  listMutedWords,
  removeBlock,
  removeMute,
} from "../db/queries/audience";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { mutedWordParam, userParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { limitUser } from "../services/rate-limit";

const profileNotFound = () => new ApiError("not_found", PROFILE_TEXTS.notFound);

/**
 * Mounted at /users. Blocking answers the same for a user who blocked the caller first, so the
 * answer never tells anyone they are blocked; an unknown id is the profile's own 404.
 */
export const blockRoutes = new Hono<AppEnv>()
  .get("/:userId/relation", userParam, async (c) => {
    const { userId } = requireUser(c);
    const relation = await getRelation(c.var.db, userId, c.req.valid("param").userId);
    return c.json(relation satisfies Relation, 200);
  })
  .post("/:userId/block", userParam, async (c) => {
    const { userId } = requireUser(c);
    const target = c.req.valid("param").userId;
    if (target === userId) throw new ApiError("bad_request", SAFETY_TEXTS.blockSelf);
    await limitUser(c.var.ctx, "safety_toggle", userId);
    if (!(await addBlock(c.var.db, { blockerId: userId, blockedId: target, now: c.var.ctx.now }))) throw profileNotFound();
    return c.json({ blocked: true } satisfies BlockState, 200);
  })
  .delete("/:userId/block", userParam, async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "safety_toggle", userId);
    await removeBlock(c.var.db, userId, c.req.valid("param").userId);
    return c.json({ blocked: false } satisfies BlockState, 200);
  })
  .post("/:userId/mute", userParam, async (c) => {
    const { userId } = requireUser(c);
    const target = c.req.valid("param").userId;
    if (target === userId) throw new ApiError("bad_request", SAFETY_TEXTS.muteSelf);
    await limitUser(c.var.ctx, "safety_toggle", userId);
    if (!(await addMute(c.var.db, { muterId: userId, mutedId: target, now: c.var.ctx.now }))) throw profileNotFound();
    return c.json({ muted: true } satisfies MuteState, 200);
  })
  .delete("/:userId/mute", userParam, async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "safety_toggle", userId);
    await removeMute(c.var.db, userId, c.req.valid("param").userId);
    return c.json({ muted: false } satisfies MuteState, 200);
  });

/** Mounted at /blocks: GET /api/blocks, my blocked accounts newest first. */
export const blockListRoutes = new Hono<AppEnv>().get("/", signedIn, validate("query", pageQuerySchema), async (c) => {
  const { userId } = requireUser(c);
  const { cursor, limit } = c.req.valid("query");
  c.header("Cache-Control", "no-store");
  return c.json(await listBlocked(c.var.db, { userId, cursor, limit }), 200);
});

/** Mounted at /mutes: GET /api/mutes, my muted accounts newest first. */
export const muteListRoutes = new Hono<AppEnv>().get("/", signedIn, validate("query", pageQuerySchema), async (c) => {
  const { userId } = requireUser(c);
  const { cursor, limit } = c.req.valid("query");
  c.header("Cache-Control", "no-store");
  return c.json(await listMuted(c.var.db, { userId, cursor, limit }), 200);
});

/** Mounted at /muted-words. */
export const mutedWordRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { userId } = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json({ items: await listMutedWords(c.var.db, userId) } satisfies MutedWordList, 200);
  })
  .post("/", signedIn, validate("json", mutedWordBodySchema), async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "safety_toggle", userId);
    const word = await addMutedWord(c.var.db, { userId, word: c.req.valid("json").word, now: c.var.ctx.now, max: MUTED_WORDS_MAX });
    if (!word) throw new ApiError("conflict", SAFETY_TEXTS.mutedWordsFull(MUTED_WORDS_MAX));
    return c.json(word, 201);
  })
  .delete("/:wordId", mutedWordParam, async (c) => {
    const { userId } = requireUser(c);
    if (!(await deleteMutedWord(c.var.db, userId, c.req.valid("param").wordId))) throw new ApiError("not_found", SAFETY_TEXTS.mutedWordNotFound);
    return c.json({ ok: true as const }, 200);
  });
