import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;
const alias = { "@web": path.join(root, "web"), "@shared": path.join(root, "shared") };

export default defineConfig({
  test: {
    reporters: ["default", "./tests/summary-reporter.ts"],
    // Vitest's default is one worker fewer than the cores: on the 2-core CI that is one, and every
    // file ran after the other. Two workers let worker and web files run side by side (each worker
    // waits on workerd, jsdom and the transform server part of the time; decision record 0072).
    // The e2e project stays one file at a time (fileParallelism: false). Inside one run Vitest
    // would hold it back until every other file is done, so `npm test` (scripts/test.mjs) starts
    // it as a run of its own beside the worker and web files (decision record 0072).
    maxWorkers: 2,
    // Every Worker request writes its one info line (worker/middleware/request-log.ts); thousands
    // of them would bury the output that matters. Tests that read them spy on the console, which
    // this does not affect.
    onConsoleLog: (log) => !log.includes('"message":"request"'),
    projects: [
      {
        // Worker, database and realtime tests run inside workerd with local D1, R2, KV and DOs.
        plugins: [
          cloudflareTest(async () => ({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              // The test Worker serves no build: tests that need ASSETS pass a stand-in. Without
              // this, each workerd would list dist/client, which the e2e run's build empties and
              // rewrites while these files run (a file gone between listing and reading fails the
              // start); a directory that does not exist gets an empty one.
              assets: { directory: path.join(root, "tests/worker/no-build") },
              // Notification jobs go to a queue nothing consumes (issue #30): a like or an order in
              // any test file would otherwise be consumed by the Worker's queue() in the background,
              // seconds later, and write rows and mails that file never asked for. The notification
              // tests capture what was enqueued and drive the consumer themselves
              // (tests/worker/notifications).
              queueProducers: { NOTIFICATIONS: { queueName: "backline-notifications-unconsumed" } },
              bindings: {
                ENVIRONMENT: "test",
                // Accounts: fixed test secrets (never used outside tests), a cheap password-hash
                // cost (see docs/decisions/0003-password-hash.md) and Google credentials so the
                // sign-in flow can run against a stubbed token endpoint.
                JWT_SECRET: "test-jwt-secret-0123456789abcdefghijklmnopqrstuvwxyz",
                PASSWORD_PEPPER: "test-pepper-0123456789abcdefghijklmnopqrstuvwxyz",
                PASSWORD_HASH_COST: "test",
                GOOGLE_CLIENT_ID: "test-client-id.apps.googleusercontent.com",
                GOOGLE_CLIENT_SECRET: "test-google-client-secret",
                // Stripe's webhook signing secret, so signed test events verify; without
                // STRIPE_SECRET_KEY the app runs its test mode, and tests/worker/helpers/checkout.ts
                // sets a key per request to run real Stripe mode against a fake Stripe.
                STRIPE_WEBHOOK_SECRET: "whsec_test_backline_0123456789",
                // The Connect endpoint's own secret, distinct, so an event signed for one
                // endpoint is proven to be refused by the other.
                STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_test_connect_9876543210",
                // Web push (issue #30): a fixed VAPID key pair, made once for the tests and used
                // nowhere else (test-only: never configure it on a deploy), so pushes are signed
                // and the tests' receiver (tests/shared/web-push-receiver.ts) can verify them.
                VAPID_PUBLIC_KEY: "BOVkv5sAccPXYdBExdRe-y1hbvq9lmrtEb563FOfKalA3c6qTpsgaBthy-CgTZXIU1_bVr3hbNws_4h33288aKY",
                VAPID_PRIVATE_KEY: "-omYvPhpN5gvPYgClbJ-olbUJRPZpcsk97YshjwCU50",
                VAPID_SUBJECT: "mailto:push@backline.test",
                TEST_MIGRATIONS: await readD1Migrations(path.join(root, "migrations")),
                // The fuzz suite (tests/worker/fuzz, decision record 0025): FUZZ_SEED and FUZZ_PATH
                // replay a failure (the seed and path fast-check printed with it); FUZZ_BASE_SEED
                // replaces the fixed seed `npm test` runs with and FUZZ_RUNS multiplies the runs
                // (both set by `npm run fuzz:random`).
                FUZZ_SEED: process.env.FUZZ_SEED ?? "",
                FUZZ_PATH: process.env.FUZZ_PATH ?? "",
                FUZZ_BASE_SEED: process.env.FUZZ_BASE_SEED ?? "",
                FUZZ_RUNS: process.env.FUZZ_RUNS ?? "",
              },
            },
          })),
        ],
        resolve: { alias },
        test: {
          name: "worker",
          // Workerd tests hash passwords and stream R2 parts; a loaded 2-core CI box needs headroom.
          testTimeout: 20_000,
          include: ["tests/worker/**/*.test.ts", "tests/shared/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
        },
      },
      {
        // React components in jsdom.
        plugins: [react()],
        resolve: { alias },
        test: {
          name: "web",
          environment: "jsdom",
          // Vitest's 5 s default leaves little room on two cores shared with the e2e run (decision
          // record 0072); the slowest web test took 2.6 s there.
          testTimeout: 10_000,
          include: ["tests/web/**/*.test.{ts,tsx}"],
          setupFiles: ["./tests/web/setup.ts"],
        },
      },
      {
        // End-to-end journeys: a real app in workerd, driven by the system Chromium.
        resolve: { alias },
        test: {
          name: "e2e",
          environment: "node",
          include: ["tests/e2e/**/*.e2e.ts"],
          globalSetup: ["./tests/e2e/global-setup.ts"],
          // Fails the running test on a CSP violation or an uncaught page error (decision record 0086).
          setupFiles: ["./tests/e2e/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          // expect.poll gives up after 1 s by default. Beside the worker and web files (decision
          // record 0072) a screen can take longer to settle: a reload of /analytics and the
          // router's step forward after a blocked back each missed it once. Playwright's own
          // expect waits 5 s; these wait 10 s for the same conditions as before.
          expect: { poll: { timeout: 10_000 } },
          fileParallelism: false,
        },
      },
    ],
  },
});
