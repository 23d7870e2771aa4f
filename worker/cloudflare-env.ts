// Ties the runtime's global Env and `cloudflare:workers` exports to our own types, as
// `wrangler types` would, so tests and `env` imports are typed from worker/env.ts.
// (A .ts module rather than a .d.ts: declaration files are skipped by skipLibCheck, which hid
// mistakes here.)
import type { Bindings } from "./env";

declare global {
  namespace Cloudflare {
    interface GlobalProps {
      mainModule: typeof import("./index");
    }
    interface Env extends Bindings {}
  }
}
