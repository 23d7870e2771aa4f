// Seeds the demo world into the local D1 and R2 that `vite dev` uses.
//
//   npm run db:seed                    # scripts/seed.mjs: migrates .wrangler/state, then runs this
//   BACKLINE_STATE=/tmp/state npx tsx --tsconfig tsconfig.worker.json seed/run.ts   # after `wrangler d1 migrations apply DB --local --persist-to <state>`
//
// The state directory is $BACKLINE_STATE or .wrangler/state; wrangler and @cloudflare/vite-plugin
// keep local D1/R2/KV under <state>/v3. Migrations must already be applied. Seeding is idempotent:
// a database that already has the demo user is left alone. The start script imports seedLocal().
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { getPlatformProxy } from "wrangler";

// Mirrors of seed/world/seed.ts's types. This Node script's TypeScript project cannot include
// Worker files (they use Workers globals such as D1Database), so the seed module is imported at
// run time by URL and described here.
export interface SeedResult {
  seeded: boolean;
  users: number;
  posts: number;
}
type SeedEnv = Record<"DB" | "MEDIA" | "PRIVATE_FILES", unknown>;
type SeedDemoWorld = (
  env: SeedEnv,
  media: (file: string) => Promise<Uint8Array>,
  options: { demoPasswordHash?: string },
) => Promise<SeedResult>;

// The demo sign-in (plain ESM, shared with scripts/start.mjs, which prints it).
// @ts-expect-error plain ESM helper without type declarations
import { DEMO_EMAIL, DEMO_PASSWORD } from "./demo-account.mjs";

type HashPassword = (env: { PASSWORD_PEPPER: string }, password: string) => Promise<string>;

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const MEDIA_DIR = path.join(ROOT, "seed/media");

export interface SeedLocalOptions {
  /** Local state directory (the parent of v3/); defaults to $BACKLINE_STATE or .wrangler/state. */
  state?: string;
  /** Password hash for the demo user, once the accounts issue provides one. */
  demoPasswordHash?: string;
  /** Print a summary (default true). */
  log?: boolean;
}

export function stateDir(state?: string): string {
  return path.resolve(ROOT, state ?? process.env.BACKLINE_STATE ?? ".wrangler/state");
}

/** Reads a media file by its manifest key, refusing anything outside seed/media/. */
export async function readSeedMedia(file: string): Promise<Uint8Array> {
  const abs = path.resolve(MEDIA_DIR, file);
  if (!abs.startsWith(MEDIA_DIR + path.sep)) throw new Error(`seed: media path outside seed/media: ${file}`);
  return new Uint8Array(await readFile(abs));
}

/**
 * The demo password hashed exactly as the Worker hashes it (worker/services/auth/passwords.ts,
 * imported at run time like the seed module), with the local PASSWORD_PEPPER from .dev.vars, so
 * the demo user can sign in under `npm start`. Undefined, with a warning, when no pepper exists.
 */
export async function demoPasswordHash(): Promise<string | undefined> {
  const file = path.join(ROOT, ".dev.vars");
  const line = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .find((l) => l.startsWith("PASSWORD_PEPPER="))
    : undefined;
  const pepper = line?.slice("PASSWORD_PEPPER=".length).trim();
  if (!pepper) {
    console.warn("seed: no PASSWORD_PEPPER in .dev.vars; the demo user gets no password (run `npm start` to create it)");
    return undefined;
  }
  const passwords = new URL("../worker/services/auth/passwords.ts", import.meta.url).href;
  const { hashPassword } = (await import(passwords)) as { hashPassword: HashPassword };
  return hashPassword({ PASSWORD_PEPPER: pepper }, DEMO_PASSWORD as string);
}

export async function seedLocal(options: SeedLocalOptions = {}): Promise<SeedResult> {
  const state = stateDir(options.state);
  const passwordHash = options.demoPasswordHash ?? (await demoPasswordHash());
  const log = options.log ?? true;
  const seedModule = new URL("./world/seed.ts", import.meta.url).href;
  const { seedDemoWorld } = (await import(seedModule)) as { seedDemoWorld: SeedDemoWorld };
  const proxy = await getPlatformProxy<SeedEnv>({
    configPath: path.join(ROOT, "wrangler.toml"),
    persist: { path: path.join(state, "v3") },
  });
  try {
    const started = Date.now();
    const result = await seedDemoWorld(proxy.env, readSeedMedia, passwordHash ? { demoPasswordHash: passwordHash } : {});
    if (!result.seeded && passwordHash) {
      // A world seeded before the demo had a password: give it one, once.
      const db = proxy.env.DB as { prepare(sql: string): { bind(...values: unknown[]): { run(): Promise<unknown> } } };
      await db
        .prepare("UPDATE users SET password_hash = ? WHERE email = ? AND password_hash IS NULL")
        .bind(passwordHash, DEMO_EMAIL)
        .run();
    }
    if (log) {
      if (result.seeded) {
        console.log(
          `seed: demo world created in ${Date.now() - started} ms: ${result.users} profiles, ${result.posts} posts (sign in as @demo) — state ${state}`,
        );
      } else console.log(`seed: demo world already present (only missing demo payout accounts are added) — state ${state}`);
    }
    return result;
  } finally {
    await proxy.dispose();
  }
}

// Run directly: `npx tsx --tsconfig tsconfig.worker.json seed/run.ts` (what `npm run db:seed` does after the migrations).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  seedLocal().catch((err: unknown) => {
    console.error("seed: failed:", err);
    process.exitCode = 1;
  });
}
