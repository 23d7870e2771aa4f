// Lighthouse benchmark for the first visit: the production build, served by the
// Worker under `vite preview` behind a small proxy that compresses text the way Cloudflare's edge
// does (brotli, else gzip; `vite preview` itself sends everything uncompressed), measured with
// Lighthouse's mobile preset (simulated slow 4G, 4× CPU slowdown) in the system Chromium.
//
//   npm run bench:lighthouse                 builds, starts `vite preview` on a free port with a
//                                            fresh local state, and stops it after
//   BENCH_SKIP_BUILD=1 npm run bench:lighthouse   reuses dist/
//   BENCH_URL=http://127.0.0.1:8787 npm run bench:lighthouse   measures a running server as is
//
// Options: BENCH_RUNS (runs per page, default 5), BENCH_PAGES (comma-separated paths, default
// "/,/auth,/post/{audio-post},/profile/{profile},/service/{service},/product/{product}": a name in
// braces is an id the bench finds in the seeded local state, see SHARED_PAGE_IDS),
// CHROMIUM_PATH (default /usr/bin/chromium), BENCH_REPORT_DIR (writes each run's full Lighthouse
// result there as JSON). Every run's numbers are printed; the table holds the median of each
// metric over the runs (not the run with the median score), and the targets are held against
// those medians.
// Exits non-zero when a page misses a target (decision records 0057 and 0097): performance ≥ 95,
// LCP ≤ 1.8 s, TBT ≤ 100 ms, CLS ≤ 0.05, and for the shared-link pages at most 100 KiB of
// JavaScript before the page is interactive (see scriptBytes); and when an accessibility audit
// fails, except `meta-viewport`: the spec requires `user-scalable=no`, which that audit flags (it
// alone costs the score 5–6 points, so the score is printed but not held to a number).
// When /auth is among the pages, the bench also measures when its sign-in form accepts typing and
// submits (issue #29 item 3): the `backline:auth-form-live` mark the form sets once it is live
// (web/lib/perf-marks.ts), read from BENCH_RUNS more loads under Lighthouse's applied mobile
// throttling ("devtools": 4× CPU, slow 4G as real delays; marks are real times, which the
// simulated runs above cannot give), held to a median of at most 2.5 s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { constants as zlibConstants, createBrotliCompress, createGzip } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { spawnSync } from "node:child_process";
import { startPreview, statePath, stopProcess } from "../../scripts/lib.mjs";
import { freePort } from "./upload-lib.mjs";

const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const DEFAULT_PAGES = "/,/auth,/post/{audio-post},/profile/{profile},/service/{service},/product/{product}";
const PAGES = (process.env.BENCH_PAGES ?? DEFAULT_PAGES).split(",").map((page) => page.trim()).filter(Boolean);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const KiB = 1024;
const TARGETS = { performance: 95, lcpMs: 1800, tbtMs: 100, cls: 0.05, sharedPageScriptBytes: 100 * KiB, authFormLiveMs: 2500 };
/** The mark the sign-in form sets when it accepts typing (web/lib/perf-marks.ts AUTH_FORM_LIVE). */
const AUTH_FORM_LIVE = "backline:auth-form-live";
/** The pages a shared link opens (issue #29), held to the JavaScript target as well. */
const SHARED_PAGE = /^\/(post|profile|service|product)\//;

/**
 * The ids the default pages name, read from the seeded local D1: an audio post of a visible
 * author (the heaviest first paint: the waveform and the player), that author's profile, and a
 * service and a product with a picture, each visible to a visitor.
 */
const SHARED_PAGE_IDS = {
  "audio-post": `select p.id from posts p
    where p.content_type = 'audio' and p.hidden_at is null and p.waveform is not null and p.caption is not null
    order by p.created_at desc limit 1`,
  profile: `select p.user_id as id from posts p where p.content_type = 'audio' and p.hidden_at is null
    and p.waveform is not null and p.caption is not null order by p.created_at desc limit 1`,
  service: "select id from services where hidden_at is null order by created_at desc limit 1",
  product: "select id from products where hidden_at is null and image_key is not null order by created_at desc limit 1",
};

