// Deleting in bounded batches: one DELETE of a whole backlog (the first run after a deploy, or
// after a missed day) could outlast D1's per-query time limit. Each batch is one short statement;
// whatever a run leaves is picked up by the next day's run.

/** Rows deleted per statement. */
export const PURGE_BATCH = 1000;
/** Statements per table per run: up to 50,000 rows a day, far above the daily inflow. */
export const PURGE_MAX_BATCHES = 50;

/** Calls `deleteBatch` until it deletes fewer than a full batch (or the cap); returns the total. */
export async function purgeInBatches(deleteBatch: (limit: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < PURGE_MAX_BATCHES; batch++) {
    const deleted = await deleteBatch(PURGE_BATCH);
    total += deleted;
    if (deleted < PURGE_BATCH) break;
  }
  return total;
}
