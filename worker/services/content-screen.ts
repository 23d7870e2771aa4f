// The one write pipeline of text people type for others to read (spec social-feed-search §5, the
// second document §5; decision records 0047 and 0048): the writer's rate limit, then the content
// screen, whose refusal is logged as a content_violation event before it is answered. Comments,
// messages, reviews and review answers all go through it, in that order.
import type { Ctx } from "../env";
import { ApiError } from "../lib/errors";
import { limitUser, type RateLimitRuleName } from "./rate-limit";
import { logSecurityEvent } from "./security-events";

interface ScreenInput<Passed extends { ok: true }> {
  /** The writer, whose budget under `rule` one call consumes. */
  userId: string;
  rule: RateLimitRuleName;
  /** The screen's verdict on the text, computed by the caller's own rule (it is pure). */
  verdict: Passed | { ok: false; message: string };
  /** Names the kind of text in the event, e.g. "comment" or "review_answer". */
  source: string;
  /** Ids the event records beside the source, e.g. `{ postId }`. */
  refs?: Record<string, string>;
}

/**
 * Consumes one attempt of the writer's budget, then refuses (validation_failed, in the screen's
 * own words) a text the screen did not pass, after writing the content_violation event. Answers
 * the passing verdict (with the text to store, when the caller's rule prepares one).
 */
export async function screenOrRefuse<Passed extends { ok: true }>(ctx: Pick<Ctx, "env" | "db" | "ip" | "userAgent">, input: ScreenInput<Passed>): Promise<Passed> {
  await limitUser(ctx, input.rule, input.userId);
  if (input.verdict.ok) return input.verdict;
  await logSecurityEvent(ctx.db, {
    userId: input.userId,
    eventType: "content_violation",
    severity: "medium",
    details: { source: input.source, ...input.refs, reason: input.verdict.message },
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  throw new ApiError("validation_failed", input.verdict.message);
}
