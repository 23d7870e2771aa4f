// Retention of post views (decision record 0023): a view row records who looked at a post and
// with which browser; nothing reads views older than this, so the daily job deletes them.
import { DAY_MS } from "@shared/constants";
import { deletePostViewsBefore } from "../db/queries/posts";
import type { Ctx } from "../env";
import { purgeInBatches } from "./purge-batches";

/** How long a view row is kept. */
const POST_VIEW_RETENTION_MS = 90 * DAY_MS;

export async function purgeOldPostViews({ db, now }: Pick<Ctx, "db" | "now">) {
  const deleted = await purgeInBatches((limit) => deletePostViewsBefore(db, now - POST_VIEW_RETENTION_MS, limit));
  return { deleted };
}
