// What moderation hides from reads (issue #27 item 4; decision record 0083): content hidden
// pending review or by a moderator, and everything of a suspended account, answers like missing
// content to everyone but its owner. Each read query adds these as one more `and(...)` term.
import { type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

/** The account behind `userColumn` is not suspended: one primary-key probe of users per row. */
export function accountActive(userColumn: AnySQLiteColumn): SQL {
  return sql`not exists(select 1 from users su where su.id = ${userColumn} and su.suspended_at is not null)`;
}

/**
 * A row of content the viewer may see: neither hidden nor by a suspended account, unless the
 * viewer owns it (an owner keeps seeing their own hidden content, so nothing vanishes unexplained).
 */
export function visibleContent(table: { hiddenAt: AnySQLiteColumn; userId: AnySQLiteColumn }, viewerId: string | null | undefined): SQL {
  const visible = sql`(${table.hiddenAt} is null and ${accountActive(table.userId)})`;
  return viewerId ? sql`(${visible} or ${table.userId} = ${viewerId})` : visible;
}
