// Retention of the interaction log (decision record 0033): recommendations read only the last 30
// days of interactions, and a row says who looked at whom, so rows older than 90 days (the
// retention of post views and security events) are deleted daily.
import { deleteInteractionsBefore, INTERACTION_RETENTION_MS } from "../db/queries/interactions";
import type { Ctx } from "../env";
import { purgeInBatches } from "./purge-batches";

export async function purgeOldInteractions({ db, now }: Pick<Ctx, "db" | "now">) {
  const deleted = await purgeInBatches((limit) => deleteInteractionsBefore(db, now - INTERACTION_RETENTION_MS, limit));
  return { deleted };
}
