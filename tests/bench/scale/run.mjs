// Read-path benchmark at scale: every list endpoint against /api/health in one run,
// on the dataset of ./dataset.mjs, signed in as the demo user. Prints p50/p99 per endpoint, the
// ratio to health's p50/p99 and the response size.
//
//   npm run bench:scale        generates the dataset into .bench-state/scale on the first run
//                              (migrations, demo seed, then ./dataset.mjs), builds, serves the
//                              production build with `vite preview` on a free loopback port,
//                              measures, stops the server
//
// Options: BENCH_DURATION (seconds per endpoint, default 6), BENCH_CONNECTIONS (default 10),
// BENCH_SKIP_BUILD=1 to reuse dist/, BENCH_REGENERATE=1 to rebuild the state from scratch,
// BENCH_STATE to use another folder, BENCH_ONLY=<substring> to measure some endpoints only,
// BENCH_PLANS=0 to skip the query plans of the marketplace and messaging lists, which are printed
// first (./plans.mjs: every statement those lists send, its EXPLAIN QUERY PLAN on the dataset and
// its time; a full scan of a large table or a temporary sort fails the run like a slow endpoint).
// The limits the issue sets: every list ≤ 2× health p50 and ≤ 3× health p99; the script exits
// non-zero when one is over (BENCH_NO_FAIL=1 prints only).
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { applyMigrations, root, startPreview, stopProcess } from "../../../scripts/lib.mjs";
import { DEMO_EMAIL } from "../../../seed/demo-account.mjs";
import { freePort } from "../upload-lib.mjs";
import { POPULAR_TAG, RARE_TAG } from "./dataset.mjs";
import { measure as measureOnce, prepareState, signIn, statePath as state } from "./state.mjs";

const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 6));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 10));
const P50_LIMIT = 2;
const P99_LIMIT = 3;
/** How many pages deep the "deep page" rows start (20 posts a page). */
const DEEP_PAGES = 25;

/**
 * The nextCursor after `pages` pages of a list (the start of a deep page), passed as `param`
 * (`cursor`, or `before` for a conversation's messages).
 */
async function deepCursor(api, listPath, pages, param = "cursor") {
  let cursor = null;
  const sep = listPath.includes("?") ? "&" : "?";
  for (let i = 0; i < pages; i += 1) {
    const res = await api.request(cursor ? `${listPath}${sep}${param}=${cursor}` : listPath);
    if (res.status !== 200) throw new Error(`${listPath} answered ${res.status}`);
    const page = await res.json();
    if (!page.nextCursor) throw new Error(`${listPath} has fewer than ${pages} pages`);
    cursor = page.nextCursor;
  }
  return `${listPath}${sep}${param}=${cursor}`;
}

async function endpoints(api, ids) {
  return [
    ["feed, first page", "/api/feed"],
    ["feed, deep page", await deepCursor(api, "/api/feed", DEEP_PAGES)],
    [`hashtag #${POPULAR_TAG} (popular)`, `/api/hashtags/${POPULAR_TAG}/posts`],
    [`hashtag #${POPULAR_TAG}, deep page`, await deepCursor(api, `/api/hashtags/${POPULAR_TAG}/posts`, DEEP_PAGES)],
    [`hashtag #${RARE_TAG} (rare)`, `/api/hashtags/${RARE_TAG}/posts`],
    ["all posts, first page", "/api/posts"],
    ["all posts, deep page", await deepCursor(api, "/api/posts", DEEP_PAGES)],
    ["a prolific user's posts", `/api/users/${ids.prolificUser}/posts`],
    ["bookmarks", "/api/bookmarks"],
    ["comments of the 5k post", `/api/posts/${ids.hotPost}/comments`],
    ["search posts", "/api/search/posts?q=session"],
    // Every generated post contains "session": the unranked sorts over a word in every post
    // (decision 0095), first page and a deep one.
    ["search posts recent", "/api/search/posts?q=session&sortBy=recent"],
    ["search posts recent, deep page", await deepCursor(api, "/api/search/posts?q=session&sortBy=recent", DEEP_PAGES)],
    ["search posts popular", "/api/search/posts?q=session&sortBy=popular"],
    ["search users", "/api/search/users?q=scale"],
    ["search hashtags", "/api/search/hashtags?q=scaletag"],
    ["search explore", "/api/search/explore"],
    ["trending hashtags", "/api/hashtags/trending"],
    // The marketplace and messaging (./market.mjs): the demo user owns 300 services and 300
    // products, sold 5k orders, bought 300, and has 2k conversations, one of 20k messages.
    ["services", "/api/services"],
    ["services, deep page", await deepCursor(api, "/api/services", 10)],
    ["products", "/api/products"],
    ["products, deep page", await deepCursor(api, "/api/products", 10)],
    ["a seller's services (profile)", `/api/users/${ids.demoId}/services`],
    ["a seller's products (profile)", `/api/users/${ids.demoId}/products`],
    ["conversations (2k)", "/api/conversations"],
    ["conversations, deep page", await deepCursor(api, "/api/conversations", 10)],
    ["conversations, by name", "/api/conversations?q=user_12"],
    ["messages of the 20k chat", `/api/conversations/${ids.longConversation}/messages`],
    ["messages of the 20k chat, deep", await deepCursor(api, `/api/conversations/${ids.longConversation}/messages`, DEEP_PAGES * 10, "before")],
    ["activity", "/api/activity"],
    ["orders (purchases)", "/api/orders"],
    ["sales (5k)", "/api/orders?role=seller"],
    ["sales, deep page", await deepCursor(api, "/api/orders?role=seller", DEEP_PAGES)],
    ["payments summary", "/api/payments/summary"],
    ["payments recent", "/api/payments/recent"],
    ["payments recent, deep page", await deepCursor(api, "/api/payments/recent", DEEP_PAGES)],
    ["offers sent", "/api/offers?role=sent"],
    ["analytics 30 days", "/api/analytics?days=30"],
    ["analytics 90 days", "/api/analytics?days=90"],
  ];
}

