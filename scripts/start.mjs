// `npm start`: the whole app locally in workerd (Miniflare: local D1, R2, KV, Durable Objects),
// migrated and seeded with a demo world, then served by `vite dev` with hot reload.
import { DEMO_EMAIL, DEMO_PASSWORD } from "../seed/demo-account.mjs";
import { applyMigrations, ensureDevVars, seed, statePath } from "./lib.mjs";
import { spawn } from "node:child_process";

const state = statePath();
const port = process.env.PORT ?? "5173";

console.log(`\n▸ Backline: local state in ${state}`);
ensureDevVars();
console.log("▸ Applying database migrations…");
applyMigrations(state);
console.log("▸ Seeding the demo world (skipped if already seeded)…");
seed(state);

console.log(`▸ Starting the app on http://localhost:${port}\n`);
const child = spawn("npx", ["vite", "dev", "--port", port], {
  stdio: "inherit",
  env: { ...process.env, BACKLINE_STATE: state, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});
// Once vite is up, say how to get in (the dev outbox shows any mail the app sends).
setTimeout(() => {
  console.log(`\n▸ Sign in as ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
  console.log(`▸ Mail the app sends (confirmation and reset links): http://localhost:${port}/dev/outbox\n`);
}, 4000);
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
