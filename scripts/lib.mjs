// Helpers shared by `npm start`, the end-to-end setup and the benchmarks: local secrets, the
// local state folder, migrations and the seed. Plain ESM so it runs on Node without a build.
import { spawn, spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");

/** Where local D1/R2/KV/DO state lives; `vite dev`/`vite preview` read the same folder. */
export function statePath() {
  return path.resolve(root, process.env.BACKLINE_STATE ?? ".wrangler/state");
}

/**
 * Local-only settings in .dev.vars (git-ignored): development mode for `npm start` (dev outbox,
 * relaxed dev CSP), random secrets and a VAPID key pair for web push, created once per checkout
 * so no secret is ever committed.
 * The build never copies it into dist/ (vite.config.ts); the production build served by
 * startPreview gets its own settings (previewVars).
 */
export function ensureDevVars() {
  const file = path.join(root, ".dev.vars");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const wanted = {
    ENVIRONMENT: "development",
    JWT_SECRET: randomBytes(32).toString("base64url"),
    PASSWORD_PEPPER: randomBytes(32).toString("base64url"),
    APP_ORIGIN: "",
  };
  let lines = current.split("\n").filter(Boolean);
  let changed = false;
  for (const [key, value] of Object.entries(wanted)) {
    if (!lines.some((line) => line.startsWith(`${key}=`))) {
      lines.push(`${key}=${value}`);
      changed = true;
    }
  }
  // Web push's VAPID pair (issue #30): the two halves belong together, so a file with only one
  // gets a fresh pair (browsers subscribed with the old public key subscribe again).
  const hasKey = (key) => lines.some((line) => line.startsWith(`${key}=`));
  if (!hasKey("VAPID_PUBLIC_KEY") || !hasKey("VAPID_PRIVATE_KEY")) {
    const vapid = generateVapidKeys();
    lines = lines.filter((line) => !line.startsWith("VAPID_PUBLIC_KEY=") && !line.startsWith("VAPID_PRIVATE_KEY="));
    lines.push(`VAPID_PUBLIC_KEY=${vapid.publicKey}`, `VAPID_PRIVATE_KEY=${vapid.privateKey}`);
    changed = true;
  }
  if (changed) writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/**
 * A VAPID key pair as the Worker reads it (worker/env.ts): the public key as the uncompressed
 * P-256 point (0x04 || x || y) and the private key as the 32-byte scalar, both base64url. The
 * JWK export pads x, y and d to their full 32 bytes.
 */
export function generateVapidKeys() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const point = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, "base64url"), Buffer.from(jwk.y, "base64url")]);
  return { publicKey: point.toString("base64url"), privateKey: jwk.d };
}

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", ...options, env: { ...process.env, ...options.env } });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} exited with ${result.status ?? result.signal}`);
  }
}

/**
 * Builds the production bundle. NODE_ENV is pinned: a build started from inside Vitest would
 * otherwise inherit NODE_ENV=test and ship React's development build, so tests and benchmarks
 * would not exercise what we deploy.
 */
export function buildApp() {
  run("npx", ["vite", "build", "--logLevel", "warn"], { env: { NODE_ENV: "production" } });
  assertNoLocalSecretsIn(path.join(root, "dist"));
}

/**
 * Fails if a build left local secrets (.dev.vars, .env) anywhere under `dir` (issue #28, decision
 * record 0086): the Cloudflare plugin copies them next to the Worker, and vite.config.ts removes
 * them. Every end-to-end run and `.ci/run` check it on a fresh build.
 */
export function assertNoLocalSecretsIn(dir) {
  const found = readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && (entry.name === ".dev.vars" || entry.name.startsWith(".dev.vars.") || entry.name === ".env" || entry.name.startsWith(".env.")))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  if (found.length > 0) throw new Error(`The build carries local secrets: ${found.join(", ")} (see noLocalSecretsInBuild in vite.config.ts)`);
}

