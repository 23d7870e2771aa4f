// Search tiers, every 15 minutes (decision record 0095): each post's and profile's rank class
// (worker/lib/search-rank.ts) for the rows that have none: new rows, rows whose searched text
// changed, and, after migration 0024, every existing row, a bounded batch per run. The class is
// part of the row's key in its FTS table; until it is computed the row is read first by every
// search it matches, so nothing is missed while the job catches up, only read sooner.
import { POST_RANK_MODEL, PROFILE_RANK_MODEL, type RankModel, searchTier } from "../lib/search-rank";
import { mergeSearchIndexes, type PendingRow, postsWithoutTier, profilesWithoutTier, saveTiers } from "../db/queries/search/tiers";
import type { Ctx } from "../env";

/** Rows per table per run: a run re-keys this many FTS rows at most (about 4,000 a second on D1's scale), and 100,000 posts are done in five hours. */
const SEARCH_TIER_BATCH = 5000;

function classify(model: RankModel, rows: PendingRow[]) {
  return rows.map((row) => ({ rowid: row.rowid, updatedAt: row.updatedAt, tier: searchTier(model, row.texts) }));
}

export async function computeSearchTiers({ db }: Pick<Ctx, "db">, batch = SEARCH_TIER_BATCH): Promise<{ posts: number; profiles: number }> {
  const [pendingPosts, pendingProfiles] = await Promise.all([postsWithoutTier(db, batch), profilesWithoutTier(db, batch)]);
  const postsWritten = await saveTiers(db, "posts", classify(POST_RANK_MODEL, pendingPosts));
  const profilesWritten = await saveTiers(db, "profiles", classify(PROFILE_RANK_MODEL, pendingProfiles));
  // Re-keyed rows leave their indexes in more segments: merge them before searches pay for it.
  if (postsWritten > 0) await mergeSearchIndexes(db, "posts");
  if (profilesWritten > 0) await mergeSearchIndexes(db, "profiles");
  return { posts: postsWritten, profiles: profilesWritten };
}
