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

/** Up to `limit` rows of `table` after `afterRowid`, each with its rowid as `__rowid`. */
export async function rowsAfter(db: D1Database, table: string, afterRowid: number, limit: number): Promise<Record<string, unknown>[]> {
  const quoted = `"${table.replaceAll('"', '""')}"`;
  const { results } = await db.prepare(`SELECT rowid AS __rowid, * FROM ${quoted} WHERE rowid > ? ORDER BY rowid LIMIT ?`).bind(afterRowid, limit).all<Record<string, unknown>>();
  return results;
}
