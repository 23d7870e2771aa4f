// The nightly backup's reads (worker/cron/database-backup.ts, decision record 0087): the schema as
// SQLite keeps it, and the rows of one base table in rowid order, a page at a time. Raw D1, not
// drizzle: the backup reads every table, including ones drizzle's schema does not model
// (d1_migrations), and must see exactly what SQLite stores.

export interface SchemaObject {
  type: "table" | "index" | "trigger" | "view";
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** Every table, index, trigger and view, in the order SQLite created them. */
export async function schemaObjects(db: D1Database): Promise<SchemaObject[]> {
  const { results } = await db.prepare("SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid").all<SchemaObject>();
  return results;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The columns of `table` that hold data: a generated column (`posts.popular_rank`, decision record
 * 0095) is computed by SQLite from the others and cannot be written, so a backup leaves it out
 * (table_xinfo's `hidden` is 2 for a virtual and 3 for a stored generated column).
 */
export async function storedColumns(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db.prepare(`PRAGMA table_xinfo(${quote(table)})`).all<{ name: string; hidden: number }>();
  return results.filter((column) => column.hidden !== 2 && column.hidden !== 3).map((column) => column.name);
}

/** Up to `limit` rows of `table` after `afterRowid`, each with its rowid as `__rowid`: the `columns` given, or all. */
export async function rowsAfter(db: D1Database, table: string, afterRowid: number, limit: number, columns?: readonly string[]): Promise<Record<string, unknown>[]> {
  const list = columns && columns.length > 0 ? columns.map(quote).join(", ") : "*";
  const { results } = await db
    .prepare(`SELECT rowid AS __rowid, ${list} FROM ${quote(table)} WHERE rowid > ? ORDER BY rowid LIMIT ?`)
    .bind(afterRowid, limit)
    .all<Record<string, unknown>>();
  return results;
}