/** Runs one query against the local D1 in `state` and answers the first row's id. */
function localId(state, name) {
  const query = SHARED_PAGE_IDS[name];
  if (!query) throw new Error(`BENCH_PAGES names {${name}}, which the bench does not know (${Object.keys(SHARED_PAGE_IDS).join(", ")})`);
  const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--persist-to", state, "--json", "--command", query.replace(/\s+/g, " ")], {
    encoding: "utf8",
    env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
  });
  if (result.status !== 0) throw new Error(`wrangler d1 execute failed: ${result.stderr}`);
  const id = JSON.parse(result.stdout)[0]?.results?.[0]?.id;
  if (!id) throw new Error(`The seeded state has no ${name} (is it seeded?)`);
  return id;
}

function resolvePages(state) {
  return PAGES.map((page) => page.replace(/\{([\w-]+)\}/g, (_, name) => localId(state, name)));
}
/** Accessibility audits a page may fail because the spec requires what they flag. */
const SPEC_REQUIRED_A11Y = new Set(["meta-viewport"]);

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json|xml)|image\/svg\+xml)/;

/**
 * A reverse proxy in front of the preview server that compresses what the edge would compress.
 * Only what Lighthouse's page loads need: GET/HEAD, headers passed through, no keep-alive tuning.
 */
function compressingProxy(target, port) {
  const upstream = new URL(target);
  const server = http.createServer(async (req, res) => {
    try {
      const headers = { ...req.headers, host: upstream.host };
      delete headers["accept-encoding"];
      const answer = await fetch(new URL(req.url ?? "/", upstream), { method: req.method, headers, redirect: "manual" });
      const outHeaders = {};
      answer.headers.forEach((value, name) => {
        if (name !== "content-length" && name !== "content-encoding" && name !== "transfer-encoding") outHeaders[name] = value;
      });
      const setCookies = answer.headers.getSetCookie();
      if (setCookies.length > 0) outHeaders["set-cookie"] = setCookies;
      const accepts = String(req.headers["accept-encoding"] ?? "");
      const type = answer.headers.get("content-type") ?? "";
      const body = answer.body ? Readable.fromWeb(answer.body) : null;
      if (!body || req.method === "HEAD" || !COMPRESSIBLE.test(type)) {
        res.writeHead(answer.status, outHeaders);
        if (body && req.method !== "HEAD") body.pipe(res);
        else res.end();
        return;
      }
      const encoding = accepts.includes("br") ? "br" : accepts.includes("gzip") ? "gzip" : null;
      if (!encoding) {
        res.writeHead(answer.status, outHeaders);
        body.pipe(res);
        return;
      }
      outHeaders["content-encoding"] = encoding;
      outHeaders.vary = outHeaders.vary ? `${outHeaders.vary}, Accept-Encoding` : "Accept-Encoding";
      res.writeHead(answer.status, outHeaders);
      // The edge's dynamic compression levels: brotli 4, gzip 6 (close to what Cloudflare sends).
      const compressor =
        encoding === "br" ? createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } }) : createGzip({ level: 6 });
      body.pipe(compressor).pipe(res);
    } catch (error) {
      res.writeHead(502, { "content-type": "text/plain" });
      res.end(String(error));
    }
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

/** The median; of an even count, the mean of the middle two. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * The JavaScript a page fetches before it is interactive, as transferred (compressed): the bytes
 * of every script request in Lighthouse's window. Lighthouse records a load until the network and
 * the main thread have gone quiet, and no interaction happens in it, so this is everything the
 * page starts on its own: an upper bound of "before interactive" that no timing choice can
 * flatter (Lighthouse's time-to-interactive is simulated and cannot be set against the observed
 * requests). Scripts that load only on a visitor's intent are not in it, by design.
 */
function scriptBytes(lhr) {
  const items = lhr.audits["network-requests"]?.details?.items ?? [];
  return items.filter((item) => item.resourceType === "Script").reduce((total, item) => total + (item.transferSize ?? 0), 0);
}

