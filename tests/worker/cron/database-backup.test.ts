// The nightly D1 backup (issue #28 item 6, decision record 0087): every base table's rows, with
// their rowids, as NDJSON pages in BACKUPS and a manifest written last; no FTS5 table, shadow table
// or SQLite/D1 internal table; once per UTC day; copies past 90 days deleted. The restore from such
// a backup is rehearsed end to end by scripts/rehearse-restore.mjs (npm run backup:rehearse).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { BACKUP_PREFIX, BACKUP_RETENTION_DAYS, backUpDatabase, type BackupManifest } from "../../../worker/cron/database-backup";
import { logger } from "../../../worker/lib/logger";
import { signedInUserWithPost } from "../helpers";

const DAY = 86_400_000;

async function manifestOf(key: string): Promise<BackupManifest> {
  return JSON.parse(await (await env.BACKUPS!.get(`${key}manifest.json`))!.text()) as BackupManifest;
}

describe("the nightly database backup", () => {
  it("copies every base table's rows with their rowids, and no search index", async () => {
    const ana = await signedInUserWithPost();
    const now = Date.UTC(2026, 10, 28, 4);
    const result = await backUpDatabase({ env, log: logger, now });
    expect(result).toMatchObject({ key: `${BACKUP_PREFIX}2026-11-28/` });
    const manifest = await manifestOf(`${BACKUP_PREFIX}2026-11-28/`);
    const names = manifest.tables.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(["users", "posts", "d1_migrations"]));
    expect(names.filter((name) => /_fts|^sqlite_|^_cf_/.test(name))).toEqual([]);
    // The search index is in the schema, for the restore to recreate and rebuild.
    expect(manifest.schema.some((o) => o.name === "posts_fts" && /VIRTUAL TABLE/i.test(o.sql ?? ""))).toBe(true);
    for (const table of manifest.tables) {
      const count = await env.DB.prepare(`SELECT count(*) AS n FROM "${table.name}"`).first<{ n: number }>();
      expect({ table: table.name, rows: table.rows }).toEqual({ table: table.name, rows: count!.n });
    }
    const posts = manifest.tables.find((t) => t.name === "posts")!;
    const rows = (await Promise.all(posts.pages.map(async (key) => (await env.BACKUPS!.get(key))!.text())))
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const row = rows.find((r) => r.id === ana.postId)!;
    const stored = await env.DB.prepare("SELECT rowid AS __rowid, * FROM posts WHERE id = ?").bind(ana.postId).first<Record<string, unknown>>();
    // Every stored column, and not the generated one, which the restore computes again (and could not insert).
    const { popular_rank: generated, ...written } = stored!;
    expect(generated).toEqual(expect.any(Number));
    expect(row).toEqual(written);
    expect(row).not.toHaveProperty("popular_rank");
  });

  it("runs once per UTC day, and deletes the copies past retention", async () => {
    const now = Date.UTC(2026, 11, 5, 4);
    const old = new Date(now - (BACKUP_RETENTION_DAYS + 1) * DAY).toISOString().slice(0, 10);
    const kept = new Date(now - (BACKUP_RETENTION_DAYS - 1) * DAY).toISOString().slice(0, 10);
    await env.BACKUPS!.put(`${BACKUP_PREFIX}${old}/manifest.json`, "{}");
    await env.BACKUPS!.put(`${BACKUP_PREFIX}${old}/users/00001.ndjson`, "{}\n");
    await env.BACKUPS!.put(`${BACKUP_PREFIX}${kept}/manifest.json`, "{}");
    const first = await backUpDatabase({ env, log: logger, now });
    expect(first).toMatchObject({ deleted: 2 });
    expect(await env.BACKUPS!.head(`${BACKUP_PREFIX}${old}/manifest.json`)).toBeNull();
    expect(await env.BACKUPS!.head(`${BACKUP_PREFIX}${kept}/manifest.json`)).not.toBeNull();
    expect(await backUpDatabase({ env, log: logger, now: now + 3_600_000 })).toEqual({ skipped: expect.stringContaining("already backed up") });
  });

  it("writes nothing, and says so, without a BACKUPS bucket", async () => {
    expect(await backUpDatabase({ env: { ...env, BACKUPS: undefined }, log: logger, now: Date.now() })).toEqual({ skipped: "no BACKUPS binding" });
  });
});
