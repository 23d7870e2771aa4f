// Turns one nightly D1 backup (worker/cron/database-backup.ts) into a SQL file that rebuilds the
// database on an empty D1 (issue #28 item 6, decision record 0087): the base tables as they were,
// their rows with their rowids, then the indexes, the FTS5 search tables and the triggers, and
// last a 'rebuild' of each search index from its base table. Triggers are created after the rows,
// so restoring fires none of them (the counters are rows like any other).
//
//   node scripts/backup-to-sql.mjs <backup folder with manifest.json> > restore.sql
//   npx wrangler d1 execute <new database> --remote --file restore.sql
//
// README "Operating Backline" has the whole procedure; scripts/rehearse-restore.mjs runs it locally.
import { readFileSync } from "node:fs";
import path from "node:path";

const quote = (name) => `"${String(name).replaceAll('"', '""')}"`;

function literal(value) {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`a non-finite number cannot be restored: ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`unexpected value in a backup row: ${JSON.stringify(value)}`);
}

/** The FTS5 tables and their shadow tables (the same rule as the backup's). */
function searchIndexTables(schema) {
  const fts = schema.filter((o) => o.type === "table" && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? "")).map((o) => o.name);
  const names = new Set(fts);
  for (const o of schema) if (o.type === "table" && fts.some((name) => o.name.startsWith(`${name}_`))) names.add(o.name);
  return { fts, names };
}

/**
 * The restore SQL for the backup whose manifest is `manifest`; `readPage(key)` returns a page's
 * NDJSON text. Yields statements one at a time, so a large backup is never one string.
 */
export function* restoreStatements(manifest, readPage) {
  if (manifest.version !== 1) throw new Error(`unknown backup version ${manifest.version}`);
  const { fts, names: indexTables } = searchIndexTables(manifest.schema);
  const backedUp = new Set(manifest.tables.map((t) => t.name));
  const sqlOf = new Map(manifest.schema.map((o) => [o.name, o.sql ?? ""]));
  // Rows may arrive before the rows they refer to; the keys are checked at the end.
  yield "PRAGMA defer_foreign_keys = true;";
  for (const o of manifest.schema) {
    if (o.type === "table" && backedUp.has(o.name)) yield `${o.sql};`;
  }
  for (const table of manifest.tables) {
    // A table whose rowid is its INTEGER PRIMARY KEY carries it in that column already.
    const rowidIsColumn = /\bINTEGER\s+PRIMARY\s+KEY\b/i.test(sqlOf.get(table.name) ?? "");
    let count = 0;
    for (const key of table.pages) {
      for (const line of readPage(key).split("\n")) {
        if (!line) continue;
        const { __rowid: rowid, ...row } = JSON.parse(line);
        const columns = Object.keys(row);
        const names = rowidIsColumn ? columns : ["rowid", ...columns];
        const values = rowidIsColumn ? columns.map((c) => row[c]) : [rowid, ...columns.map((c) => row[c])];
        yield `INSERT INTO ${quote(table.name)} (${names.map(quote).join(", ")}) VALUES (${values.map(literal).join(", ")});`;
        count++;
      }
    }
    if (count !== table.rows) throw new Error(`${table.name}: the manifest says ${table.rows} rows, the pages hold ${count}`);
  }
  for (const o of manifest.schema) {
    if (o.type === "index" && o.sql && backedUp.has(o.tbl_name)) yield `${o.sql};`;
  }
  for (const name of fts) yield `${sqlOf.get(name)};`;
  for (const o of manifest.schema) {
    if ((o.type === "trigger" || o.type === "view") && o.sql && !indexTables.has(o.name)) yield `${o.sql};`;
  }
  for (const name of fts) yield `INSERT INTO ${quote(name)}(${quote(name)}) VALUES('rebuild');`;
}

// Run directly: the folder holds manifest.json and the pages under their keys' last parts
// (<table>/<n>.ndjson), as `wrangler r2 object get` or the rehearsal lays them out.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const folder = process.argv[2];
  if (!folder) {
    console.error("usage: node scripts/backup-to-sql.mjs <backup folder> > restore.sql");
    process.exit(2);
  }
  const manifest = JSON.parse(readFileSync(path.join(folder, "manifest.json"), "utf8"));
  const local = (key) => readFileSync(path.join(folder, key.split("/").slice(-2).join("/")), "utf8");
  for (const statement of restoreStatements(manifest, local)) process.stdout.write(`${statement}\n`);
}
