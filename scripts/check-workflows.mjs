// Validates every GitHub Actions workflow in .github/workflows against the workflow schema, offline
// (issue #28 item 4, decision record 0087): @action-validator/core bundles SchemaStore's schema
// with its own checks (job and step shapes, `on` triggers, expressions' places, glob patterns) as
// WebAssembly. `.ci/run` runs it; a workflow GitHub would refuse fails CI here first.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
// CommonJS (wasm-pack's Node target): its exports arrive as the default import.
import actionValidator from "@action-validator/core";

const { validateWorkflow } = actionValidator;

const dir = path.resolve(import.meta.dirname, "../.github/workflows");
const files = readdirSync(dir).filter((name) => name.endsWith(".yml") || name.endsWith(".yaml"));
if (files.length === 0) throw new Error(`no workflows in ${dir}`);

let failed = 0;
for (const name of files) {
  const { errors } = validateWorkflow(readFileSync(path.join(dir, name), "utf8"));
  if (errors.length === 0) {
    console.log(`✓ .github/workflows/${name}`);
    continue;
  }
  failed++;
  console.error(`✗ .github/workflows/${name}\n${JSON.stringify(errors, null, 2)}`);
}
if (failed > 0) process.exit(1);
