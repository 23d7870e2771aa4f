// End-to-end setup: build the production bundle, start it with `vite preview` in workerd on a
// fresh local state (migrated and seeded like `npm start`), and hand the URL to the tests.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper without type declarations
import { root, startPreview, stopProcess } from "../../scripts/lib.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`End-to-end tests need Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH).`);
  }
  const port = process.env.E2E_PORT ?? "4173";
  const state = path.join(root, "tests/e2e/.state");
  rmSync(state, { recursive: true, force: true });

  // The build, migration, seed and server start, timed: this is the part of the end-to-end run
  // that competes with the worker and web files for the CPU (decision record 0072).
  const started = performance.now();
  const { server, baseURL } = await startPreview({
    state,
    port: Number(port),
    skipBuild: process.env.E2E_SKIP_BUILD === "1",
    seedWorld: true,
  });
  console.log(`e2e setup: app built, seeded and served at ${baseURL} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  project.provide("baseURL", baseURL);
  return () => stopProcess(server);
}
