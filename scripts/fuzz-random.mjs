// `npm run fuzz:random`: the fuzz suite (tests/worker/fuzz) with a new random seed, to explore
// beyond the fixed seed `npm test` runs with (decision record 0025). Prints the seed first, so a
// run that finds something can be repeated: FUZZ_BASE_SEED=<seed> npm run fuzz:random. A failure
// also prints its own seed and path, which replay just that property (FUZZ_SEED, FUZZ_PATH).
//
// FUZZ_RUNS=<n> multiplies every property's runs (the test timeout grows with it). Arguments go
// to Vitest: `npm run fuzz:random -- tests/worker/fuzz/media-ranges.test.ts` fuzzes one file.
import { spawn } from "node:child_process";
import { randomInt } from "node:crypto";
import path from "node:path";
import { root } from "./lib.mjs";

const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
const seed = process.env.FUZZ_BASE_SEED || String(randomInt(1, 2 ** 31 - 1));
const runs = Math.max(1, Number.parseInt(process.env.FUZZ_RUNS ?? "1", 10) || 1);
const files = process.argv.slice(2).some((arg) => !arg.startsWith("-")) ? [] : ["tests/worker/fuzz"];
// The worker project's 20 s per test, times the runs.
const timeout = 20_000 * runs;

process.stdout.write(`fuzz: base seed ${seed}, runs ×${runs} (repeat with FUZZ_BASE_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz:random)\n`);
const child = spawn(process.execPath, [vitest, "run", "--project", "worker", `--testTimeout=${timeout}`, ...files, ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, FUZZ_BASE_SEED: seed, FUZZ_RUNS: String(runs) },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("close", (code, signal) => {
  process.stdout.write(`fuzz: base seed ${seed}, runs ×${runs}\n`);
  process.exitCode = code ?? (signal ? 1 : 0);
});
