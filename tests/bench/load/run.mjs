// Load and fault harness (issue #33): many people at once, a server restart, a chat room reset, a
// webhook storm — and nothing lost. Runs the production build (`vite preview` in workerd, "e2e"
// mode) on loopback with a fresh state folder, and stops by itself.
//
//   npm run bench:load        200 users, 120 s, one restart, a room reset, a webhook storm, one
//                             real Chromium page through the restart
//   npm run bench:load:ci     20 users, 20 s, the same faults (CI: exits non-zero on any 5xx the
//                             Worker answers, lost or doubled write, or broken invariant; the
//                             local proxy's "fetch failed" 500s only above 1% of requests)
//
// Options: LOAD_USERS, LOAD_SECONDS, LOAD_THINK_MS (mean pause between one user's actions, 5000; CI 1500),
// LOAD_BROWSER=0 (no Chromium page), BENCH_SKIP_BUILD=1 (reuse dist/), LOAD_KEEP_STATE=1 (keep the
// state folder to look at). Each user signs up from its own CF-Connecting-IP and does, one action
// after another, the issue's mix (users.mjs). Every read is first measured alone (unloaded), then
// under load; afterwards the D1 file is opened read-only and every acknowledged write is looked
// for (integrity.mjs). Bounded: every request 15 s, the whole run a hard limit, the server killed
// on any exit.
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPreview } from "../../../scripts/lib.mjs";
import { freePort } from "../upload-lib.mjs";
import { afterRestart, openChatPage, typeDuringOutage } from "./browser.mjs";
import { evictChatRoom, killGroup, restartServer, watchLines, webhookStorm } from "./faults.mjs";
import { Recorder } from "./http.mjs";
import { checkIntegrity } from "./integrity.mjs";
import { connectAttempts } from "./live.mjs";
import { ms, printTable, summarize } from "./stats.mjs";
import { makeSeller, MIX, newLedger, READS, runUser, signUpUser, startOrder, uploadPost } from "./users.mjs";

const CI = process.argv.includes("--ci");
const int = (name, fallback, min, max) => Math.min(max, Math.max(min, Math.round(Number(process.env[name] ?? fallback))));
const USERS = int("LOAD_USERS", CI ? 20 : 200, 4, 400) & ~1; // even: users chat in pairs
const SECONDS = int("LOAD_SECONDS", CI ? 20 : 120, 10, 600);
/**
 * Mean pause between one user's actions. 5 s in the full run: a person reads a post or a message
 * before the next tap. The first full run used 1.5 s (about 130 requests a second offered): the
 * one local workerd on two shared cores answered about 38 a second and its local proxy failed
 * requests after seconds of queueing. CI's 20 users keep 1.5 s (about 13 a second).
 */
const THINK_MS = int("LOAD_THINK_MS", CI ? 1500 : 5000, 100, 20_000);
const BROWSER = process.env.LOAD_BROWSER !== "0";
const BASELINE_SAMPLES = CI ? 15 : 40;
const SELLERS = CI ? 2 : 4;
const STORM_ORDERS = CI ? 3 : 8;
const EVICTED_ROOMS = CI ? 2 : 4;
/** Setup (sign-ups at the production password cost, posts) + the run + faults + the check. */
const HARD_LIMIT_MS = (CI ? 360 : 900) * 1000 + SECONDS * 1000;
/** The issue's target for every read: p99 under load ≤ this × its p99 measured alone. */
const RATIO_TARGET = 3;
/** CI: the share of requests the local proxy may fail (bursts) before the run fails anyway. */
const PROXY_FAILURES_ALLOWED = 0.01;

const sleep = (msDelay) => new Promise((resolve) => setTimeout(resolve, msDelay));

/** Runs `fn` over `items`, `limit` at a time. */
async function pool(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i], i);
      }
    }),
  );
  return out;
}

const log = (line) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

// What the server printed that the report reads: its 5xx answers and its socket upgrades. Every
// line also goes to SERVER_LOG, to look into what went wrong.
const SERVER_LOG = path.join(tmpdir(), "backline-load-server.log");
const serverLog = { errors: [], liveUpgrades: [] };
function onServerLine(line) {
  appendFileSync(SERVER_LOG, `${new Date().toISOString().slice(11, 23)} ${line}\n`);
  const match = /"route":"([^"]*)","status":(\d+)/.exec(line);
  if (!match) return;
  const [, route, status] = match;
  if (Number(status) >= 500) serverLog.errors.push(`${status} ${route}`);
  if (route.endsWith("/live")) serverLog.liveUpgrades.push(Date.now());
}

