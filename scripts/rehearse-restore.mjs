// Rehearses the D1 restore locally (issue #28 item 6, decision record 0087), end to end:
//   1. a fresh local database, migrated and seeded with the demo world;
//   2. the nightly backup job (worker/cron/database-backup.ts) run against it, into local R2;
//   3. the backup downloaded to a folder and turned into SQL by scripts/backup-to-sql.mjs, as an
//      operator would;
//   4. that SQL executed by `wrangler d1 execute --local --file` on a second, empty database;
//   5. every base table compared row by row (rowids included), and each FTS5 search index checked
//      (integrity-check, and the same matches as the source for a word from its first row).
// Run: npm run backup:rehearse. Exits 1 on any difference.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy } from "wrangler";
import { baseTables, backUpDatabase, BACKUP_PREFIX, searchIndexTables } from "../worker/cron/database-backup.ts";
import { schemaObjects } from "../worker/db/queries/backup.ts";
import { createLogger } from "../worker/lib/logger.ts";
import { applyMigrations, root, seed } from "./lib.mjs";

const work = path.join(root, ".wrangler/rehearsal");
const source = path.join(work, "source");
const restored = path.join(work, "restored");
const folder = path.join(work, "backup");
rmSync(work, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });

const proxyFor = (state) => getPlatformProxy({ configPath: path.join(root, "wrangler.toml"), persist: { path: path.join(state, "v3") } });

console.log("▸ 1. source database: migrations and the demo world");
applyMigrations(source);
seed(source);

console.log("▸ 2. the nightly backup job, into local R2");
const from = await proxyFor(source);
const result = await backUpDatabase({ env: from.env, log: createLogger({ job: "database-backup" }), now: Date.now() });
if (!("key" in result)) throw new Error(`the backup did not run: ${result.skipped}`);
console.log(`   ${result.tables} tables, ${result.rows} rows under ${result.key}`);

console.log("▸ 3. download and turn into SQL (scripts/backup-to-sql.mjs)");
let cursor;
let objects = 0;
do {
  const listing = await from.env.BACKUPS.list({ prefix: result.key, cursor });
  for (const { key } of listing.objects) {
    const file = path.join(folder, key.slice(result.key.length));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await (await from.env.BACKUPS.get(key)).text());
    objects++;
  }
  cursor = listing.truncated ? listing.cursor : undefined;
} while (cursor);
const sql = spawnSync(process.execPath, [path.join(root, "scripts/backup-to-sql.mjs"), folder], { encoding: "utf8", maxBuffer: 1 << 30 });
if (sql.status !== 0) throw new Error(`backup-to-sql failed: ${sql.stderr}`);
const sqlFile = path.join(work, "restore.sql");
writeFileSync(sqlFile, sql.stdout);
console.log(`   ${objects} objects, ${sql.stdout.split("\n").length - 1} statements in ${path.relative(root, sqlFile)}`);

console.log("▸ 4. wrangler d1 execute --local --file on an empty database");
const started = Date.now();
const execute = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", restored, "--file", sqlFile, "--yes"], {
  cwd: root,
  encoding: "utf8",
  env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});
if (execute.status !== 0) throw new Error(`wrangler d1 execute failed:\n${execute.stdout}\n${execute.stderr}`);
console.log(`   restored in ${((Date.now() - started) / 1000).toFixed(1)} s`);

console.log("▸ 5. compare");
const to = await proxyFor(restored);
const failures = [];
const all = async (db, query, ...binds) => (await db.prepare(query).bind(...binds).all()).results;
const schema = await schemaObjects(from.env.DB);
for (const table of baseTables(schema)) {
  const q = `SELECT rowid AS __rowid, * FROM "${table}" ORDER BY rowid`;
  const [a, b] = [JSON.stringify(await all(from.env.DB, q)), JSON.stringify(await all(to.env.DB, q))];
  if (a !== b) failures.push(`${table}: the restored rows differ`);
}
const restoredSchema = await schemaObjects(to.env.DB);
const names = (objects) => objects.filter((o) => !/^(sqlite_|_cf_)/.test(o.name)).map((o) => `${o.type} ${o.name}`).sort();
if (JSON.stringify(names(schema)) !== JSON.stringify(names(restoredSchema))) failures.push("the restored schema objects differ from the source's");
const fts = [...searchIndexTables(schema)].filter((name) => schema.some((o) => o.name === name && /^CREATE VIRTUAL TABLE/i.test(o.sql ?? "")));
for (const name of fts) {
  try {
    await to.env.DB.prepare(`INSERT INTO "${name}"("${name}") VALUES('integrity-check')`).run();
  } catch (error) {
    failures.push(`${name}: integrity-check failed: ${error}`);
  }
  const first = (await all(from.env.DB, `SELECT * FROM "${name}" LIMIT 1`))[0];
  const word = Object.values(first ?? {}).join(" ").match(/\p{L}{4,}/u)?.[0];
  if (!word) continue;
  const q = `SELECT rowid FROM "${name}" WHERE "${name}" MATCH ? ORDER BY rowid`;
  const [a, b] = [JSON.stringify(await all(from.env.DB, q, `"${word}"`)), JSON.stringify(await all(to.env.DB, q, `"${word}"`))];
  if (a !== b || a === "[]") failures.push(`${name}: "${word}" matches ${a} in the source, ${b} restored`);
  else console.log(`   ${name}: "${word}" matches the same ${JSON.parse(a).length} rows`);
}
await from.dispose();
await to.dispose();
if (failures.length > 0) {
  console.error(`✗ restore rehearsal failed:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log(`✓ restore rehearsal: ${baseTables(schema).length} base tables identical, ${fts.length} search indexes rebuilt (${BACKUP_PREFIX})`);
