// Reports (issue #27 item 3; DESIGN.md "Reports and moderation"; decision record 0083; the
// contract in shared/moderation-api.ts). Anyone signed in reports a post, comment, message,
// profile, service or product; the owner comes from the server's row, never from the request.
import { Hono } from "hono";
import { reportBodySchema, type ReportReceipt } from "@shared/moderation-api";
import type { AppEnv } from "../env";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { reportContent } from "../services/moderation";

/** Mounted at /reports. */
export const reportRoutes = new Hono<AppEnv>().post("/", signedIn, validate("json", reportBodySchema), async (c) => {
  const { userId } = requireUser(c);
  const { report, created } = await reportContent(c.var.ctx, userId, c.req.valid("json"));
  return c.json(report satisfies ReportReceipt, created ? 201 : 200);
});
