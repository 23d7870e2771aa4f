// What the scale benches share: the generated state folder (migrations, demo seed, then
// ./dataset.mjs, made once and reused), the demo sign-in, and one autocannon run.
import autocannon from "autocannon";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { applyMigrations, ensureDevVars, root, seed } from "../../../scripts/lib.mjs";
import { DEMO_EMAIL, DEMO_PASSWORD } from "../../../seed/demo-account.mjs";
import { client } from "../upload-lib.mjs";
import { DATASET, d1File, datasetIds, generateDataset, hasDataset } from "./dataset.mjs";

/** The state folder: BENCH_STATE, or .bench-state/scale. */
export const statePath = path.resolve(root, process.env.BENCH_STATE ?? ".bench-state/scale");

/**
 * The state with the dataset in it, generated on the first run (or with BENCH_REGENERATE=1, or
 * when the folder holds an older dataset); returns the bench's ids.
 */
export function prepareState(state = statePath) {
  const regenerate = process.env.BENCH_REGENERATE === "1";
  if (!regenerate && existsSync(state)) {
    try {
      if (hasDataset(d1File(state))) return datasetIds(d1File(state));
    } catch {
      // A half-made state folder: start over below.
    }
  }
  rmSync(state, { recursive: true, force: true });
  console.log(`▸ Generating the dataset into ${path.relative(root, state)}`);
  ensureDevVars();
  applyMigrations(state);
  seed(state);
  const ids = generateDataset(d1File(state));
  console.log(`▸ Dataset: ${JSON.stringify(DATASET)}`);
  return ids;
}

/** A client signed in as the demo user, and its cookie header for autocannon. */
export async function signIn(baseURL) {
  const api = client(baseURL);
  const res = await api.request("/api/auth/sign-in", { method: "POST", json: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  if (res.status !== 200) throw new Error(`demo sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = [...api.jar].map(([k, v]) => `${k}=${v}`).join("; ");
  return { api, cookie };
}

/** One autocannon run against `urlPaths` (cycled through, one after the other, per connection). */
export function measure(baseURL, cookie, urlPaths, { connections, duration }) {
  const paths = Array.isArray(urlPaths) ? urlPaths : [urlPaths];
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `${baseURL}${paths[0]}`,
        connections,
        duration,
        headers: { cookie, origin: baseURL },
        ...(paths.length > 1 ? { requests: paths.map((p) => ({ method: "GET", path: p })) } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
