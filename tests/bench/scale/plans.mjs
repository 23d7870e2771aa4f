// The query plans of the marketplace and messaging lists at scale (issue #33 item 4): each list's
// own query functions (worker/db/queries, worker/services) run as the routes run them, for the demo
// user, against the generated state through a real local D1 binding; every statement they send is
// recorded, and for each one its EXPLAIN QUERY PLAN (on the dataset's file, with its ANALYZE
// statistics) is printed with how long the statement takes on its own (the median of 15 runs on
// the file itself through node:sqlite, so the proxy's round trip is not in it).
//
// A plan line that scans a whole large table, or sorts in a temporary B-tree, is marked. A full
// scan fails the run; so does a temporary sort in a statement that takes SORT_MS or more, which
// says the sort's input is large (one over a page of rows, or a handful, takes microseconds and
// is only listed). The script exits non-zero on a failure (BENCH_NO_FAIL=1 prints only).
//
//   npx tsx --tsconfig tsconfig.worker.json tests/bench/scale/plans.mjs     (run.mjs runs it first)
//
// It opens the state through wrangler's platform proxy, so it must not run beside a server on the
// same state folder (run.mjs runs it before starting one). BENCH_STATE as in run.mjs.
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { getPlatformProxy } from "wrangler";
import { createDb } from "../../../worker/db/client.ts";
import { listActivity } from "../../../worker/db/queries/activity.ts";
import { countUnreadMessages, getConversationFor, listConversations, listMessages } from "../../../worker/db/queries/conversations.ts";
import { listOrders } from "../../../worker/db/queries/orders.ts";
import { feesPaid, listOffers, listPayments, saleTotals } from "../../../worker/db/queries/payments.ts";
import { listOwnProducts } from "../../../worker/db/queries/products.ts";
import { listSellerProducts, listSellerServices } from "../../../worker/db/queries/seller-items.ts";
import { listOwnServices } from "../../../worker/db/queries/services.ts";
import { analyticsOverview } from "../../../worker/services/analytics.ts";
import { MESSAGING_LIMITS } from "../../../shared/constants.ts";
import { root } from "../../../scripts/lib.mjs";
import { datasetIds, d1File } from "./dataset.mjs";

const state = path.resolve(root, process.env.BENCH_STATE ?? ".bench-state/scale");
/** A table with more rows than this is "large": scanning it whole is a finding. */
const LARGE = 5_000;
const PAGE = 20;
const DEEP_PAGES = 25;
const RUNS = 15;
/** A statement with a temporary sort that takes this long sorts a large result. */
const SORT_MS = 1;

/** A D1 binding that records each statement it prepares, with the values bound to it. */
function recording(d1, log) {
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") {
        return (sql) => {
          const entry = { sql, params: [] };
          log.push(entry);
          const statement = target.prepare(sql);
          return new Proxy(statement, {
            get(s, key) {
              if (key === "bind") {
                return (...params) => {
                  entry.params = params;
                  return s.bind(...params);
                };
              }
              const value = s[key];
              return typeof value === "function" ? value.bind(s) : value;
            },
          });
        };
      }
      const value = target[prop];
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Pages through a cursor list `pages` times and answers the cursor that starts the next page. */
async function deepCursor(list, pages) {
  let cursor;
  for (let i = 0; i < pages; i += 1) {
    const page = await list(cursor);
    if (!page.nextCursor) throw new Error(`a list with fewer than ${pages} pages`);
    cursor = page.nextCursor;
  }
  return cursor;
}

