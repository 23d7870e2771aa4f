// Moderation (issue #27 item 4; DESIGN.md "Reports and moderation"; decision record 0083; the
// contract in shared/moderation-api.ts). Moderators only: the role is granted by `npm run
// moderator` or SQL, never by the API; everyone else gets the 404 of an unknown path.
import { Hono } from "hono";
import { moderationActionBodySchema, type ModerationActionResult, type ModerationQueue } from "@shared/moderation-api";
import { listModerationQueue } from "../db/queries/moderation";
import type { AppEnv } from "../env";
import { validate } from "../lib/validator";
import { moderatorsOnly, requireUser } from "../middleware/session";
import { moderate } from "../services/moderation";

/** Mounted at /moderation. */
export const moderationRoutes = new Hono<AppEnv>()
  .get("/queue", moderatorsOnly, async (c) => {
    const items = await listModerationQueue(c.var.db);
    c.header("Cache-Control", "no-store");
    return c.json({ items } satisfies ModerationQueue, 200);
  })
  .post("/actions", moderatorsOnly, validate("json", moderationActionBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const result = await moderate(c.var.ctx, userId, c.req.valid("json"));
    return c.json(result satisfies ModerationActionResult, 200);
  });
