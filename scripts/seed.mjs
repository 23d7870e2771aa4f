// `npm run db:seed`: migrates the local D1 and seeds the demo world, the first half of `npm start`
// without the dev server. The seed itself is seed/run.ts; this only runs it the way `npm start` does.
import { applyMigrations, ensureDevVars, seed, statePath } from "./lib.mjs";

const state = statePath();
// The demo user's password is hashed with the local pepper, which .dev.vars holds.
ensureDevVars();
applyMigrations(state);
seed(state);