function measure(baseURL, cookie, urlPath) {
  return measureOnce(baseURL, cookie, urlPath, { connections: CONNECTIONS, duration: DURATION });
}

async function main() {
  const ids = prepareState();
  // The plans first: they open the state through wrangler's own proxy, which must not share it
  // with the server (./plans.mjs). BENCH_PLANS=0 skips them. A state generated before a new
  // migration gets it first, so the plans are the ones the server will run.
  if (process.env.BENCH_PLANS !== "0") {
    applyMigrations(state);
    const plans = spawnSync("npx", ["tsx", "--tsconfig", "tsconfig.worker.json", "tests/bench/scale/plans.mjs"], { cwd: root, stdio: "inherit", env: { ...process.env, BENCH_ONLY: "" } });
    if (plans.status !== 0 && process.env.BENCH_NO_FAIL !== "1") process.exitCode = 1;
  }
  const port = await freePort();
  const { server, baseURL } = await startPreview({ state, port, skipBuild: process.env.BENCH_SKIP_BUILD === "1", timeoutMs: 300_000 });
  try {
    const { api, cookie } = await signIn(baseURL);
    const only = process.env.BENCH_ONLY;
    const list = (await endpoints(api, ids)).filter(([name]) => !only || name.includes(only));
    // Warm up every endpoint once (workerd compiles lazily), and note its response size.
    const sizes = new Map();
    for (const [name, urlPath] of [["health", "/api/health"], ...list]) {
      const res = await api.request(urlPath);
      if (res.status !== 200) throw new Error(`${name} (${urlPath}) answered ${res.status}: ${await res.text()}`);
      sizes.set(name, (await res.arrayBuffer()).byteLength);
    }
    // The machine is shared: its load before and after says how far the ratios can be trusted.
    const loadBefore = loadavg();
    const health = await measure(baseURL, cookie, "/api/health");
    const rows = [["health", health]];
    for (const [name, urlPath] of list) rows.push([name, await measure(baseURL, cookie, urlPath)]);

    const h50 = health.latency.p50;
    const h99 = health.latency.p99;
    const header = `${"endpoint".padEnd(34)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"×p50".padStart(6)} ${"×p99".padStart(6)} ${"bytes".padStart(8)}  non-2xx`;
    const load = (l) => l.map((n) => n.toFixed(2)).join(" ");
    console.log(`\nautocannon -c ${CONNECTIONS} -d ${DURATION}s per endpoint, signed in as ${DEMO_EMAIL}`);
    console.log(`load average (1, 5, 15 min) on ${cpus().length} cores: ${load(loadBefore)} before, ${load(loadavg())} after\n`);
    console.log(header);
    console.log("-".repeat(header.length));
    const over = [];
    for (const [name, result] of rows) {
      const r50 = result.latency.p50 / Math.max(h50, 1);
      const r99 = result.latency.p99 / Math.max(h99, 1);
      if (name !== "health" && (r50 > P50_LIMIT || r99 > P99_LIMIT)) over.push(name);
      console.log(
        `${name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(7)} ${String(result.latency.p50).padStart(7)} ${String(result.latency.p99).padStart(7)} ${r50.toFixed(2).padStart(6)} ${r99.toFixed(2).padStart(6)} ${String(sizes.get(name)).padStart(8)}  ${result.non2xx}`,
      );
    }
    console.log(`\nLimits: ≤ ${P50_LIMIT}× health p50 and ≤ ${P99_LIMIT}× health p99 (ratios use at least 1 ms of health).`);
    if (over.length > 0) {
      console.log(`Over the limit: ${over.join(", ")}`);
      if (process.env.BENCH_NO_FAIL !== "1") process.exitCode = 1;
    } else {
      console.log("Every list endpoint is within the limits.");
    }
  } finally {
    stopProcess(server);
  }
}

await main();
