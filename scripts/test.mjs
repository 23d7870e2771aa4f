// `npm test`: the worker and web files and the end-to-end journeys as two Vitest runs side by
// side (decision record 0072). Inside one run Vitest puts a project held to one file at a time
// (e2e) in a group of its own after the others, so in one run the journeys would wait for the whole unit
// part; as two processes the machine is shared from the start. Every line is prefixed with its
// run's name, and the run ends with a summary of both and one plain 'tests: …' line (the form
// tests/summary-reporter.ts prints, which CI reads). Exits non-zero if either run fails.
//
// Arguments go to both runs (`npm test -- tests/web/feed` filters both; a run left without files
// then passes). `npm run test:unit` and `npm run test:e2e` run one side alone.
import { spawn, spawnSync } from "node:child_process";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import { ensureDevVars, root } from "./lib.mjs";

// Vitest's own entry, started with the Node that runs this script (Node 22 under npm; see
// STACK.md): `npx vitest` would pay npm's start-up twice and could pick the system Node.
const vitest = path.join(root, "node_modules/vitest/vitest.mjs");
const extra = process.argv.slice(2);
const filtered = extra.some((arg) => !arg.startsWith("-"));

// The unit run starts at a lower CPU priority (nice 4, where `nice` exists): the journeys wait on
// a browser with timeouts and must keep the pace they had alone, while the worker and web files
// only need throughput and take whatever the journeys leave. Seen without it, once in two runs: a
// checkout journey's "Pay on Stripe Checkout" tab missed its 30 s while both runs were busy.
const runs = [
  { name: "unit", label: "worker + web", projects: ["worker", "web"], nice: 4 },
  { name: "e2e", label: "end-to-end", projects: ["e2e"], nice: 0 },
];
const canNice = process.platform !== "win32" && spawnSync("nice", ["-n", "0", "true"]).status === 0;
const width = Math.max(...runs.map((run) => run.name.length));
// The children write to a pipe, so they would drop colours; keep them when we print to a terminal.
const colour = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: "1" } : {};
const started = Date.now();

function forward(stream, out, prefix, onLine) {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      onLine(line);
      out.write(`${prefix}${line}\n`);
    }
  });
  stream.on("end", () => {
    if (pending) {
      onLine(pending);
      out.write(`${prefix}${pending}\n`);
    }
  });
}

function start(run) {
  const args = [vitest, "run", ...run.projects.flatMap((name) => ["--project", name]), ...(filtered ? ["--passWithNoTests"] : []), ...extra];
  const [command, commandArgs] = canNice && run.nice ? ["nice", ["-n", String(run.nice), process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(command, commandArgs, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...colour } });
  const prefix = `[${run.name}]${" ".repeat(width - run.name.length)} `;
  const result = { run, counts: undefined, code: null, signal: null, seconds: 0 };
  // The summary reporter's line, read so the totals of both runs can be added up.
  const onLine = (line) => {
    const match = /^tests: (\d+) passed, (\d+) failed(?:, (\d+) skipped)?$/.exec(stripVTControlCharacters(line).trim());
    if (match) result.counts = { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3] ?? 0) };
  };
  forward(child.stdout, process.stdout, prefix, onLine);
  forward(child.stderr, process.stderr, prefix, () => {});
  const done = new Promise((resolve) => {
    child.on("error", (error) => {
      process.stderr.write(`${prefix}could not start Vitest: ${error.message}\n`);
      result.code = 1;
      resolve(result);
    });
    child.on("close", (code, signal) => {
      result.code = code;
      result.signal = signal;
      result.seconds = (Date.now() - started) / 1000;
      resolve(result);
    });
  });
  return { child, done };
}

// The e2e setup writes .dev.vars, which wrangler also reads for the worker files' workerd (their
// test bindings override every value in it). Written first, every worker file sees the same file,
// as when the e2e setup ran before them all.
ensureDevVars();
const children = runs.map(start);
// Ctrl-C reaches the children through the terminal's process group; a SIGTERM sent to this
// process alone (a CI timeout) is passed on so that each run can stop its browser and server.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const { child } of children) if (child.exitCode === null) child.kill(signal);
  });
}

const results = await Promise.all(children.map(({ done }) => done));
const total = { passed: 0, failed: 0, skipped: 0 };
const lines = results.map(({ run, counts, code, signal, seconds }) => {
  const ok = code === 0;
  if (counts) for (const key of Object.keys(total)) total[key] += counts[key];
  const tally = counts ? `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ""}` : "no test summary";
  const status = ok ? "passed" : `FAILED (${signal ? `signal ${signal}` : `exit ${code}`})`;
  return `  ${run.name.padEnd(width)}  ${run.label.padEnd(12)} ${status}: ${tally}, done after ${seconds.toFixed(1)} s`;
});
const failed = results.some(({ code }) => code !== 0);
process.stdout.write(`\nBoth runs (${((Date.now() - started) / 1000).toFixed(1)} s in all):\n${lines.join("\n")}\n`);
process.stdout.write(`\ntests: ${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ""}\n`);
process.exitCode = failed ? 1 : 0;
