// What moderation hides from reads (issue #27 item 4; decision record 0083): content hidden
// pending review or by a moderator, and everything of a suspended account, answers like missing
// content to everyone but its owner. Each read query adds these as one more `and(...)` term.
import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/**
 * The account behind `userColumn` is not suspended: one probe per row of users_suspended_idx, the
 * partial index of the suspended accounts (migration 0032), which is small and stays in the page
 * cache; users' own key would read the account's row for its suspended_at. Named (INDEXED BY) so
 * that no plan falls back to that, and a missing index is an error rather than a slow read.
 */
export function accountActive(userColumn: AnySQLiteColumn | SQL): SQL {
  return sql`not exists(select 1 from users su indexed by users_suspended_idx where su.id = ${userColumn} and su.suspended_at is not null)`;
}

/**
 * The account behind `userColumn` is a person one can see and reach: not suspended, and not
 * deleted. A deleted account keeps a "Deleted user" placeholder so messages and orders keep their
 * other party (decision record 0084), but as a profile it is missing: people search, profiles,
 * recommendations and the write guards pass over it. One more primary-key probe
 * (account_deletions) inside the users probe, made only by the reads of people, since a deleted
 * account has no content left.
 */
export function accountPresent(userColumn: AnySQLiteColumn | SQL): SQL {
  // Nested in the one users probe accountActive makes, so a list gains no correlated subquery of
  // its own: a second one tipped people search's planner off its FTS-first plan.
  return sql`not exists(select 1 from users su where su.id = ${userColumn} and (su.suspended_at is not null or exists(select 1 from account_deletions ad where ad.user_id = su.id and ad.completed_at is not null)))`;
}

/**
 * A row of content the viewer may see: neither hidden nor by a suspended account, unless the
 * viewer owns it (an owner keeps seeing their own hidden content, so nothing vanishes unexplained).
 */
export function visibleContent(table: { hiddenAt: AnySQLiteColumn; userId: AnySQLiteColumn }, viewerId: string | null | undefined): SQL {
  const visible = sql`(${table.hiddenAt} is null and ${accountActive(table.userId)})`;
  return viewerId ? sql`(${visible} or ${table.userId} = ${viewerId})` : visible;
}
