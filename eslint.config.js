// ESLint: typescript-eslint's recommended rules, the rules of hooks, and the import boundaries of
// CONVENTIONS.md ("The house"). Why these plugins, and how they run beside TypeScript 7, is in
// docs/decisions/0017-lint-and-import-boundaries.md.
import { readdirSync } from "node:fs";
import path from "node:path";
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const root = import.meta.dirname;

// One zone per feature, read from the folder, so a new feature is fenced in without editing this file.
const features = readdirSync(path.join(root, "web/features"), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const workerTypesOnly = {
  regex: "^(\\.\\./)+worker(/|$)",
  allowTypeImports: true,
  message: "web/ imports only types from worker/ (import type …).",
};
const capacitorOnlyInBridge = {
  group: ["@capacitor/*"],
  message: "Only web/lib/native-bridge.ts imports Capacitor; call the bridge instead.",
};

export default defineConfig(
  {
    // android/ and ios/ hold the native projects and, after `cap sync`, a copy of the built SPA.
    ignores: ["dist/", "dev-dist/", "coverage/", ".wrangler/", "node_modules/", "seed/media/", "web/routeTree.gen.ts", "android/", "ios/"],
  },
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.es2023 } },
    rules: {
      // Unused names starting with _ are deliberate (a parameter a signature needs, a skipped tuple slot).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // `declare global { namespace Cloudflare { interface Env extends Bindings {} } }` is how the
      // runtime's own types are augmented; namespaces that emit code stay forbidden.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      "@typescript-eslint/no-empty-object-type": ["error", { allowInterfaces: "with-single-extends" }],
    },
  },
  {
    files: ["web/**/*.{ts,tsx}", "tests/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["worker/**/*.ts", "seed/world/**/*.ts", "shared/**/*.ts", "tests/worker/**/*.ts", "tests/shared/**/*.ts"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Plain scripts the browser runs before the app (index.html).
    files: ["public/**/*.js"],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ["**/*.mjs", "scripts/**", "seed/run.ts", "seed/tools/**", "tests/bench/**", "tests/e2e/**", "*.config.ts", "tests/summary-reporter.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
  // ---- Import boundaries ----
  {
    files: ["web/**/*.{ts,tsx}", "shared/**/*.ts", "worker/**/*.ts", "seed/world/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      // no-cycle follows imports by parsing each file it reaches: TypeScript files need the
      // TypeScript parser for that (import-x's own TypeScript preset, without its resolver).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // Resolves every import to a file, relative or through the tsconfig aliases, so a zone holds
      // however the import is spelled.
      "import-x/resolver-next": [
        createNodeResolver({
          extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
          alias: { "@web": [path.join(root, "web")], "@shared": [path.join(root, "shared")] },
        }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          basePath: root,
          zones: [
            ...features.map((feature) => ({
              target: `./web/features/${feature}`,
              from: "./web/features",
              except: [`./${feature}`],
              message: "Features never import each other: move what both need to web/components or web/lib.",
            })),
            {
              target: "./shared",
              from: ["./web", "./worker"],
              message: "shared/ is used by both sides, so it imports neither web/ nor worker/.",
            },
            // The SPA's direction: routes → features → components and lib. Shared UI and helpers
            // know no feature and no screen, so any feature can use them.
            {
              target: ["./web/components", "./web/lib"],
              from: ["./web/features", "./web/routes"],
              message: "web/components and web/lib import no feature and no route: pass what they need in, or move the code up.",
            },
            // The Worker's layers: routes → services → db, with lib at the bottom (decision record 0080).
            {
              target: "./worker/db",
              from: ["./worker/services", "./worker/routes", "./worker/middleware"],
              message: "worker/db holds plain queries: it imports no service, route or middleware.",
            },
            {
              target: "./worker/services",
              from: "./worker/routes",
              message: "Services are called by routes, cron and rooms; they import no route.",
            },
            {
              target: "./worker/lib",
              from: ["./worker/services", "./worker/middleware", "./worker/routes"],
              message: "worker/lib is the bottom layer: it imports no service, middleware or route.",
            },
          ],
        },
      ],
      // Type-only imports are allowed to close a loop (the rule skips them): Workers need them
      // where the environment names its Durable Object classes (env.ts) and the classes read it.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The SPA may know the Worker's types (AppType for the hc client), never its code; and only the
    // native bridge talks to Capacitor (decision record 0044), so the rest of the app stays testable
    // in a browser and the plugins stay out of the landing page's bundle.
    files: ["web/**/*.{ts,tsx}"],
    ignores: ["web/lib/native-bridge.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [workerTypesOnly, capacitorOnlyInBridge] }],
    },
  },
  {
    files: ["web/lib/native-bridge.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", { patterns: [workerTypesOnly] }],
    },
  },
);
