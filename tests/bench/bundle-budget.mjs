// Bundle budgets (decision record 0057), checked on the production build's Vite
// manifest (dist/client/.vite/manifest.json; run `npm run build` first):
// - the landing page's JS (landing.html's entry and everything it imports statically) ≤ 80 KiB,
// - the signed-in app shell (index.html's entry and its static imports) ≤ 152 KiB (150 until issue
//   #29/#30: the modules the shell now shares with /auth's sign-in script (the constants, the
//   redirect rule) became files of their own, and the notification-tap bridge is the shell's;
//   decision record 0098 says what to win back),
// - any route: the shell plus the route's own chunks and its parent layouts' ≤ 300 KiB,
// - the pages a shared link opens (decision record 0097): what shared-page.html names before the
//   page is interactive, its island entry and everything that imports statically, plus any other
//   script the page itself names ≤ 16 KiB (issue #29 allows 100 KiB; the island is about 3 KiB,
//   so a budget this close catches the first import that pulls a part of the app in),
// - /auth's Sign In tab before interaction (decision record 0098): what auth-signin-page.html
//   names, the sign-in page's script with its static imports ≤ 16 KiB (the page needs no app;
//   what it loads after the first paint, the shell behaviours and the service worker's
//   registration, is a dynamic import),
// all gzipped (level 9, close to what the edge sends). Dynamic imports load later, on demand, and
// are counted for the route that owns them only when that route imports them statically.
// Prints one table and exits non-zero when any budget is exceeded.
//
//   npm run build && npm run check:budget
//   BUDGET_DIST=some/dist/client npm run check:budget     checks another build
//   BUDGET_ENFORCE=landing npm run check:budget            fails only on the named kinds
//                                                          (landing, shell, route, shared, auth); prints all
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const KiB = 1024;
const BUDGETS = { landing: 80 * KiB, shell: 152 * KiB, route: 300 * KiB, shared: 16 * KiB, auth: 16 * KiB };

