// Zod compiles a fast parser with `new Function` when it may, and probes whether it may by calling
// it. Under the production CSP (no 'unsafe-eval') the probe throws and is caught, but the browser
// still reports a securitypolicyviolation, which the journeys rightly count as a failure (decision
// record 0086). `jitless` skips both the probe and the compiled path. It must run before any
// schema is built, so web/main.tsx imports this module first.
import { z } from "zod";

z.config({ jitless: true });
