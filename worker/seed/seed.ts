// Seeds the demo world (issue "Foundation", item 7) into D1 and R2. Runs from Node through
// wrangler's platform proxy (scripts/seed.ts, called by `npm start`) and inside workerd in tests;
// the media bytes are passed in, because only Node can read seed/media/.
//
// Idempotent: if the demo user exists, nothing happens. Otherwise the R2 objects are written
// first and then every row in one D1 batch, which is atomic: a failure leaves no half-seeded
// database (at worst a few unreferenced R2 objects), and the next run starts over.
import { getTableColumns, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { createDb, type Db } from "../db/client";
import * as schema from "../db/schema";
import { DEMO_USERNAME } from "./data";
import { SEED_MEDIA_MANIFEST } from "./media-manifest";
import type { SeedMedia, SeedMediaManifest } from "./media-types";
import { buildDemoWorld } from "./world";

export type { SeedMedia, SeedMediaManifest } from "./media-types";
export { DEMO_DISPLAY_NAME, DEMO_EMAIL, DEMO_USERNAME } from "./data";
export { SEED_MEDIA_MANIFEST } from "./media-manifest";

export interface SeedEnv {
  DB: D1Database;
  MEDIA: R2Bucket;
  PRIVATE_FILES: R2Bucket;
}

export interface SeedOptions {
  /** Stored as the demo user's password_hash (the accounts issue supplies it); null otherwise. */
  demoPasswordHash?: string;
  /** "Now" for relative timestamps; defaults to Date.now(). */
  now?: number;
  /** Defaults to the committed manifest of seed/media/. */
  manifest?: SeedMediaManifest;
}

export interface SeedResult {
  seeded: boolean;
  users: number;
  posts: number;
}

/** D1 binds at most 100 parameters per statement. */
const MAX_PARAMS = 100;

/** How many R2 puts run at once. */
const PUT_CONCURRENCY = 8;

export async function isDemoWorldSeeded(db: Db): Promise<boolean> {
  const row = await db
    .select({ id: schema.profiles.userId })
    .from(schema.profiles)
    .where(sql`lower(${schema.profiles.username}) = ${DEMO_USERNAME}`)
    .get();
  return row !== undefined;
}

export async function seedDemoWorld(env: SeedEnv, media: SeedMedia, options: SeedOptions = {}): Promise<SeedResult> {
  const db = createDb(env.DB);
  if (await isDemoWorldSeeded(db)) return { seeded: false, users: 0, posts: 0 };

  const world = buildDemoWorld(options.manifest ?? SEED_MEDIA_MANIFEST, {
    now: options.now ?? Date.now(),
    demoPasswordHash: options.demoPasswordHash ?? null,
  });

  // R2 first. Bytes are read once per file and reused for every key that copies it.
  const cache = new Map<string, Promise<Uint8Array>>();
  const bytesOf = (file: string): Promise<Uint8Array> => {
    let p = cache.get(file);
    if (!p) {
      p = Promise.resolve(media(file)).then((b) => (b instanceof Uint8Array ? b : new Uint8Array(b)));
      cache.set(file, p);
    }
    return p;
  };
  const queue = [...world.objects];
  const worker = async (): Promise<void> => {
    for (let o = queue.shift(); o; o = queue.shift()) {
      const bytes = await bytesOf(o.file);
      await env[o.bucket].put(o.key, bytes, { httpMetadata: { contentType: o.contentType } });
    }
  };
  await Promise.all(Array.from({ length: PUT_CONCURRENCY }, worker));

  // The row records the size of what was stored (placeholder bytes in tests, real files otherwise).
  const posts = await Promise.all(
    world.posts.map(async ({ mediaFile, ...post }) => ({ ...post, sizeBytes: (await bytesOf(mediaFile)).byteLength })),
  );
  const messages = [...world.messages].sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));

  // Parents before children; the triggers fill every counter from these rows.
  const statements: BatchItem<"sqlite">[] = [
    ...inserts(db, schema.users, world.users),
    ...inserts(db, schema.profiles, world.profiles),
    ...inserts(db, schema.follows, world.follows),
    ...inserts(db, schema.posts, posts),
    ...inserts(db, schema.hashtags, world.hashtags),
    ...inserts(db, schema.postHashtags, world.postHashtags),
    ...inserts(db, schema.comments, world.comments),
    ...inserts(db, schema.postLikes, world.postLikes),
    ...inserts(db, schema.bookmarks, world.bookmarks),
    ...inserts(db, schema.services, world.services),
    ...inserts(db, schema.products, world.products),
    ...inserts(db, schema.conversations, world.conversations),
    ...inserts(db, schema.messages, messages),
    ...inserts(db, schema.conversationReads, world.conversationReads),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);

  return { seeded: true, users: world.users.length, posts: world.posts.length };
}

/** Multi-row inserts chunked so that no statement binds more than MAX_PARAMS parameters. */
function inserts<T extends SQLiteTable>(db: Db, table: T, rows: Array<T["$inferInsert"]>): BatchItem<"sqlite">[] {
  const columns = Object.keys(getTableColumns(table)).length;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const out: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    out.push(db.insert(table).values(rows.slice(i, i + perStatement)));
  }
  return out;
}
