// Measures password-hash cost inside workerd (the runtime production uses), for
// docs/decisions/0003-password-hash.md. Run: npx tsx tests/bench/password-hash.bench.ts
//
// Workers freeze the clock while JavaScript runs (a Spectre mitigation); it advances only at I/O.
// The bench worker therefore times each hash across zero-delay timers, which are I/O boundaries,
// so the measured span includes the CPU time the hash took. The driver cross-checks with
// wall-clock time per request from outside.
import path from "node:path";
// @ts-expect-error plain ESM helper without type declarations
import { root, startProcess, stopProcess, waitForHttp } from "../../scripts/lib.mjs";

const port = process.env.BENCH_PORT ?? "8799";
const base = `http://127.0.0.1:${port}`;
const server = startProcess("npx", [
  "wrangler", "dev", path.join(root, "tests/bench/password-hash-worker.js"),
  "--port", port, "--ip", "127.0.0.1", "--compatibility-date", "2026-10-01",
  "--compatibility-flags", "nodejs_compat", "--config", path.join(root, "tests/bench/password-hash.wrangler.toml"),
]);

async function measure(query: string, runs = 5) {
  const started = performance.now();
  const res = await fetch(`${base}/?${query}&runs=${runs}`);
  const wallPerHash = (performance.now() - started) / runs;
  const body = (await res.json()) as Record<string, unknown>;
  console.log(`${query.padEnd(34)} inside workerd ${JSON.stringify(body)}  wall/hash ≈ ${wallPerHash.toFixed(1)} ms`);
}

try {
  await waitForHttp(`${base}/?kind=pbkdf2&iterations=1&runs=1`, 120_000);
  await measure("kind=pbkdf2&iterations=1000");
  await measure("kind=pbkdf2&iterations=100000");
  await measure("kind=pbkdf2&iterations=600000", 3);
  await measure("kind=scrypt&N=1024");
  await measure("kind=scrypt&N=16384");
  await measure("kind=scrypt&N=16384&p=5", 3);
  await measure("kind=scrypt&N=32768", 3);
  await measure("kind=scrypt&N=32768&p=3", 3);
  await measure("kind=scrypt&N=65536&p=2", 2);
  await measure("kind=scrypt&N=131072", 2);
} finally {
  stopProcess(server);
}
