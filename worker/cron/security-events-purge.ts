// Retention of security events (spec social-feed-search §3 security_events): the daily job
// deletes events older than 90 days.
import { DAY_MS } from "@shared/constants";
import { deleteSecurityEventsBefore } from "../db/queries/security-events";
import type { Ctx } from "../env";

/** How long events are kept before the daily clean-up deletes them. */
const SECURITY_EVENT_RETENTION_MS = 90 * DAY_MS;

export async function purgeOldSecurityEvents({ db, now }: Pick<Ctx, "db" | "now">): Promise<{ deleted: number }> {
  return deleteSecurityEventsBefore(db, now - SECURITY_EVENT_RETENTION_MS);
}
