// The nightly D1 backup (issue #28 item 6, decision record 0087). Time Travel restores D1 to any
// minute of the last 30 days; this keeps 90 days of nightly copies in the BACKUPS bucket for what
// is found later. `wrangler d1 export` refuses a database with FTS5 tables, so this reads the base
// tables itself: every table except SQLite's and D1's own and the FTS5 tables with their shadow
// tables, row by row with the rowid (the FTS5 tables index base rows by rowid), as NDJSON pages,
// and last a manifest with the schema SQL, so a backup without its manifest is incomplete.
// scripts/backup-to-sql.mjs turns one into a SQL file that rebuilds the database, search index
// included; scripts/rehearse-restore.ts proves that locally.
import type { Ctx } from "../env";
import { rowsAfter, schemaObjects, storedColumns, type SchemaObject } from "../db/queries/backup";

export const BACKUP_PREFIX = "backups/d1/";
/** Nightly copies older than this are deleted by the job (Time Travel covers the last 30 days). */
export const BACKUP_RETENTION_DAYS = 90;
/** Rows per NDJSON object: small enough to hold in memory, large enough to keep object counts low. */
const ROWS_PER_PAGE = 2000;

export interface BackupManifest {
  version: 1;
  createdAt: string;
  /** Every schema object, in creation order: the restore recreates them from this. */
  schema: SchemaObject[];
  /** The base tables backed up, with their row counts and NDJSON page keys. */
  tables: { name: string; rows: number; pages: string[] }[];
}

/** The FTS5 tables and their shadow tables, which the restore recreates and rebuilds instead. */
export function searchIndexTables(schema: SchemaObject[]): Set<string> {
  const fts = schema.filter((o) => o.type === "table" && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? "")).map((o) => o.name);
  const names = new Set(fts);
  for (const o of schema) if (o.type === "table" && fts.some((name) => o.name.startsWith(`${name}_`))) names.add(o.name);
  return names;
}

/** The tables a backup copies: everything but SQLite's (sqlite_*), D1's (_cf_*) and the search index. */
export function baseTables(schema: SchemaObject[]): string[] {
  const index = searchIndexTables(schema);
  return schema.filter((o) => o.type === "table" && !/^(sqlite_|_cf_)/.test(o.name) && !index.has(o.name)).map((o) => o.name);
}

type BackupCtx = Pick<Ctx, "env" | "log" | "now">;

/** Writes tonight's backup (once per UTC day) and deletes those past retention. */
export async function backUpDatabase({ env, log, now }: BackupCtx): Promise<{ skipped: string } | { key: string; tables: number; rows: number; deleted: number }> {
  const bucket = env.BACKUPS;
  if (!bucket) {
    log.warn("database backup: no BACKUPS bucket bound; nothing written");
    return { skipped: "no BACKUPS binding" };
  }
  const day = new Date(now).toISOString().slice(0, 10);
  const folder = `${BACKUP_PREFIX}${day}/`;
  if (await bucket.head(`${folder}manifest.json`)) return { skipped: `already backed up ${day}` };

  const schema = await schemaObjects(env.DB);
  const tables: BackupManifest["tables"] = [];
  let total = 0;
  for (const name of baseTables(schema)) {
    const pages: string[] = [];
    let rows = 0;
    let after = Number.MIN_SAFE_INTEGER;
    // Generated columns are computed again on restore, and cannot be inserted.
    const columns = await storedColumns(env.DB, name);
    for (;;) {
      const page = await rowsAfter(env.DB, name, after, ROWS_PER_PAGE, columns);
      if (page.length === 0) break;
      const key = `${folder}${name}/${String(pages.length + 1).padStart(5, "0")}.ndjson`;
      await bucket.put(key, `${page.map((row) => JSON.stringify(row)).join("\n")}\n`, { httpMetadata: { contentType: "application/x-ndjson" } });
      pages.push(key);
      rows += page.length;
      after = Number(page.at(-1)!.__rowid);
      if (page.length < ROWS_PER_PAGE) break;
    }
    tables.push({ name, rows, pages });
    total += rows;
  }
  const manifest: BackupManifest = { version: 1, createdAt: new Date(now).toISOString(), schema, tables };
  await bucket.put(`${folder}manifest.json`, JSON.stringify(manifest), { httpMetadata: { contentType: "application/json" } });

  // Retention: whole days older than BACKUP_RETENTION_DAYS, by the date in their folder name.
  const oldest = new Date(now - BACKUP_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 10);
  let deleted = 0;
  let cursor: string | undefined;
  do {
    const listing = await bucket.list({ prefix: BACKUP_PREFIX, cursor, limit: 1000 });
    const expired = listing.objects.map((o) => o.key).filter((key) => key.slice(BACKUP_PREFIX.length, BACKUP_PREFIX.length + 10) < oldest);
    if (expired.length > 0) await bucket.delete(expired);
    deleted += expired.length;
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor);

  log.info("database backup written", { key: folder, tables: tables.length, rows: total, deleted });
  return { key: folder, tables: tables.length, rows: total, deleted };
}
