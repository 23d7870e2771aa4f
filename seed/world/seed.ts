// Seeds the demo world into D1 and R2. Runs from Node through
// wrangler's platform proxy (seed/run.ts, called by `npm start` and `npm run db:seed`) and inside workerd in tests;
// the media bytes are passed in, because only Node can read seed/media/.
//
// Idempotent: if the demo user exists, only what later issues added to the world's shape is topped
// up (today: the demo sellers' TEST MODE payout accounts, decision record 0081). Otherwise the R2 objects are written
// first and then every row in one D1 batch, which is atomic: a failure leaves no half-seeded
// database (at worst a few unreferenced R2 objects), and the next run starts over.
import { createDb } from "../../worker/db/client";
import { addMissingTestPayouts, hasProfileNamed, insertDemoWorld } from "../../worker/db/queries/demo-world";
import { DEMO_USERNAME, PROFILES } from "./data";
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

/** How many R2 puts run at once. */
const PUT_CONCURRENCY = 8;

export async function seedDemoWorld(env: SeedEnv, media: SeedMedia, options: SeedOptions = {}): Promise<SeedResult> {
  // The seed is an entry point of its own (npm start and tests call it): its one Db is made here.
  const db = createDb(env.DB);
  if (await hasProfileNamed(db, DEMO_USERNAME)) {
    // A world seeded before payouts existed: its sellers (never the demo account) get the TEST
    // MODE account a fresh seed gives them, so `npm start` on an old local database can still buy.
    const sellers = PROFILES.map((p) => p.username).filter((u) => u !== DEMO_USERNAME);
    await addMissingTestPayouts(db, sellers, options.now ?? Date.now());
    return { seeded: false, users: 0, posts: 0 };
  }

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
  const products = await Promise.all(
    world.products.map(async ({ fileSource, ...product }) => ({ ...product, fileSize: fileSource ? (await bytesOf(fileSource)).byteLength : null })),
  );
  const orderFiles = await Promise.all(world.orderFiles.map(async ({ fileSource, ...file }) => ({ ...file, size: (await bytesOf(fileSource)).byteLength })));
  const messages = [...world.messages].sort((a, b) => (a.createdAt ?? 0) - (b.createdAt ?? 0));

  await insertDemoWorld(db, { ...world, posts, products, orderFiles, messages });

  return { seeded: true, users: world.users.length, posts: world.posts.length };
}
