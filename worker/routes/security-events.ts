// Implements spec social-feed-search §9 "Security monitor" and §3 security_events (with
// DESIGN.md "Security events"): the browser monitor reports what only it can see; the account
// page reads the caller's own events.
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { securityReportSchema } from "@shared/schemas/security-report";
import { getSecuritySummary } from "../db/queries/security-events";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validator";
import { requireUser, viewerId } from "../middleware/session";
import { limitSubjects, rateSubject } from "../services/rate-limit";
import { logSecurityEvent } from "../services/security-events";
import { SECURITY_TEXTS } from "@shared/messages";

/** A report is a few hundred bytes; anything near this is refused before it is parsed. */
const MAX_REPORT_BODY_BYTES = 8 * 1024;

/**
 * The security_report limit, per IP and per signed-in user, counted before the body is validated
 * so that invalid reports spend the same budget as valid ones.
 */
const reportLimit = createMiddleware<AppEnv>(async (c, next) => {
  const userId = viewerId(c);
  const subjects = [rateSubject("ip", c.var.ctx.ip)];
  if (userId) subjects.push(rateSubject("user", userId));
  await limitSubjects(c.var.ctx, "security_report", subjects, userId);
  await next();
});

export const securityEventRoutes = new Hono<AppEnv>()
  .post(
    "/",
    bodyLimit({
      maxSize: MAX_REPORT_BODY_BYTES,
      onError: () => {
        throw new ApiError("payload_too_large", SECURITY_TEXTS.reportDetailsTooLarge);
      },
    }),
    reportLimit,
    validate("json", securityReportSchema),
    async (c) => {
      const report = c.req.valid("json");
      // The user, IP and user agent come from the session and the edge, never from the body.
      const { ip, userAgent } = c.var.ctx;
      await logSecurityEvent(c.var.db, {
        userId: viewerId(c),
        eventType: report.event_type,
        severity: report.severity,
        details: { ...report.details, source: "browser" },
        ip,
        userAgent,
        // A visitor's reports collapse per IP, type and severity (decision record 0022); a
        // signed-in user's stay one row each, for their own summary.
        collapse: "browser_report",
      });
      return c.json({ accepted: true as const }, 202);
    },
  )
  .get("/summary", async (c) => {
    const { userId } = requireUser(c);
    return c.json(await getSecuritySummary(c.var.db, userId));
  });