async function main() {
  const ids = datasetIds(d1File(state));
  const file = new DatabaseSync(d1File(state), { readOnly: true });
  const proxy = await getPlatformProxy({ configPath: path.join(root, "wrangler.toml"), persist: { path: path.join(state, "v3") } });
  try {
    const raw = proxy.env.DB;
    const rowCounts = new Map();
    const sizeOf = async (table) => {
      if (!rowCounts.has(table)) {
        const row = await raw.prepare(`select count(*) as n from "${table}"`).first().catch(() => null);
        rowCounts.set(table, row ? Number(row.n) : 0);
      }
      return rowCounts.get(table);
    };
    // The plan names a table by its alias; the statement's FROM and JOIN clauses say which table that is.
    const tableOf = (sql, name) => {
      const match = new RegExp(`["\`]?(\\w+)["\`]?\\s+(?:as\\s+)?["\`]?${name}["\`]?(?=[\\s,)]|$)`, "i").exec(sql.replace(/\n/g, " "));
      return match && !["select", "from", "join", "on", "where", "and", "or"].includes(match[1].toLowerCase()) ? match[1] : name;
    };

    const demo = ids.demoId;
    const now = Date.now();
    const { decodeCursor } = await import("../../../shared/cursor.ts");
    const plain = createDb(raw);
    const cursorOf = (encoded) => decodeCursor(encoded);
    // Deep cursors are found with the unrecorded binding: only the measured call's statements count.
    const ownServicesDeep = await deepCursor((c) => listOwnServices(plain, { userId: demo, cursor: c && cursorOf(c), limit: PAGE, mode: "test" }), 10);
    const ownProductsDeep = await deepCursor((c) => listOwnProducts(plain, { userId: demo, cursor: c && cursorOf(c), limit: PAGE, mode: "test" }), 10);
    const conversationsDeep = await deepCursor((c) => listConversations(plain, { userId: demo, cursor: c && cursorOf(c), limit: MESSAGING_LIMITS.conversationsPage }), 10);
    const messagesDeep = await deepCursor(
      (c) => listMessages(plain, { conversationId: ids.longConversation, viewerId: demo, before: c && cursorOf(c), limit: MESSAGING_LIMITS.messagesPage }),
      DEEP_PAGES * 10,
    );
    const salesDeep = await deepCursor((c) => listOrders(plain, { userId: demo, role: "seller", cursor: c && cursorOf(c), limit: PAGE }), DEEP_PAGES);
    const paymentsDeep = await deepCursor((c) => listPayments(plain, { userId: demo, cursor: c && cursorOf(c), limit: PAGE }), DEEP_PAGES);

    const lists = [
      ["services (own), first page", (db) => listOwnServices(db, { userId: demo, cursor: null, limit: PAGE, mode: "test" })],
      ["services (own), deep page", (db) => listOwnServices(db, { userId: demo, cursor: cursorOf(ownServicesDeep), limit: PAGE, mode: "test" })],
      ["products (own), deep page", (db) => listOwnProducts(db, { userId: demo, cursor: cursorOf(ownProductsDeep), limit: PAGE, mode: "test" })],
      ["a seller's services (profile)", (db) => listSellerServices(db, { userId: demo, limit: PAGE })],
      ["a seller's products (profile)", (db) => listSellerProducts(db, { userId: demo, limit: PAGE })],
      ["conversations, first page", (db) => listConversations(db, { userId: demo, limit: MESSAGING_LIMITS.conversationsPage })],
      ["conversations, deep page", (db) => listConversations(db, { userId: demo, cursor: cursorOf(conversationsDeep), limit: MESSAGING_LIMITS.conversationsPage })],
      ["conversations, filtered by name", (db) => listConversations(db, { userId: demo, q: "user_12", limit: MESSAGING_LIMITS.conversationsPage })],
      ["a conversation's membership", (db) => getConversationFor(db, ids.longConversation, demo)],
      ["messages, newest page", (db) => listMessages(db, { conversationId: ids.longConversation, viewerId: demo, limit: MESSAGING_LIMITS.messagesPage })],
      ["messages, deep page", (db) => listMessages(db, { conversationId: ids.longConversation, viewerId: demo, before: cursorOf(messagesDeep), limit: MESSAGING_LIMITS.messagesPage })],
      ["activity", (db) => listActivity(db, demo)],
      // The most prolific author: thousands of likes and comments on their posts.
      ["activity of a prolific author", (db) => listActivity(db, ids.prolificUser)],
      ["unread badges (2k conversations)", (db) => countUnreadMessages(db, demo)],
      ["orders (purchases)", (db) => listOrders(db, { userId: demo, role: "buyer", limit: PAGE })],
      ["orders (sales), first page", (db) => listOrders(db, { userId: demo, role: "seller", limit: PAGE })],
      ["orders (sales), deep page", (db) => listOrders(db, { userId: demo, role: "seller", cursor: cursorOf(salesDeep), limit: PAGE })],
      ["payments summary", (db) => Promise.all([saleTotals(db, demo), feesPaid(db, demo)])],
      ["payments recent, first page", (db) => listPayments(db, { userId: demo, limit: PAGE })],
      ["payments recent, deep page", (db) => listPayments(db, { userId: demo, cursor: cursorOf(paymentsDeep), limit: PAGE })],
      ["offers sent", (db) => listOffers(db, { userId: demo, role: "sent", limit: PAGE })],
      ["analytics, 30 days", (db) => analyticsOverview(db, demo, 30, now)],
      ["analytics, 90 days", (db) => analyticsOverview(db, demo, 90, now)],
    ];
    const only = process.env.BENCH_ONLY;
    const findings = [];
    const seen = new Set();
    for (const [name, run] of lists.filter(([n]) => !only || n.includes(only))) {
      const log = [];
      const result = await run(createDb(recording(raw, log)));
      const count = Array.isArray(result) ? result.length : Array.isArray(result?.items) ? result.items.length : result ? 1 : 0;
      console.log(`\n■ ${name} (${log.length} statement${log.length === 1 ? "" : "s"}, ${count} item${count === 1 ? "" : "s"})`);
      for (const { sql, params } of log) {
        const plan = (await raw.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...params).all()).results;
        const times = [];
        const statement = file.prepare(sql);
        for (let i = 0; i < RUNS; i += 1) {
          const t = performance.now();
          statement.all(...params);
          times.push(performance.now() - t);
        }
        times.sort((a, b) => a - b);
        const median = times[Math.floor(times.length / 2)];
        const flagged = [];
        const depth = new Map([[0, -1]]);
        const lines = [];
        for (const row of plan) {
          const level = (depth.get(row.parent) ?? -1) + 1;
          depth.set(row.id, level);
          let mark = "";
          const scan = /^SCAN (\w+)(?: VIRTUAL TABLE)?$/.exec(row.detail);
          if (scan) {
            const table = tableOf(sql, scan[1]);
            const rows = await sizeOf(table);
            if (rows > LARGE) mark = `  ◀ full scan of ${table} (${rows} rows)`;
          }
          if (/USE TEMP B-TREE/.test(row.detail)) mark = "  ◀ temporary sort";
          if (mark) flagged.push(`${row.detail}${mark}`);
          lines.push(`${"  ".repeat(level + 2)}${row.detail}${mark}`);
        }
        const key = `${sql}\u0000${JSON.stringify(params)}`;
        console.log(`  ${median.toFixed(2).padStart(7)} ms  ${sql.replace(/\s+/g, " ").slice(0, 160)}${sql.length > 160 ? " …" : ""}`);
        for (const line of lines) console.log(line);
        if (flagged.length > 0 && !seen.has(key)) {
          const failed = flagged.some((line) => line.includes("full scan")) || median >= SORT_MS;
          findings.push({ name, flagged, median, failed });
        }
        seen.add(key);
      }
    }
    console.log("");
    const failures = findings.filter((f) => f.failed);
    const notes = findings.filter((f) => !f.failed);
    if (notes.length > 0) {
      console.log(`Temporary sorts of a few rows (under ${SORT_MS} ms):`);
      for (const f of notes) console.log(`  ${f.name}: ${f.median.toFixed(2)} ms — ${f.flagged.join("; ")}`);
    }
    if (failures.length === 0) {
      console.log("No list statement scans a large table or sorts a large result.");
    } else {
      console.log(`Full scans of a large table, or temporary sorts in statements of ${SORT_MS} ms or more:`);
      for (const f of failures) console.log(`  ${f.name}: ${f.median.toFixed(2)} ms — ${f.flagged.join("; ")}`);
      if (process.env.BENCH_NO_FAIL !== "1") process.exitCode = 1;
    }
  } finally {
    file.close();
    await proxy.dispose();
  }
}

await main();