async function measure(url, port) {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (process.env.BENCH_REPORT_DIR) {
    mkdirSync(process.env.BENCH_REPORT_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, "_") || "_";
    writeFileSync(path.join(process.env.BENCH_REPORT_DIR, `lighthouse${name}${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedA11y = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) && a.score === 0)
    .filter((a) => !SPEC_REQUIRED_A11Y.has(a.id))
    .map((a) => {
      const nodes = (a.details?.items ?? []).map((item) => item.node?.snippet).filter(Boolean).slice(0, 3);
      return nodes.length > 0 ? `${a.id} [${nodes.join(" ")}]` : a.id;
    });
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    scriptBytes: scriptBytes(lhr),
    failedA11y,
  };
}

/** When /auth's sign-in form went live in one load under applied mobile throttling, in ms from navigation start. */
async function measureFormLive(url, port) {
  const result = await lighthouse(url, { port, output: "json", logLevel: "error", throttlingMethod: "devtools", onlyAudits: ["user-timings", "network-requests"] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (result.lhr.runtimeError) throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
  const items = result.lhr.audits["user-timings"]?.details?.items ?? [];
  const mark = items.find((item) => item.name === AUTH_FORM_LIVE);
  if (!mark) throw new Error(`${url}: the page never set ${AUTH_FORM_LIVE}`);
  // The JavaScript the page had received by then: the script requests that ended before the mark
  // (both in ms from the navigation's start).
  const requests = result.lhr.audits["network-requests"]?.details?.items ?? [];
  const scriptBytes = requests
    .filter((item) => item.resourceType === "Script" && item.networkEndTime <= mark.startTime)
    .reduce((total, item) => total + (item.transferSize ?? 0), 0);
  return { ms: mark.startTime, scriptBytes };
}

async function main() {
  let server = null;
  let state = null;
  let baseURL = process.env.BENCH_URL;
  let proxy = null;
  if (!baseURL) {
    state = mkdtempSync(path.join(tmpdir(), "backline-lighthouse-"));
    // The shared-link pages need content: the demo world is seeded when a page names an id.
    const seedWorld = PAGES.some((page) => page.includes("{"));
    const preview = await startPreview({ state, port: await freePort(), skipBuild: process.env.BENCH_SKIP_BUILD === "1", seedWorld });
    server = preview.server;
    const port = await freePort();
    proxy = await compressingProxy(preview.baseURL, port);
    baseURL = `http://127.0.0.1:${port}`;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage"],
  });
  const rows = [];
  const formLive = [];
  try {
    // A running server (BENCH_URL) is measured on the local state `npm start` uses.
    const pages = resolvePages(state ?? statePath());
    for (const page of pages) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        // Lighthouse now and then loses the trace on a busy machine (NO_NAVSTART): one more try.
        const url = new URL(page, baseURL).href;
        const run = await measure(url, chrome.port).catch((error) => {
          console.warn(`  ${page} run ${i + 1}: ${error.message}; trying once more`);
          return measure(url, chrome.port);
        });
        runs.push(run);
        console.log(`  ${page} run ${i + 1}/${RUNS}: ${formatRun(run)}`);
      }
      // The median of each metric over the runs (issue #29): a page is held to its typical
      // LCP and its typical TBT, even when no single run had both.
      const of = (key) => median(runs.map((run) => run[key]));
      rows.push({
        page,
        runs,
        performance: of("performance"),
        accessibility: of("accessibility"),
        fcpMs: of("fcpMs"),
        lcpMs: of("lcpMs"),
        tbtMs: of("tbtMs"),
        cls: of("cls"),
        scriptBytes: of("scriptBytes"),
        failedA11y: [...new Set(runs.flatMap((run) => run.failedA11y))],
      });
    }
    if (pages.includes("/auth")) {
      const url = new URL("/auth", baseURL).href;
      for (let i = 0; i < RUNS; i++) {
        const run = await measureFormLive(url, chrome.port).catch((error) => {
          console.warn(`  /auth form live run ${i + 1}: ${error.message}; trying once more`);
          return measureFormLive(url, chrome.port);
        });
        formLive.push(run);
        console.log(`  /auth form live (applied throttling) run ${i + 1}/${RUNS}: ${Math.round(run.ms)} ms, ${(run.scriptBytes / KiB).toFixed(1)} KiB of JavaScript received by then`);
      }
    }
  } finally {
    await chrome.kill();
    proxy?.close();
    if (server) stopProcess(server);
    if (state) rmSync(state, { recursive: true, force: true });
  }

  const failures = [];
  const width = Math.max(8, ...rows.map((row) => row.page.length));
  console.log(`\nLighthouse mobile, median of each metric over ${RUNS} run(s) per page, ${baseURL}`);
  console.log(`${"page".padEnd(width)}  perf      FCP      LCP      TBT     CLS   JS (gz)   a11y  every run's performance`);
  for (const row of rows) {
    console.log(
      [
        row.page.padEnd(width),
        String(Math.round(row.performance)).padStart(5),
        `${(row.fcpMs / 1000).toFixed(2)} s`.padStart(8),
        `${(row.lcpMs / 1000).toFixed(2)} s`.padStart(8),
        `${Math.round(row.tbtMs)} ms`.padStart(8),
        row.cls.toFixed(3).padStart(7),
        `${(row.scriptBytes / KiB).toFixed(1)} KiB`.padStart(10),
        String(Math.round(row.accessibility)).padStart(6),
        ` ${row.runs.map((run) => run.performance).join("/")}`,
      ].join(" "),
    );
    if (row.performance < TARGETS.performance) failures.push(`${row.page}: performance ${row.performance} < ${TARGETS.performance}`);
    if (row.lcpMs > TARGETS.lcpMs) failures.push(`${row.page}: LCP ${Math.round(row.lcpMs)} ms > ${TARGETS.lcpMs} ms`);
    if (row.tbtMs > TARGETS.tbtMs) failures.push(`${row.page}: TBT ${Math.round(row.tbtMs)} ms > ${TARGETS.tbtMs} ms`);
    if (row.cls > TARGETS.cls) failures.push(`${row.page}: CLS ${row.cls.toFixed(3)} > ${TARGETS.cls}`);
    if (SHARED_PAGE.test(row.page) && row.scriptBytes > TARGETS.sharedPageScriptBytes) {
      failures.push(`${row.page}: ${(row.scriptBytes / KiB).toFixed(1)} KiB of JavaScript before interactive > ${TARGETS.sharedPageScriptBytes / KiB} KiB`);
    }
    if (row.failedA11y.length > 0) failures.push(`${row.page}: accessibility audits failing: ${row.failedA11y.join(", ")}`);
  }
  if (formLive.length > 0) {
    const ms = median(formLive.map((run) => run.ms));
    const bytes = median(formLive.map((run) => run.scriptBytes));
    console.log(`\n/auth: the sign-in form accepts typing at ${Math.round(ms)} ms (median; runs: ${formLive.map((run) => Math.round(run.ms)).join(", ")} ms; target ≤ ${TARGETS.authFormLiveMs} ms)`);
    console.log(`/auth: ${(bytes / KiB).toFixed(1)} KiB of JavaScript received by then (median; target ≤ ${TARGETS.sharedPageScriptBytes / KiB} KiB)`);
    if (ms > TARGETS.authFormLiveMs) failures.push(`/auth: the form went live at ${Math.round(ms)} ms > ${TARGETS.authFormLiveMs} ms`);
    if (bytes > TARGETS.sharedPageScriptBytes) failures.push(`/auth: ${(bytes / KiB).toFixed(1)} KiB of JavaScript before the form was live > ${TARGETS.sharedPageScriptBytes / KiB} KiB`);
  }
  if (failures.length > 0) {
    console.error(`\nMissed targets:\n  ${failures.join("\n  ")}`);
    process.exitCode = 1;
  } else {
    console.log("\nAll targets met.");
  }
}

/** One run's numbers, printed as it finishes. */
function formatRun(run) {
  return [
    `perf ${run.performance}`,
    `FCP ${(run.fcpMs / 1000).toFixed(2)} s`,
    `LCP ${(run.lcpMs / 1000).toFixed(2)} s`,
    `TBT ${Math.round(run.tbtMs)} ms`,
    `CLS ${run.cls.toFixed(3)}`,
    `JS ${(run.scriptBytes / KiB).toFixed(1)} KiB`,
    `a11y ${run.accessibility}`,
  ].join(", ");
}

await main();
