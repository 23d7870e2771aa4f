// The feed designs of decision record 0059, measured on a copy of the scale dataset's D1 file
// (run `npm run bench:scale` once first): the SQL time of a first and a deep page for three
// followers (the demo user with 312 follows, a typical user and one following a single quiet
// account) under each design, and what fan-out on write costs to build and store.
//
//   npm run bench:scale-feed
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { root } from "../../../scripts/lib.mjs";
import { d1File } from "./dataset.mjs";

const state = path.resolve(root, process.env.BENCH_STATE ?? ".bench-state/scale");
const dir = mkdtempSync(path.join(tmpdir(), "feed-options-"));
const file = path.join(dir, "d1.sqlite");
copyFileSync(d1File(state), file);
const db = new DatabaseSync(file);
const REPEAT = 30;

function time(sql, params) {
  const statement = db.prepare(sql);
  statement.all(...params);
  const started = performance.now();
  for (let i = 0; i < REPEAT; i += 1) statement.all(...params);
  return (performance.now() - started) / REPEAT;
}

const SELECT = "select p.id, p.created_at, p.caption, p.waveform, pr.username from posts p left join profiles pr on pr.user_id = p.user_id";
const designs = {
  // Today: one posts_user_created_idx range per followed account, all candidates sorted per page.
  "merge (today)": (cursor) => [
    `${SELECT} where p.user_id in (select f.following_id from follows f where f.follower_id = ?1 union all select ?1)
       and (p.created_at, p.id) < (?2, ?3) order by p.created_at desc, p.id desc limit 21`,
    cursor,
  ],
  // Walk posts_created_idx newest first and keep a post whose author the viewer follows.
  "walk + membership": (cursor) => [
    `${SELECT} where (p.user_id = ?1 or exists (select 1 from follows f where f.follower_id = ?1 and f.following_id = p.user_id))
       and (p.created_at, p.id) < (?2, ?3) order by p.created_at desc, p.id desc limit 21`,
    cursor,
  ],
  // Fan-out on write: the viewer's own timeline rows, then posts by primary key.
  "fan-out timeline": (cursor) => [
    `select p.id, p.created_at, p.caption, p.waveform, pr.username from timeline t join posts p on p.id = t.post_id
       left join profiles pr on pr.user_id = p.user_id
      where t.user_id = ?1 and (t.created_at, t.post_id) < (?2, ?3) order by t.created_at desc, t.post_id desc limit 21`,
    cursor,
  ],
};

const started = performance.now();
db.exec(`create table timeline (user_id text not null, post_id text not null, created_at integer not null, primary key (user_id, created_at, post_id)) without rowid;
  insert into timeline select f.follower_id, p.id, p.created_at from follows f join posts p on p.user_id = f.following_id;
  insert into timeline select p.user_id, p.id, p.created_at from posts p;`);
const buildMs = performance.now() - started;
const rows = db.prepare("select count(*) as n from timeline").get().n;
const pages = db.prepare("select sum(pgsize) as bytes from dbstat where name = 'timeline'").get()?.bytes ?? null;
const fanout = db
  .prepare("select avg(n) as avg, max(n) as max from (select (select count(*) from follows f where f.following_id = p.user_id) + 1 as n from posts p)")
  .get();

const viewers = {
  "demo (312 follows)": db.prepare("select id from users where email = 'demo@example.com'").get().id,
  "typical (median follows)": db
    .prepare(
      `select follower_id as id from (select follower_id, count(*) as n from follows group by follower_id order by n)
        limit 1 offset (select count(distinct follower_id) / 2 from follows)`,
    )
    .get().id,
  "sparse (1 quiet account)": (() => {
    const quiet = db.prepare("select u.id from users u where u.email like 'scale-%' order by (select count(*) from posts p where p.user_id = u.id), u.id limit 1").get().id;
    const lonely = db.prepare("select u.id from users u where u.email = 'scale-9999@example.test'").get().id;
    db.exec(`delete from follows where follower_id = '${lonely}'; delete from timeline where user_id = '${lonely}';`);
    db.prepare("insert into follows (id, follower_id, following_id, created_at) values ('bench-sparse', ?, ?, 0)").run(lonely, quiet);
    db.prepare("insert into timeline select ?, p.id, p.created_at from posts p where p.user_id in (?, ?)").run(lonely, quiet, lonely);
    return lonely;
  })(),
};

console.log(`fan-out on write: ${rows} timeline rows (${pages ? `${(pages / 1048576).toFixed(0)} MiB` : "size n/a"}), built in ${(buildMs / 1000).toFixed(1)} s;`);
console.log(`  a new post writes ${fanout.avg.toFixed(1)} rows on average, ${fanout.max} at most (the most followed author)\n`);
console.log(`${"design".padEnd(20)} ${"viewer".padEnd(26)} ${"candidates".padStart(10)} ${"page 1 ms".padStart(10)} ${"page 26 ms".padStart(11)}`);
for (const [viewer, id] of Object.entries(viewers)) {
  const candidates = db
    .prepare("select count(*) as n from posts p where p.user_id in (select following_id from follows where follower_id = ?1 union all select ?1)")
    .get(id).n;
  const deep = db
    .prepare(
      `select p.created_at, p.id from posts p where p.user_id in (select following_id from follows where follower_id = ?1 union all select ?1)
        order by p.created_at desc, p.id desc limit 1 offset 500`,
    )
    .get(id) ?? { created_at: 0, id: "" };
  for (const [name, design] of Object.entries(designs)) {
    const first = design([id, 9e15, "~"]);
    const second = design([id, deep.created_at, deep.id]);
    console.log(
      `${name.padEnd(20)} ${viewer.padEnd(26)} ${String(candidates).padStart(10)} ${time(first[0], first[1]).toFixed(2).padStart(10)} ${time(second[0], second[1]).toFixed(2).padStart(11)}`,
    );
  }
}
db.close();
rmSync(dir, { recursive: true, force: true });
