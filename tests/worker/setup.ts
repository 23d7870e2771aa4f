// Every test file gets its own isolated storage; apply the migrations to its D1 first.
import { applyD1Migrations, env } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
      /** Replay a fuzz-suite failure (helpers/route-fuzz.ts): "" unless set in the environment. */
      FUZZ_SEED: string;
      FUZZ_PATH: string;
      /** The fuzz suite's base seed and run multiplier, from `npm run fuzz:random`: "" in `npm test`. */
      FUZZ_BASE_SEED: string;
      FUZZ_RUNS: string;
    }
  }
}

await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
