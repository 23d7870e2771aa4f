// Search relevance and latency at scale (issue #32, decision record 0095): the judged queries of
// ./search-queries.mjs against the API, on the dataset of ./dataset.mjs, signed in as the demo
// user. For every query and sort the bench computes the exhaustive ranking itself, with
// node:sqlite on the same database before the server starts: every match, bm25 with its IDF over
// the whole table (FTS5's own bm25(), the weights the API states), the filters, and the sort's
// stated key. It then reads the API's first 50 results (following nextCursor) and reports, per
// query family and sort:
//   - nDCG@10: gains from the exhaustive ranking, tie-aware: a result's gain is
//     1 / log2(1 + its position), where rows that rank equal share the position of the first;
//   - recall@50: the share of the exhaustive top 50 (ties at the 50th place included) among the
//     API's first 50;
//   - judged: planted rows the data was built to hold, found within their rank (relevance order);
//   - p50/p99 latency of the family's first pages (autocannon, cycled), and the ratio to
//     /api/health measured in the same run.
// A query whose words match nothing (a misspelt name) has no exhaustive ranking; in the relevance
// order it is measured by its judged row alone (gain 1 for the row, 0 for the rest), in the other
// sorts not at all.
//
//   npm run bench:search      (the state of npm run bench:scale, generated on the first run)
//
// Options: BENCH_DURATION (seconds per latency row, default 4), BENCH_CONNECTIONS (default 10),
// BENCH_SKIP_BUILD=1 to reuse dist/, BENCH_REGENERATE=1, BENCH_STATE, BENCH_ONLY=<family
// substring>, BENCH_NO_LATENCY=1 (quality only), BENCH_JSON=<file> to keep the numbers.
// Targets: nDCG@10 ≥ 0.95 and recall@50 ≥ 0.95 for every family and sort, p50 ≤ 2× and p99 ≤ 3×
// health; the script exits non-zero when one is missed (BENCH_NO_FAIL=1 prints only).
import { writeFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { startPreview, stopProcess } from "../../../scripts/lib.mjs";
import { ftsMatchExpression } from "../../../worker/lib/fts-query.ts";
import { freePort } from "../upload-lib.mjs";
import { d1File } from "./dataset.mjs";
import { FAMILIES, SORTS } from "./search-queries.mjs";
import { measure, prepareState, signIn, statePath } from "./state.mjs";

const DURATION = Math.max(1, Number(process.env.BENCH_DURATION ?? 4));
const CONNECTIONS = Math.max(1, Number(process.env.BENCH_CONNECTIONS ?? 10));
const QUALITY_TARGET = 0.95;
const P50_LIMIT = 2;
const P99_LIMIT = 3;
/** How many results the API is read for (recall@50), and the nDCG cut. */
const DEPTH = 50;
const NDCG_AT = 10;
/** The tags search answers one list of 10 (spec §9), without pages. */
const TAG_LIMIT = 10;
/** 2^40 (the FTS key layout of migration 0024) and the rowid mask below it. */
const KEY_SHIFT = 1_099_511_627_776;

// ---------------------------------------------------------------------------------------------
// The exhaustive rankings.

/** Which schema the database has: the FTS rowid is the row's rowid before migration 0024, its search key after. */
function layoutOf(db) {
  // table_xinfo, not table_info: the latter leaves out generated columns (popular_rank).
  const postColumns = db.prepare("pragma table_xinfo(posts)").all().map((c) => c.name);
  const keyed = postColumns.includes("search_tier");
  return {
    keyed,
    popularBlend: postColumns.includes("popular_rank"),
    rowidOf: (column) => (keyed ? `(${KEY_SHIFT - 1} - (${column} & ${KEY_SHIFT - 1}))` : column),
  };
}

/** Compares two sort keys (arrays, higher first): > 0 when a ranks before b, 0 when they tie. */
function compareKeys(a, b) {
  for (let i = 0; i < a.length; i += 1) {
    if (a[i] !== b[i]) return a[i] > b[i] ? 1 : -1;
  }
  return 0;
}

const ACTIVE_AUTHOR = (column) =>
  `not exists(select 1 from users su where su.id = ${column} and (su.suspended_at is not null or exists(select 1 from account_deletions ad where ad.user_id = su.id and ad.completed_at is not null)))`;

/** Every matching post with its sort keys: [{ id, key }], best first. */
function postReference(db, layout, query, sort) {
  const match = ftsMatchExpression(query.q);
  if (match === null) return [];
  const filters = ["p.hidden_at is null", ACTIVE_AUTHOR("p.user_id")];
  const params = [match];
  const filter = (condition, value) => {
    filters.push(condition);
    if (value !== undefined) params.push(value);
  };
  if (query.contentType) filter("p.content_type = ?", query.contentType);
  if (query.location) filter("instr(lower(p.location), lower(?)) > 0", query.location);
  if (query.profession) filter("pr.profession = ?", query.profession);
  if (query.verified) filter("pr.verified = 1");
  const rows = db
    .prepare(
      `select p.id, p.created_at, p.likes_count, p.comments_count, ${layout.popularBlend ? "p.popular_rank" : "0"} as popular_rank,
              coalesce(pr.verified, 0) as verified, -f.s as score
       from (select rowid as k, bm25(posts_fts) as s from posts_fts where posts_fts match ? limit 100000000) f
       join posts p on p.rowid = ${layout.rowidOf("f.k")}
       left join profiles pr on pr.user_id = p.user_id
       where ${filters.join(" and ")}`,
    )
    .all(...params);
  const keyOf = {
    relevance: (r) => [r.score],
    recent: (r) => [r.created_at, r.id],
    popular: layout.popularBlend ? (r) => [r.popular_rank] : (r) => [r.likes_count, r.created_at],
    verified: (r) => [r.verified, r.score],
  }[sort];
  return rows.map((r) => ({ id: r.id, key: keyOf(r) })).sort((a, b) => compareKeys(b.key, a.key));
}

/** Every matching person with their sort keys, best first. Relevance: exact username, then exact display name, then bm25. */
function userReference(db, layout, query, sort) {
  const match = ftsMatchExpression(query.q);
  if (match === null) return [];
  const handle = query.q.trim().replace(/^@+/, "");
  const filters = [ACTIVE_AUTHOR("pr.user_id")];
  const params = [handle, query.q.trim(), match];
  const filter = (condition, value) => {
    filters.push(condition);
    if (value !== undefined) params.push(value);
  };
  if (query.location) filter("instr(lower(pr.location), lower(?4)) > 0", query.location);
  if (query.profession) filter(`pr.profession = ?${params.length + 1}`, query.profession);
  if (query.verified) filter("pr.verified = 1");
  const rows = db
    .prepare(
      `select pr.user_id as id, pr.created_at, pr.follower_count, pr.verified,
              case when lower(pr.username) = lower(?1) then 2 when lower(pr.display_name) = lower(?2) then 1 else 0 end as exact,
              -f.s as score
       from (select rowid as k, bm25(profiles_fts, 10.0, 6.0, 1.0) as s from profiles_fts where profiles_fts match ?3 limit 100000000) f
       join profiles pr on pr.rowid = ${layout.rowidOf("f.k")}
       where ${filters.join(" and ")}`,
    )
    .all(...params);
  const keyOf = {
    relevance: (r) => [r.exact, r.score],
    recent: (r) => [r.created_at, r.id],
    popular: (r) => [r.follower_count, r.id],
    verified: (r) => [r.verified, r.exact, r.score],
  }[sort];
  return rows.map((r) => ({ id: r.id, key: keyOf(r) })).sort((a, b) => compareKeys(b.key, a.key));
}

/** Tags containing the words (the contract's "case-insensitive contains"), by usage. */
function tagReference(db, query) {
  const needle = query.q.trim().replace(/^#+/, "").replace(/\s+/g, "").toLowerCase();
  return db
    .prepare("select name as id, usage_count from hashtags where instr(name, ?) > 0 and usage_count > 0")
    .all(needle)
    .map((r) => ({ id: r.id, key: [r.usage_count] }))
    .sort((a, b) => compareKeys(b.key, a.key));
}

/** The id the judged target stands for. */
function targetId(db, target) {
  if (target.username) return db.prepare("select user_id as id from profiles where username = ?").get(target.username)?.id;
  if (target.tag) return target.tag;
  if (target.caption) {
    const order = target.oldest ? "asc" : "desc";
    return db.prepare(`select id from posts where instr(lower(caption), ?) > 0 order by created_at ${order} limit 1`).get(target.caption)?.id;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The metrics.

/**
 * nDCG@10 and recall@50 of `got` (ids in the API's order) against the exhaustive ranking. A list
 * shorter by contract (tags: 10, §9) is measured at its own length.
 */
function score(reference, got, depth = DEPTH) {
  if (reference.length === 0) return { ndcg: null, recall: null };
  const keys = new Map(reference.map((r) => [r.id, r.key]));
  // Tie-aware positions: a row's position is that of the first row it ties with.
  const position = new Map();
  reference.forEach((r, i) => {
    const previous = reference[i - 1];
    position.set(r.id, previous && compareKeys(previous.key, r.key) === 0 ? position.get(previous.id) : i + 1);
  });
  const gain = (id) => (position.has(id) ? 1 / Math.log2(1 + position.get(id)) : 0);
  const dcg = (ids) => ids.slice(0, NDCG_AT).reduce((sum, id, i) => sum + gain(id) / Math.log2(i + 2), 0);
  const ndcg = dcg(got) / dcg(reference.map((r) => r.id));
  const cut = Math.min(depth, reference.length);
  const threshold = reference[cut - 1].key;
  const relevant = got.slice(0, depth).filter((id) => keys.has(id) && compareKeys(keys.get(id), threshold) >= 0).length;
  return { ndcg, recall: Math.min(1, relevant / cut) };
}

function mean(values) {
  const known = values.filter((v) => v !== null && v !== undefined);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0) / known.length;
}

// ---------------------------------------------------------------------------------------------
// The API.

function listPath(query, sort) {
  if (query.kind === "tags") return `/api/search/hashtags?${new URLSearchParams({ q: query.q })}`;
  const params = new URLSearchParams({ q: query.q, sortBy: sort });
  for (const name of ["location", "profession", "contentType"]) if (query[name]) params.set(name, query[name]);
  if (query.verified) params.set("verified", "true");
  return `/api/search/${query.kind}?${params}`;
}

/** The API's first DEPTH results (ids), following nextCursor; and the cursor of page 3 when there is one. */
async function readResults(api, query, sort) {
  const base = listPath(query, sort);
  const ids = [];
  let cursor = null;
  let pages = 0;
  let thirdPage = null;
  for (;;) {
    const url = cursor ? `${base}&cursor=${encodeURIComponent(cursor)}` : base;
    const res = await api.request(url);
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    const page = await res.json();
    pages += 1;
    if (pages === 3) thirdPage = url;
    for (const item of page.items) ids.push(query.kind === "users" ? item.userId : query.kind === "tags" ? item.name : item.id);
    cursor = page.nextCursor ?? null;
    if (!cursor || ids.length >= DEPTH) break;
  }
  return { ids, pages, thirdPage };
}

// ---------------------------------------------------------------------------------------------

function fmt(value, digits = 3) {
  return value === null || value === undefined ? "—" : value.toFixed(digits);
}

async function main() {
  prepareState();
  const only = process.env.BENCH_ONLY;
  const families = FAMILIES.filter((f) => !only || f.family.includes(only));

  // The exhaustive rankings, before the server holds the database.
  const db = new DatabaseSync(d1File(statePath), { readOnly: true });
  const layout = layoutOf(db);
  const cases = [];
  const started = performance.now();
  for (const { family, queries } of families) {
    for (const query of queries) {
      for (const sort of SORTS[query.kind]) {
        const reference =
          query.kind === "posts" ? postReference(db, layout, query, sort) : query.kind === "users" ? userReference(db, layout, query, sort) : tagReference(db, query);
        // A judged row is judged in the relevance order (in recent or popular its place is the sort's).
        const target = query.target && sort === "relevance" ? targetId(db, query.target) : undefined;
        if (query.target && sort === "relevance" && !target) throw new Error(`the judged row of "${query.q}" is not in the data`);
        cases.push({ family, query, sort, reference, target });
      }
    }
  }
  db.close();
  console.log(`▸ Exhaustive rankings of ${cases.length} query × sort cases in ${((performance.now() - started) / 1000).toFixed(1)} s (FTS rowid = ${layout.keyed ? "search key" : "rowid"})`);

  const port = await freePort();
  const { server, baseURL } = await startPreview({ state: statePath, port, skipBuild: process.env.BENCH_SKIP_BUILD === "1", timeoutMs: 300_000 });
  const failures = [];
  const report = { when: new Date().toISOString(), layout: layout.keyed ? "search key" : "rowid", cases: [], rows: [] };
  try {
    const { api, cookie } = await signIn(baseURL);

    // Quality.
    for (const c of cases) {
      const got = await readResults(api, c.query, c.sort);
      c.thirdPage = got.thirdPage;
      c.duplicates = got.ids.length - new Set(got.ids).size;
      c.rank = c.target ? got.ids.indexOf(c.target) + 1 || null : undefined;
      c.hit = c.target ? c.rank !== null && c.rank <= c.query.within : undefined;
      if (c.reference.length > 0) Object.assign(c, score(c.reference, got.ids, c.query.kind === "tags" ? TAG_LIMIT : DEPTH));
      else if (c.target) Object.assign(c, { ndcg: c.rank && c.rank <= NDCG_AT ? 1 / Math.log2(1 + c.rank) : 0, recall: c.rank ? 1 : 0 });
      else Object.assign(c, { ndcg: null, recall: null });
      report.cases.push({
        family: c.family,
        kind: c.query.kind,
        q: c.query.q,
        sort: c.sort,
        matches: c.reference.length,
        ndcg: c.ndcg,
        recall: c.recall,
        rank: c.rank,
        within: c.query.within,
        duplicates: c.duplicates,
        pages: got.pages,
      });
    }

    // Latency: health, then each family's first pages per sort, and third pages of the common words.
    const latency = new Map();
    if (process.env.BENCH_NO_LATENCY !== "1") {
      const warm = async (paths) => {
        for (const p of paths) await (await api.request(p)).arrayBuffer();
      };
      await warm(["/api/health"]);
      const health = await measure(baseURL, cookie, "/api/health", { connections: CONNECTIONS, duration: DURATION });
      latency.set("health", health);
      for (const { family } of families) {
        for (const sort of ["relevance", "popular", "recent", "verified"]) {
          const paths = cases.filter((c) => c.family === family && c.sort === sort).map((c) => listPath(c.query, c.sort));
          if (paths.length === 0) continue;
          await warm(paths);
          latency.set(`${family}|${sort}`, await measure(baseURL, cookie, paths, { connections: CONNECTIONS, duration: DURATION }));
        }
      }
      const deep = cases.filter((c) => c.family === "common words" && c.sort === "relevance" && c.thirdPage).map((c) => c.thirdPage);
      if (deep.length > 0) {
        await warm(deep);
        latency.set("common words|relevance, page 3", await measure(baseURL, cookie, deep, { connections: CONNECTIONS, duration: DURATION }));
      }
    }

    // The table.
    const health = latency.get("health");
    const h50 = health?.latency.p50 ?? null;
    const h99 = health?.latency.p99 ?? null;
    const header = `${"family".padEnd(26)} ${"sort".padEnd(18)} ${"n".padStart(2)} ${"nDCG@10".padStart(8)} ${"rec@50".padStart(7)} ${"judged".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"×p50".padStart(5)} ${"×p99".padStart(5)}`;
    console.log(`\nautocannon -c ${CONNECTIONS} -d ${DURATION}s per latency row, signed in as the demo user; health p50 ${h50 ?? "—"} ms, p99 ${h99 ?? "—"} ms\n`);
    console.log(header);
    console.log("-".repeat(header.length));
    const rowKeys = [];
    for (const { family } of families) {
      for (const sort of ["relevance", "popular", "recent", "verified"]) rowKeys.push([family, sort]);
      if (family === "common words") rowKeys.push([family, "relevance, page 3"]);
    }
    for (const [family, sort] of rowKeys) {
      const group = cases.filter((c) => c.family === family && c.sort === sort);
      const lat = latency.get(`${family}|${sort}`);
      if (group.length === 0 && !lat) continue;
      const ndcg = mean(group.map((c) => c.ndcg));
      const recall = mean(group.map((c) => c.recall));
      const judged = group.filter((c) => c.target);
      const hits = judged.filter((c) => c.hit).length;
      const r50 = lat && h50 ? lat.latency.p50 / Math.max(h50, 1) : null;
      const r99 = lat && h99 ? lat.latency.p99 / Math.max(h99, 1) : null;
      console.log(
        `${family.padEnd(26)} ${sort.padEnd(18)} ${String(group.length || "").padStart(2)} ${fmt(ndcg).padStart(8)} ${fmt(recall).padStart(7)} ${(judged.length ? `${hits}/${judged.length}` : "").padStart(7)} ${String(lat?.latency.p50 ?? "—").padStart(7)} ${String(lat?.latency.p99 ?? "—").padStart(7)} ${fmt(r50, 2).padStart(5)} ${fmt(r99, 2).padStart(5)}`,
      );
      report.rows.push({ family, sort, queries: group.length, ndcg, recall, judged: judged.length, hits, p50: lat?.latency.p50, p99: lat?.latency.p99, r50, r99, non2xx: lat?.non2xx });
      if (ndcg !== null && ndcg < QUALITY_TARGET) failures.push(`${family} / ${sort}: nDCG@10 ${fmt(ndcg)}`);
      if (recall !== null && recall < QUALITY_TARGET) failures.push(`${family} / ${sort}: recall@50 ${fmt(recall)}`);
      if (hits < judged.length) failures.push(`${family} / ${sort}: ${judged.length - hits} judged row(s) missed`);
      if (r50 !== null && r50 > P50_LIMIT) failures.push(`${family} / ${sort}: p50 ${fmt(r50, 2)}× health`);
      if (r99 !== null && r99 > P99_LIMIT) failures.push(`${family} / ${sort}: p99 ${fmt(r99, 2)}× health`);
      if (lat?.non2xx) failures.push(`${family} / ${sort}: ${lat.non2xx} non-2xx answers`);
    }
    const duplicated = cases.filter((c) => c.duplicates > 0);
    for (const c of duplicated) failures.push(`${c.family} / ${c.sort} "${c.query.q}": ${c.duplicates} duplicate(s) across pages`);

    console.log("\nPer query (nDCG@10 / recall@50, judged rank):");
    for (const c of cases) {
      console.log(
        `  ${c.family.padEnd(26)} ${c.query.kind.padEnd(5)} ${JSON.stringify(c.query.q).padEnd(26)} ${c.sort.padEnd(9)} matches ${String(c.reference.length).padStart(6)}  ${fmt(c.ndcg)} / ${fmt(c.recall)}${c.target ? `  judged rank ${c.rank ?? "—"} (≤ ${c.query.within})` : ""}`,
      );
    }
    report.health = { p50: h50, p99: h99 };
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(report, null, 2));
    console.log(`\nTargets: nDCG@10 and recall@50 ≥ ${QUALITY_TARGET}; p50 ≤ ${P50_LIMIT}× and p99 ≤ ${P99_LIMIT}× health (ratios use at least 1 ms of health).`);
    if (failures.length > 0) {
      console.log(`Missed:\n  ${failures.join("\n  ")}`);
      if (process.env.BENCH_NO_FAIL !== "1") process.exitCode = 1;
    } else {
      console.log("Every family and sort meets the targets.");
    }
  } finally {
    stopProcess(server);
  }
}

await main();
