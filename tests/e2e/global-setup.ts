// End-to-end setup: build the production bundle, start it with `vite preview` in workerd on a
// fresh local state (migrated and seeded like `npm start`), and hand the URL to the tests.
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
// @ts-expect-error plain ESM helper without type declarations
import { applyMigrations, buildApp, ensureDevVars, root, seed, startProcess, stopProcess, waitForHttp } from "../../scripts/lib.mjs";

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

  ensureDevVars();
  if (process.env.E2E_SKIP_BUILD !== "1") buildApp();
  applyMigrations(state);
  seed(state);

  const server = startProcess("npx", ["vite", "preview", "--port", port, "--strictPort"], { BACKLINE_STATE: state });
  let output = "";
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseURL}/api/health`, 120_000);
  } catch (error) {
    stopProcess(server);
    throw new Error(`${(error as Error).message}\n--- preview output ---\n${output}`);
  }
  project.provide("baseURL", baseURL);
  return () => stopProcess(server);
}
