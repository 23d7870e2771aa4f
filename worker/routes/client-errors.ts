// POST /api/client-errors (issue #28 item 5): the SPA's uncaught errors and React error boundaries,
// one structured log line each, so a failure only browsers see shows up in Workers Logs beside the
// requests. Anyone may report (errors happen before sign-in too); the SPA samples page loads and
// caps reports per page, and here each IP has the client_error budget, counted before the body is
// read so invalid reports spend it too. Nothing is stored, nothing personal is logged: the route
// pattern, not the address, and a signed-in reporter only as the request line's hashed id.
import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { clientErrorSchema } from "@shared/schemas/client-error";
import type { AppEnv } from "../env";
import { validate } from "../lib/validator";
import { limitSubjects, rateSubject } from "../services/rate-limit";
import { viewerId } from "../middleware/session";

const clientErrorLimit = createMiddleware<AppEnv>(async (c, next) => {
  await limitSubjects(c.var.ctx, "client_error", [rateSubject("ip", c.var.ctx.ip)], viewerId(c));
  await next();
});

export const clientErrorRoutes = new Hono<AppEnv>().post("/", clientErrorLimit, validate("json", clientErrorSchema), (c) => {
  const report = c.req.valid("json");
  c.var.log.warn("client error", {
    kind: report.kind,
    clientMessage: report.message,
    clientStack: report.stack,
    clientRoute: report.route,
  });
  return c.json({ accepted: true as const }, 202);
});