/** Events per second in the `seconds` after `from` (to show how reconnects spread). */
function perSecond(times, from, seconds) {
  const buckets = new Array(seconds).fill(0);
  for (const t of times) {
    const i = Math.floor((t - from) / 1000);
    if (i >= 0 && i < seconds) buckets[i] += 1;
  }
  return buckets;
}

async function main() {
  const skipBuild = process.env.BENCH_SKIP_BUILD === "1";
  const state = mkdtempSync(path.join(tmpdir(), "backline-load-"));
  const port = await freePort();
  const secret = `whsec_load_${randomBytes(18).toString("base64url")}`;
  const runId = randomBytes(4).toString("hex");
  let server = null;
  let page = null;
  const stopAll = () => {
    killGroup(server, "SIGKILL");
  };
  process.on("exit", stopAll);
  const hardLimit = setTimeout(() => {
    console.error(`\nLoad run exceeded its hard limit of ${HARD_LIMIT_MS / 1000} s; stopping.`);
    stopAll();
    void page?.browser.close().catch(() => {});
    process.exit(2);
  }, HARD_LIMIT_MS);
  hardLimit.unref();

  const failures = [];
  try {
    log(`Starting the production build on 127.0.0.1:${port} (state ${state})`);
    const started = await startPreview({ state, port, skipBuild, vars: { STRIPE_WEBHOOK_SECRET: secret } });
    server = started.server;
    const baseURL = started.baseURL;
    writeFileSync(SERVER_LOG, "");
    watchLines(server, onServerLine);

    // ---- The world: users (each with a post), sellers, conversations, orders for the storm.
    const recorder = new Recorder();
    const setup = new Recorder();
    const ledger = newLedger();
    log(`Signing up ${USERS} users and ${SELLERS} sellers (each from its own address)`);
    const users = await pool(Array.from({ length: USERS }), 4, () => signUpUser(baseURL));
    const sellers = await pool(Array.from({ length: SELLERS }), 2, (_, n) => makeSeller(baseURL, setup, n));
    log("Each user posts a picture; users pair up in conversations");
    const postIds = (await pool(users, 6, (user, i) => uploadPost(setup, user, "setup", `Load setup post ${i} studio session`))).filter(Boolean);
    if (postIds.length < users.length) throw new Error(`setup: only ${postIds.length} of ${users.length} posts were made`);
    for (const user of users) user.counts.upload += 1;
    await pool(
      Array.from({ length: USERS / 2 }, (_, k) => [users[2 * k], users[2 * k + 1]]),
      6,
      async ([a, b]) => {
        const opened = await setup.timed(a.api, "setup", "/api/conversations", { method: "POST", json: { userId: b.id } });
        if (opened.status !== 200 && opened.status !== 201) throw new Error(`open conversation: ${opened.status}`);
        a.chat = { id: opened.body.id, partnerId: b.id };
        b.chat = { id: opened.body.id, partnerId: a.id };
      },
    );
    const hot = Math.min(20, postIds.length);
    users.forEach((user, i) => (user.roomPostId = postIds[i % hot]));
    const stormOrders = [];
    for (let i = 0; i < STORM_ORDERS; i += 1) {
      const buyer = users[i];
      buyer.counts.buy += 1;
      const order = await startOrder(setup, buyer, newLedger(), sellers[i % SELLERS].productId, "setup");
      if (!order) throw new Error("setup: a storm order could not be created");
      const detail = await setup.timed(buyer.api, "setup", `/api/orders/${order.id}`);
      stormOrders.push({ ...order, buyer, totalCents: detail.body.totalCents ?? detail.body.order?.totalCents });
    }
    if (stormOrders.some((o) => !Number.isInteger(o.totalCents))) throw new Error("setup: order total not found in the order detail");

    const world = { baseURL, postIds, userIds: users.map((u) => u.id), sellers, deadline: 0, chosen: new Map(), commentFrames: 0 };

    // ---- Unloaded: each read alone, one request at a time.
    log(`Measuring each read alone (${BASELINE_SAMPLES} requests each, nothing else running)`);
    const baseline = new Recorder();
    const reader = users[0];
    const readPaths = {
      "read: feed": () => "/api/feed",
      "read: profile": (i) => `/api/users/${users[(i % (USERS - 1)) + 1].id}`,
      "read: comments": (i) => `/api/posts/${postIds[i % postIds.length]}/comments`,
      "read: messages": () => `/api/conversations/${reader.chat.id}/messages`,
      "read: search": (i) => `/api/search/posts?q=${["studio", "session", "load", "mix"][i % 4]}`,
      "read: order": () => `/api/orders/${stormOrders[0].id}`,
    };
    for (const name of READS) for (let i = 0; i < BASELINE_SAMPLES; i += 1) await baseline.timed(reader.api, name, readPaths[name](i));

    // ---- The open page (a person in a conversation) and its partner.
    let browserUser = null;
    if (BROWSER) {
      const [person, partner] = await Promise.all([signUpUser(baseURL), signUpUser(baseURL)]);
      const opened = await setup.timed(person.api, "setup", "/api/conversations", { method: "POST", json: { userId: partner.id } });
      browserUser = { person, conversationId: opened.body.id, content: `Typed during the outage ${runId}` };
      page = await openChatPage({ baseURL, user: person, conversationId: opened.body.id });
      log("Chromium: signed in, conversation open");
    }

    // ---- Under load, with the faults.
    const loadStart = Date.now();
    world.deadline = loadStart + SECONDS * 1000;
    log(`Load: ${USERS} users for ${SECONDS} s (think time mean ${THINK_MS} ms)`);
    const running = users.map((user) => runUser({ user, world, recorder, ledger, thinkMs: THINK_MS }));
    const report = { restart: null, storm: null, evictions: [], browser: null };
    const at = async (fraction) => {
      const when = loadStart + fraction * SECONDS * 1000;
      if (Date.now() < when) await sleep(when - Date.now());
    };
    // The faults run one after another, each at its moment or when the last one is done; the run
    // lasts at least a few seconds past the last one, so the recovery is under load as well.
    const stretch = () => (world.deadline = Math.max(world.deadline, Date.now() + 5_000));

    await at(0.3);
    log("Fault: killing the server (SIGKILL to its process group) and starting it again on the same state");
    let afterRestartCheck = Promise.resolve(null);
    const restarted = await restartServer({
      server,
      port,
      state,
      onLine: onServerLine,
      recorder,
      whileDown: async () => (page ? typeDuringOutage(page, browserUser.content) : null),
    });
    server = restarted.server;
    report.restart = restarted;
    log(`Server back after ${(restarted.outageMs / 1000).toFixed(1)} s`);
    if (page) afterRestartCheck = afterRestart(page, browserUser.content);
    stretch();

    await at(0.55);
    log(`Fault: webhook storm (${STORM_ORDERS} orders × 3 events × 5 deliveries, shuffled, at once) while the buyers poll`);
    const stormAt = Date.now();
    report.storm = await webhookStorm({ baseURL, secret, orders: stormOrders, recorder, runId });
    report.storm.startedAt = stormAt;
    stretch();

    await at(0.75);
    log(`Fault: resetting ${EVICTED_ROOMS} chat rooms mid-chat`);
    report.evictionsAt = Date.now();
    for (let k = 0; k < EVICTED_ROOMS; k += 1) {
      const [a, b] = [users[2 * k + 2], users[2 * k + 3]];
      const opensBefore = [a.chat.live.opens, b.chat.live.opens];
      const status = await evictChatRoom(baseURL, a.chat.id);
      report.evictions.push({ conversationId: a.chat.id, status, a, b, opensBefore });
    }
    // Both sides back in the room, then a typing frame and a read marker must cross again.
    await Promise.all(
      report.evictions.map(async (e) => {
        const until = Date.now() + 30_000;
        while (Date.now() < until && !(e.a.chat.live.opens > e.opensBefore[0] && e.b.chat.live.opens > e.opensBefore[1] && e.a.chat.live.joined && e.b.chat.live.joined)) await sleep(100);
        e.rejoined = e.a.chat.live.opens > e.opensBefore[0] && e.b.chat.live.opens > e.opensBefore[1];
        const typingBefore = e.b.chat.typingHeard;
        const readBefore = e.a.chat.readHeard;
        e.a.chat.live.send({ type: "typing", typing: true });
        await recorder.timed(e.b.api, "write: read marker", `/api/conversations/${e.b.chat.id}/read`, { method: "PUT" });
        const seenUntil = Date.now() + 5_000;
        while (Date.now() < seenUntil && !(e.b.chat.typingHeard > typingBefore && e.a.chat.readHeard > readBefore)) await sleep(50);
        e.typingRecovered = e.b.chat.typingHeard > typingBefore;
        e.readRecovered = e.a.chat.readHeard > readBefore;
      }),
    );
    stretch();

    await Promise.all(running);
    const loadEnd = Date.now();
    report.browser = await afterRestartCheck;
    // Frames still on their way.
    await sleep(2_000);
    const socketsDown = users.filter((u) => !u.chat.live.joined || !u.room.joined).length;
    for (const user of users) {
      user.chat.live.close();
      user.room.close();
    }
    if (page) {
      const stillSignedIn = report.browser?.stillSignedIn;
      report.browserErrors = page.errors;
      await page.browser.close();
      page = null;
      if (browserUser) browserUser.stillSignedIn = stillSignedIn;
    }

    // ---- Stop the server, then read the database.
    killGroup(server, "SIGTERM");
    await Promise.race([new Promise((resolve) => server.once("exit", resolve)), sleep(10_000)]);
    killGroup(server, "SIGKILL");
    const integrity = checkIntegrity({
      state,
      ledger,
      storm: { orders: stormOrders, eventIds: stormOrders.flatMap((o) => ["failed", "session", "intent"].map((s) => `evt_load_${runId}_${o.id.slice(0, 8)}_${s}`)) },
      browser: browserUser ? { userId: browserUser.person.id, clientContent: browserUser.content } : null,
    });

    // ---- Report.
    console.log(`\nLoad and fault run (issue #33) — ${USERS} users, ${((loadEnd - loadStart) / 1000).toFixed(0)} s under load, think time mean ${THINK_MS} ms, ${CI ? "CI" : "full"} mode`);
    console.log(`  server ${baseURL}, production build, ENVIRONMENT=e2e`);
    console.log(`  actions chosen: ${MIX.map(([name]) => `${name} ${world.chosen.get(name) ?? 0}`).join(", ")}`);
    const rows = [];
    const names = [...new Set([...READS, ...recorder.actions.keys()])].sort();
    for (const name of names) {
      const e = recorder.actions.get(name);
      if (!e) continue;
      const s = summarize(e.ms);
      const b = baseline.actions.get(name);
      const bs = b ? summarize(b.ms) : null;
      const ratio = bs ? s.p99 / bs.p99 : Number.NaN;
      const fourxx = [...e.status4xx].map(([code, n]) => `${code}×${n}`).join(" ") || "0";
      // The same action under load before the first fault (the kill): load alone, no recovery.
      const before = summarize(e.ms.filter((_, i) => e.at[i] < report.restart.outage.start));
      const ratioBefore = bs ? before.p99 / bs.p99 : Number.NaN;
      rows.push([
        name,
        String(s.n),
        ms(s.p50),
        ms(s.p95),
        ms(s.p99),
        bs ? ms(bs.p99) : "",
        bs ? `${ratio.toFixed(2)}×` : "",
        `${ms(before.p99)} (${before.n})`,
        bs ? `${ratioBefore.toFixed(2)}×` : "",
        e.proxy5xx ? `${e.status5xx} + ${e.proxy5xx} proxy` : String(e.status5xx),
        fourxx,
        String(e.network),
        String(e.outage),
      ]);
      if (bs && ratio > RATIO_TARGET) (CI ? [] : failures).push(`${name}: p99 under load ${ms(s.p99)} ms is ${ratio.toFixed(2)}× its unloaded p99 ${ms(bs.p99)} ms (target ≤ ${RATIO_TARGET}×)`);
      if (e.status5xx > 0) failures.push(`${name}: ${e.status5xx} answers 5xx`);
      // The full run holds the local server to 0 as well; CI, which gates on lost writes, only
      // on a share that says the server is broken rather than bursty (decision record 0099).
      if (e.proxy5xx > 0 && !CI) failures.push(`${name}: ${e.proxy5xx} answers 500 from the local server's proxy (fetch failed)`);
      if (e.network > 0) failures.push(`${name}: ${e.network} requests failed outside the restart's outage`);
    }
    console.log("\n  Per action (ms; 'alone p99' is the same read measured unloaded first; 'p99 before faults' counts the requests started before the kill)");
    printTable(["action", "n", "p50", "p95", "p99", "alone p99", "ratio", "p99 before faults (n)", "ratio", "5xx", "4xx", "failed", "in outage"], rows);
    // When the reads were slow: every request of the run in windows of 10 s, the reads' p50 and
    // p99 among them, and which fault fell in the window.
    const faultMoments = [
      ["kill", report.restart.outage.start],
      ["storm", report.storm?.startedAt],
      ["room resets", report.evictionsAt],
    ];
    const timeline = [];
    for (let from = loadStart; from < loadEnd; from += 10_000) {
      const inWindow = (at) => at >= from && at < from + 10_000;
      let count = 0;
      const reads = [];
      for (const [name, e] of recorder.actions) {
        e.at.forEach((at, i) => {
          if (!inWindow(at)) return;
          count += 1;
          if (READS.includes(name)) reads.push(e.ms[i]);
        });
      }
      const r = summarize(reads);
      const faults = faultMoments.filter(([, at]) => at !== undefined && inWindow(at)).map(([name]) => name).join(", ");
      timeline.push([`${(from - loadStart) / 1000}–${(from - loadStart) / 1000 + 10} s`, String(count), String(r.n), ms(r.p50), ms(r.p99), faults]);
    }
    console.log("\n  Timeline (requests started in each 10 s of the run; the reads' latency among them, ms)");
    printTable(["window", "requests", "reads", "reads p50", "reads p99", "fault"], timeline);

    const all = [...recorder.actions.values()];
    const totalRequests = all.reduce((n, e) => n + e.ms.length + e.network + e.outage, 0);
    const bad = all.reduce((n, e) => n + e.status5xx + e.network, 0);
    const proxyTotal = all.reduce((n, e) => n + e.proxy5xx, 0);
    console.log(`\n  local server's proxy failures (500 "fetch failed", not the Worker's): ${proxyTotal} (${((100 * proxyTotal) / Math.max(1, totalRequests)).toFixed(2)}%)`);
    if (CI && proxyTotal > PROXY_FAILURES_ALLOWED * totalRequests) failures.push(`${proxyTotal} answers 500 from the local server's proxy: more than ${PROXY_FAILURES_ALLOWED * 100}% of requests`);
    const fourxxTotal = all.reduce((n, e) => n + [...e.status4xx.values()].reduce((a, b) => a + b, 0), 0);
    const outageTotal = all.reduce((n, e) => n + e.outage, 0);
    console.log(`\n  requests ${totalRequests}; 5xx + failed outside the outage: ${bad} (${((100 * bad) / Math.max(1, totalRequests)).toFixed(2)}%); 4xx ${fourxxTotal}; failed to connect during the outage ${outageTotal}`);
    console.log(`  server log: ${serverLog.errors.length} answers 5xx${serverLog.errors.length ? ` (${[...new Set(serverLog.errors)].slice(0, 5).join(", ")})` : ""}`);
    if (serverLog.errors.length > 0) failures.push(`the server logged ${serverLog.errors.length} answers 5xx`);
    if (recorder.unexpected.length > 0) console.log(`  first unexpected answers (server output in ${SERVER_LOG}):\n    ${recorder.unexpected.slice(0, 8).map((u) => u.replace(/\s+/g, " ").slice(0, 300)).join("\n    ")}`);

    const r = report.restart;
    console.log(`\n  Restart: killed, back after ${(r.outageMs / 1000).toFixed(1)} s; chat/comment sockets not joined at the end: ${socketsDown} of ${USERS * 2}`);
    if (socketsDown > 0) failures.push(`${socketsDown} sockets never reconnected`);
    // Seconds counted from the kill: the clients' attempts spread over the outage and after it;
    // the server answers the attempts its listener accepted while it was starting all at once
    // when it is ready, so its first second back holds those too.
    const span = Math.ceil((r.outage.end - r.outage.start) / 1000) + 15;
    const upgrades = perSecond(serverLog.liveUpgrades, r.outage.start, span);
    const attempts = perSecond(connectAttempts, r.outage.start, span);
    const backAt = Math.floor((r.outage.end - r.outage.start) / 1000);
    console.log(`  per second from the kill (s 0…${span - 1}; the server answered again in s ${backAt}):`);
    console.log(`    connection attempts the clients made: ${attempts.join(" ")}`);
    console.log(`    socket upgrades the server answered:  ${upgrades.join(" ")}`);
    console.log(`    busiest second of attempts: ${Math.max(...attempts)}; of upgrades: ${Math.max(...upgrades)} (${USERS * 2} sockets reconnecting)`);
    if (r.duringOutage.error) failures.push(`browser during the outage: ${r.duringOutage.error.message.split("\n")[0]}`);
    if (browserUser) {
      const seen = r.duringOutage.value ?? {};
      const after = report.browser ?? {};
      console.log(
        `  Chromium page: 'Reconnecting...' shown ${seen.reconnecting ? "yes" : "NO"}; typed message shown 'Not sent' with Retry ${seen.notSent && seen.retryOffered ? "yes" : "NO"}; reconnected by itself ${after.reconnected ? `yes (${after.secondsToReconnect?.toFixed(1)} s after the server was back)` : "NO"}; delivered without a click ${after.deliveredWithoutClick ? "yes" : after.deliveredAfterClick ? "NO (only after clicking Retry)" : "NO"}; still signed in ${after.stillSignedIn ? "yes" : "NO"}`,
      );
      if (!seen.reconnecting || !seen.notSent || !seen.retryOffered) failures.push("browser: the outage was not shown as 'Reconnecting...' and 'Not sent' with Retry");
      if (!after.reconnected) failures.push("browser: the page did not reconnect by itself");
      if (!after.deliveredWithoutClick) failures.push("browser: the message typed during the outage was not delivered by itself after the restart");
      if (!after.stillSignedIn) failures.push("browser: signed out after the restart");
      if (report.browserErrors?.length) failures.push(`browser: page errors ${report.browserErrors.slice(0, 2).join("; ")}`);
    }

    const s = report.storm;
    console.log(`\n  Webhook storm: ${s.deliveries} deliveries in ${(s.stormMs / 1000).toFixed(1)} s, answers ${[...s.statuses].map(([k, n]) => `${k}×${n}`).join(" ")}`);
    console.log(`  what the polling buyers saw: ${[...s.seenStatuses].map(([id, set]) => `${id.slice(0, 8)} ${[...set].join("→")}`).join("; ")}`);
    if ([...s.statuses.keys()].some((k) => k !== 200)) failures.push("webhook storm: a delivery was not answered 200");

    console.log(`\n  Room resets: ${report.evictions.map((e) => `${e.conversationId.slice(0, 8)} (dev route ${e.status}; both rejoined ${e.rejoined ? "yes" : "NO"}; typing ${e.typingRecovered ? "yes" : "NO"}; read marker ${e.readRecovered ? "yes" : "NO"})`).join("; ")}`);
    for (const e of report.evictions) {
      if (e.status !== 204 || !e.rejoined || !e.typingRecovered || !e.readRecovered) failures.push(`room reset ${e.conversationId}: status ${e.status}, rejoined ${e.rejoined}, typing ${e.typingRecovered}, read ${e.readRecovered}`);
    }
    console.log(`  comment frames heard by the open comment rooms: ${world.commentFrames}`);

    console.log("\n  Integrity (D1 file read-only, server stopped)");
    printTable(
      ["check", "checked", "failed"],
      integrity.map((c) => [c.name, String(c.checked), String(c.failed)]),
    );
    for (const c of integrity) {
      if (c.failed > 0) failures.push(`integrity: ${c.name}: ${c.failed} of ${c.checked} (e.g. ${JSON.stringify(c.examples)})`);
    }
    console.log(`  acknowledged: ${ledger.comments.length} comments, ${ledger.messages.length} messages, ${ledger.orders.filter((o) => o.confirmed).length} paid orders, ${ledger.uploads.length} uploads, ${ledger.toggles.size} liked/bookmarked pairs; not acknowledged: ${ledger.unackedComments.length} comments, ${ledger.unackedMessages.length} messages, ${ledger.unackedOrders} orders, ${ledger.unackedUploads} uploads`);
  } finally {
    clearTimeout(hardLimit);
    if (page) await page.browser.close().catch(() => {});
    stopAll();
    if (process.env.LOAD_KEEP_STATE === "1") console.log(`  state kept in ${state}`);
    else rmSync(state, { recursive: true, force: true });
  }

  if (failures.length > 0) {
    console.log(`\nFAILED (${failures.length}):\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log("\nPASSED: no 5xx, nothing lost or doubled, every counter equals its rows, every fault recovered.");
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  // Sockets and timers of a failed run must not keep the process alive.
  .finally(() => process.exit(process.exitCode ?? 0));
