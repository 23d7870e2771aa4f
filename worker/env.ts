// The Worker's environment: bindings from wrangler.toml and per-request variables.
import type { DrizzleD1Database } from "drizzle-orm/d1";

export interface Bindings {
  DB: D1Database;
  MEDIA: R2Bucket;
  PRIVATE_FILES: R2Bucket;
  KV: KVNamespace;
  ASSETS: Fetcher;
  APP_NAME: string;
  /** "production" or "development"; development enables /dev routes such as the mail outbox. */
  ENVIRONMENT: string;
}

export interface Variables {
  requestId: string;
  db: DrizzleD1Database;
}

export interface AppEnv {
  Bindings: Bindings;
  Variables: Variables;
}