/**
 * The settings of the production build served locally (startPreview), written next to the built
 * Worker where `vite preview` reads them, after the build and its check: ENVIRONMENT "e2e" (the
 * production code paths with only the outbox, the labelled test payments and the local server's
 * body drain allowed, worker/lib/modes.ts), the origin it is served on, the checkout's secrets
 * from .dev.vars (the seed hashed the demo password with that pepper) and its VAPID pair, so the
 * journeys' pushes are signed and encrypted as a deploy's are.
 */
function writePreviewVars(baseURL, extra = {}) {
  const local = Object.fromEntries(
    readFileSync(ensureDevVars(), "utf8")
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  const vars = {
    ENVIRONMENT: "e2e",
    APP_ORIGIN: baseURL,
    JWT_SECRET: local.JWT_SECRET,
    PASSWORD_PEPPER: local.PASSWORD_PEPPER,
    VAPID_PUBLIC_KEY: local.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: local.VAPID_PRIVATE_KEY,
    ...extra,
  };
  writeFileSync(path.join(root, "dist/backline/.dev.vars"), Object.entries(vars).map(([key, value]) => `${key}=${value}\n`).join(""));
}

/** Applies migrations/ to the local D1 in `state` (idempotent: wrangler skips applied ones). */
export function applyMigrations(state = statePath()) {
  run("npx", ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--persist-to", state], {
    env: { CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
}

/** Seeds the demo world into `state` if it is empty; prints what it did. */
export function seed(state = statePath()) {
  // The seed needs only D1 and R2. Its platform proxy warns about the Durable Objects it does not
  // start (wrangler's warning is silenced by WRANGLER_LOG, workerd's lines are filtered here);
  // those warnings would wrongly suggest the app's rooms are broken. Everything else is shown.
  const result = spawnSync("npx", ["tsx", "--tsconfig", "tsconfig.worker.json", "seed/run.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "pipe"],
    env: { ...process.env, BACKLINE_STATE: state, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_LOG: "error" },
  });
  const stderr = String(result.stderr ?? "")
    .split("\n")
    .filter((line) => !line.includes("A DurableObjectNamespace in the config referenced") && !line.includes('Unknown user config "nodedir"'))
    .join("\n")
    .trim();
  if (stderr) process.stderr.write(`${stderr}\n`);
  if (result.status !== 0) throw new Error(`seed exited with ${result.status ?? result.signal}`);
}

/** Starts a long-running child in its own process group so it can be stopped with its children. */
export function startProcess(command, args, env = {}) {
  return spawn(command, args, {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", ...env },
  });
}

export function stopProcess(child) {
  if (child?.pid && child.exitCode === null) {
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      // Already gone.
    }
  }
}

export async function waitForHttp(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
      lastError = new Error(`${url} answered ${res.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`Timed out waiting for ${url}: ${lastError}`);
}

/**
 * Serves the production build with `vite preview` in workerd on a migrated local state, for the
 * end-to-end tests and the benchmarks, in the "e2e" mode with the production CSP (decision record
 * 0086): ensures .dev.vars, builds (unless skipBuild), writes the preview's settings, migrates
 * (and seeds, if asked), starts the server and waits for /api/health. Returns the server process
 * (stop it with stopProcess), its URL and the state folder. `vars` adds settings of the caller's
 * own (the load harness gives the webhook's signing secret it signs its events with).
 */
export async function startPreview({ state, port, skipBuild = false, seedWorld = false, timeoutMs = 180_000, vars = {} }) {
  ensureDevVars();
  if (!skipBuild) buildApp();
  const baseURL = `http://127.0.0.1:${port}`;
  writePreviewVars(baseURL, vars);
  applyMigrations(state);
  if (seedWorld) seed(state);
  const server = startProcess("npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], {
    BACKLINE_STATE: state,
  });
  let output = "";
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  try {
    await waitForHttp(`${baseURL}/api/health`, timeoutMs);
  } catch (error) {
    stopProcess(server);
    throw new Error(`${error.message}\n--- preview output ---\n${output}`, { cause: error });
  }
  return { server, baseURL, state };
}