const root = path.resolve(import.meta.dirname, "../..");
const dist = path.resolve(root, process.env.BUDGET_DIST ?? "dist/client");
const manifestPath = path.join(dist, ".vite/manifest.json");
if (!existsSync(manifestPath)) {
  console.error(`No Vite manifest at ${path.relative(root, manifestPath)}: run \`npm run build\` first.`);
  process.exit(2);
}
/** @type {Record<string, { file: string; src?: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }>} */
const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** The chunk keys a start key loads before it runs: itself and its static imports, transitively. */
function staticClosure(keys) {
  const seen = new Set();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop();
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

function jsBytes(keys) {
  let total = 0;
  for (const key of keys) if (manifest[key].file.endsWith(".js")) total += gzipSize(manifest[key].file);
  return total;
}

/** "web/routes/_authed/feed.tsx?tsr-split=component" → "web/routes/_authed/feed.tsx". */
function routeFileOf(key) {
  return key.split("?")[0];
}

/**
 * The layouts a route file renders inside: each directory level and each dotted prefix
 * ("_authed/orders.$orderId.tsx" sits in "_authed.tsx" and "_authed/orders.tsx").
 */
function parentRouteFiles(file) {
  const relative = file.slice("web/routes/".length, -".tsx".length);
  const segments = relative.split("/");
  const parents = [];
  for (let depth = 0; depth < segments.length; depth++) {
    const dir = segments.slice(0, depth).join("/");
    const name = segments[depth];
    const dotted = name.split(".");
    const last = depth === segments.length - 1;
    for (let i = 1; i <= dotted.length - (last ? 1 : 0); i++) {
      parents.push(`web/routes/${dir ? `${dir}/` : ""}${dotted.slice(0, i).join(".")}.tsx`);
    }
  }
  return parents;
}

const entryKey = (html) => Object.keys(manifest).find((key) => key === html && manifest[key].isEntry);
const landingKey = entryKey("landing.html");
const shellKey = entryKey("index.html");
const sharedKey = entryKey("shared-page.html");
if (!landingKey || !shellKey || !sharedKey) {
  console.error("The manifest lacks the landing.html, index.html or shared-page.html entry.");
  process.exit(2);
}

/**
 * The scripts shared-page.html itself names (its <script src> and module preloads), as manifest
 * keys: the page's JS before interaction is these and their static imports. The app's files in
 * its <meta name="backline-app"> load only when the app starts, so they are not counted.
 */
function namedFiles(htmlFile) {
  const html = readFileSync(path.join(dist, htmlFile), "utf8");
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/([^"]+\.js)"/g)].map((match) => match[1]);
}

function namedScripts(htmlFile) {
  return namedFiles(htmlFile)
    .map((file) => Object.keys(manifest).find((key) => manifest[key].file === file))
    .filter(Boolean);
}

/** What a page names that the manifest does not know (a loader the build writes as an asset), gzipped. */
function unlistedBytes(htmlFile) {
  const listed = new Set(Object.values(manifest).map((chunk) => chunk.file));
  return namedFiles(htmlFile)
    .filter((file) => !listed.has(file))
    .reduce((total, file) => total + gzipSize(file), 0);
}

const rows = [];
const landing = staticClosure([landingKey]);
rows.push({ kind: "landing", name: "landing page (/)", bytes: jsBytes(landing), chunks: landing.size, budget: BUDGETS.landing });
const shell = staticClosure([shellKey]);
rows.push({ kind: "shell", name: "signed-in app shell", bytes: jsBytes(shell), chunks: shell.size, budget: BUDGETS.shell });
const shared = staticClosure([sharedKey, ...namedScripts("shared-page.html")]);
rows.push({ kind: "shared", name: "shared-link pages (before interaction)", bytes: jsBytes(shared), chunks: shared.size, budget: BUDGETS.shared });
const authForm = staticClosure(namedScripts("auth-signin-page.html"));
if (authForm.size === 0) {
  console.error("auth-signin-page.html names no script of the manifest: the live sign-in form's script is missing.");
  process.exit(2);
}
rows.push({ kind: "auth", name: "/auth sign-in (before interaction)", bytes: jsBytes(authForm) + unlistedBytes("auth-signin-page.html"), chunks: authForm.size + 1, budget: BUDGETS.auth });

const routeChunks = new Map();
for (const key of Object.keys(manifest)) {
  if (!key.startsWith("web/routes/") || key.includes("__root")) continue;
  const file = routeFileOf(key);
  routeChunks.set(file, [...(routeChunks.get(file) ?? []), key]);
}
for (const file of [...routeChunks.keys()].sort()) {
  const own = [file, ...parentRouteFiles(file)].flatMap((route) => routeChunks.get(route) ?? []);
  const keys = staticClosure([shellKey, ...own]);
  rows.push({ kind: "route", name: `route ${file.slice("web/routes/".length)}`, bytes: jsBytes(keys), chunks: keys.size, budget: BUDGETS.route });
}

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;
const width = Math.max(...rows.map((row) => row.name.length));
console.log(`${"bundle (JS, gzipped)".padEnd(width)}  ${"size".padStart(10)}  ${"budget".padStart(10)}  chunks`);
for (const row of rows) {
  const over = row.bytes > row.budget;
  console.log(`${row.name.padEnd(width)}  ${kib(row.bytes).padStart(10)}  ${kib(row.budget).padStart(10)}  ${String(row.chunks).padStart(6)}${over ? "  OVER BUDGET" : ""}`);
}
// BUDGET_ENFORCE lists the kinds of budget that fail the run (default: landing, shell, route,
// shared and auth, decision records 0065, 0097 and 0098); a kind left out is only reported, which helps while one is being fixed.
// Unset, every budget is enforced.
const enforced = new Set((process.env.BUDGET_ENFORCE ?? "landing,shell,route,shared,auth").split(",").map((kind) => kind.trim()));
const breaches = rows.filter((row) => row.bytes > row.budget);
const failing = breaches.filter((row) => enforced.has(row.kind));
if (breaches.length > 0) {
  console.error(`\n${breaches.length} bundle(s) over budget: ${breaches.map((row) => row.name).join(", ")}`);
  if (failing.length > 0) process.exitCode = 1;
  else console.error(`(reported, not enforced: BUDGET_ENFORCE=${[...enforced].join(",")})`);
} else {
  console.log("\nEvery bundle is within its budget.");
}
