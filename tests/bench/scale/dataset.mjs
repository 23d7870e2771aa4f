// The scale dataset (npm run bench:scale), written straight into the local D1 file that Miniflare uses
// (after the migrations and the demo seed): 10k users, 100k posts over 90 days, ~244k
// post-hashtag links with a Zipf-like tag popularity, 500k likes, 200k follows (the demo user
// follows 312 accounts), 200k comments (one post with 5,000 of them, replies included) and a few
// hundred bookmarks of the demo user. Every value comes from one seeded PRNG and a fixed clock,
// so two runs produce the same rows; inserting through node:sqlite in one transaction takes
// about a minute on two cores, where the same rows through `wrangler d1 execute` take far longer.
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

export const DATASET = {
  users: 10_000,
  posts: 100_000,
  days: 90,
  hashtagLinks: 244_000,
  hashtags: 2_000,
  likes: 500_000,
  follows: 200_000,
  comments: 200_000,
  hotPostComments: 5_000,
  demoFollows: 312,
  demoBookmarks: 400,
};

/** The newest generated row is one minute before this instant (fixed, for determinism). */
const DATASET_END = Date.UTC(2026, 9, 31, 12, 0, 0);
const DAY = 86_400_000;

/** The names the bench asks for: the most and the least used generated tag. */
export const POPULAR_TAG = "scaletag1";
export const RARE_TAG = `scaletag${DATASET.hashtags}`;

/** mulberry32: small, fast and good enough to spread rows; seeded, so the dataset repeats. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A UUID-shaped id drawn from the PRNG (ids only need to be unique and valid, not random). */
function idFrom(random) {
  let hex = "";
  for (let i = 0; i < 4; i += 1) hex += Math.floor(random() * 0x100000000).toString(16).padStart(8, "0");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The D1 database file of a Miniflare state folder (the one that has the app's tables). */
export function d1File(state) {
  const dir = path.join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const candidates = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  for (const name of candidates) {
    const db = new DatabaseSync(path.join(dir, name));
    const found = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'posts'").get();
    db.close();
    if (found) return path.join(dir, name);
  }
  throw new Error(`no D1 database with a posts table under ${dir}`);
}

/** Whether the dataset is already in the file (the generated users exist). */
export function hasDataset(file) {
  const db = new DatabaseSync(file);
  try {
    return Boolean(db.prepare("select 1 from users where email = 'scale-0@example.test'").get());
  } finally {
    db.close();
  }
}

/** Writes the dataset; returns the ids the bench needs (the hot post, a prolific author). */
export function generateDataset(file, log = console.log) {
  const random = prng(16_2026);
  const db = new DatabaseSync(file);
  db.exec("pragma journal_mode = wal; pragma synchronous = off; pragma foreign_keys = off;");
  const demo = db.prepare("select id from users where email = 'demo@example.com'").get();
  if (!demo) throw new Error("the demo seed is missing (run the seed first)");
  const demoId = demo.id;
  const columns = (table) => db.prepare(`pragma table_info(${table})`).all().map((c) => c.name);
  // Later migrations may carry the post's time on post_hashtags; fill it when the column exists.
  const hashtagLinkHasTime = columns("post_hashtags").includes("created_at");

  const started = Date.now();
  const step = (what) => log(`  ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  db.exec("begin");

  // Users and profiles.
  const userIds = [];
  const insertUser = db.prepare("insert into users (id, email, email_verified_at, password_hash, created_at, updated_at) values (?, ?, ?, null, ?, ?)");
  const insertProfile = db.prepare(
    "insert into profiles (user_id, username, display_name, bio, profession, location, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const professions = ["Producer", "Vocalist", "Mixing engineer", "Drummer", "DJ", "Songwriter", "Guitarist", "Composer"];
  const cities = ["Berlin", "Lagos", "London", "Austin", "Seoul", "Lisbon", "Toronto", "Nairobi"];
  for (let i = 0; i < DATASET.users; i += 1) {
    const id = idFrom(random);
    const at = DATASET_END - DATASET.days * DAY - Math.floor(random() * 30 * DAY);
    insertUser.run(id, `scale-${i}@example.test`, at, at, at);
    insertProfile.run(id, `scale_user_${i}`, `Scale User ${i}`, `Bench account ${i}`, professions[i % professions.length], cities[i % cities.length], at, at);
    userIds.push(id);
  }
  step(`${DATASET.users} users`);

  // Posts: authorship is skewed (user index drawn as n·u², so low indices post far more), times
  // are spread evenly over the 90 days; audio and video carry 200 float peaks as the SPA stores.
  const postIds = [];
  const postTimes = [];
  const postTags = [];
  const ranks = zipfSampler(DATASET.hashtags, random);
  const insertPost = db.prepare(
    `insert into posts (id, user_id, content_type, media_key, mime_type, size_bytes, width, height, duration_ms, waveform, caption, location, tags, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (let i = 0; i < DATASET.posts; i += 1) {
    const id = idFrom(random);
    const author = userIds[Math.floor(DATASET.users * random() * random())];
    const at = DATASET_END - 60_000 - Math.floor(((i + random()) / DATASET.posts) * DATASET.days * DAY);
    const kind = i % 3 === 0 ? "image" : i % 3 === 1 ? "audio" : "video";
    // 2 or 3 tags (2.44 on average), distinct ranks from the Zipf sampler.
    const count = random() < 0.44 ? 3 : 2;
    const tags = new Set();
    while (tags.size < count) tags.add(ranks());
    const names = [...tags].map((rank) => `scaletag${rank}`);
    const waveform = kind === "image" ? null : JSON.stringify(Array.from({ length: 200 }, () => Math.round(random() * 1000) / 1000));
    insertPost.run(
      id,
      author,
      kind,
      `post-${kind}s/${author}/${id}`,
      kind === "image" ? "image/jpeg" : kind === "audio" ? "audio/mpeg" : "video/mp4",
      100_000 + Math.floor(random() * 900_000),
      kind === "audio" ? null : 800,
      kind === "audio" ? null : 800,
      kind === "image" ? null : 15_000 + Math.floor(random() * 120_000),
      waveform,
      `Session ${i} ${names.map((n) => `#${n}`).join(" ")}`,
      null,
      JSON.stringify(names),
      at,
      at,
    );
    postIds.push(id);
    postTimes.push(at);
    postTags.push([...tags]);
  }
  step(`${DATASET.posts} posts`);

  // Hashtags and links.
  const hashtagIds = [];
  const insertHashtag = db.prepare("insert into hashtags (id, name, created_at, updated_at) values (?, ?, ?, ?)");
  for (let rank = 1; rank <= DATASET.hashtags; rank += 1) {
    const id = idFrom(random);
    insertHashtag.run(id, `scaletag${rank}`, DATASET_END - DATASET.days * DAY, DATASET_END - DATASET.days * DAY);
    hashtagIds[rank] = id;
  }
  const insertLink = db.prepare(
    hashtagLinkHasTime
      ? "insert into post_hashtags (post_id, hashtag_id, created_at) values (?, ?, ?)"
      : "insert into post_hashtags (post_id, hashtag_id) values (?, ?)",
  );
  let links = 0;
  for (let i = 0; i < DATASET.posts; i += 1) {
    for (const rank of postTags[i]) {
      if (hashtagLinkHasTime) insertLink.run(postIds[i], hashtagIds[rank], postTimes[i]);
      else insertLink.run(postIds[i], hashtagIds[rank]);
      links += 1;
    }
  }
  step(`${links} hashtag links`);

  // Follows: the demo user follows 312 of the most active accounts; the rest are random pairs.
  const insertFollow = db.prepare("insert or ignore into follows (id, follower_id, following_id, created_at) values (?, ?, ?, ?)");
  let follows = 0;
  const demoFollowed = new Set();
  while (demoFollowed.size < DATASET.demoFollows) {
    const target = userIds[Math.floor(random() * 700)];
    if (demoFollowed.has(target)) continue;
    demoFollowed.add(target);
    insertFollow.run(idFrom(random), demoId, target, DATASET_END - Math.floor(random() * DATASET.days * DAY));
    follows += 1;
  }
  while (follows < DATASET.follows) {
    const a = userIds[Math.floor(random() * DATASET.users)];
    const b = userIds[Math.floor(DATASET.users * random() * random())];
    if (a === b) continue;
    follows += Number(insertFollow.run(idFrom(random), a, b, DATASET_END - Math.floor(random() * DATASET.days * DAY)).changes);
  }
  step(`${follows} follows`);

  // Likes: newer posts get more of them.
  const insertLike = db.prepare("insert or ignore into post_likes (id, post_id, user_id, created_at) values (?, ?, ?, ?)");
  let likes = 0;
  while (likes < DATASET.likes) {
    const postIndex = Math.floor(DATASET.posts * random() * random());
    const user = userIds[Math.floor(random() * DATASET.users)];
    likes += Number(insertLike.run(idFrom(random), postIds[postIndex], user, postTimes[postIndex] + Math.floor(random() * DAY)).changes);
  }
  step(`${likes} likes`);

  // Comments: the hot post (a recent one) gets 5,000, a fifth of them replies to earlier ones.
  const hotPost = postIds[10];
  const insertComment = db.prepare("insert into comments (id, post_id, user_id, parent_id, content, created_at) values (?, ?, ?, ?, ?, ?)");
  const hotTopLevel = [];
  for (let i = 0; i < DATASET.hotPostComments; i += 1) {
    const id = idFrom(random);
    const isReply = i >= 100 && random() < 0.2;
    const parent = isReply ? hotTopLevel[Math.floor(random() * hotTopLevel.length)] : null;
    insertComment.run(id, hotPost, userIds[Math.floor(random() * DATASET.users)], parent, `Hot take ${i}`, postTimes[10] + 1_000 + i * 1_000);
    if (!isReply) hotTopLevel.push(id);
  }
  for (let i = DATASET.hotPostComments; i < DATASET.comments; i += 1) {
    const postIndex = Math.floor(random() * DATASET.posts);
    insertComment.run(idFrom(random), postIds[postIndex], userIds[Math.floor(random() * DATASET.users)], null, `Comment ${i}`, postTimes[postIndex] + Math.floor(random() * DAY));
  }
  step(`${DATASET.comments} comments`);

  // The demo user's bookmarks.
  const insertBookmark = db.prepare("insert or ignore into bookmarks (user_id, post_id, created_at) values (?, ?, ?)");
  for (let i = 0; i < DATASET.demoBookmarks; i += 1) {
    const postIndex = Math.floor(random() * DATASET.posts);
    insertBookmark.run(demoId, postIds[postIndex], DATASET_END - Math.floor(random() * DATASET.days * DAY));
  }
  step(`${DATASET.demoBookmarks} bookmarks`);

  db.exec("commit");
  db.exec("analyze; pragma wal_checkpoint(truncate);");
  db.close();
  step("analyze");
  return { demoId, hotPost, prolificUser: userIds[0] };
}

/** Ranks 1..n with P(rank) ∝ 1/rank, by inverse transform over the cumulative weights. */
function zipfSampler(n, random) {
  const cumulative = [];
  let total = 0;
  for (let rank = 1; rank <= n; rank += 1) {
    total += 1 / rank;
    cumulative.push(total);
  }
  return () => {
    const target = random() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < target) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  };
}

/** The bench's ids, read back from a generated state (a rerun that skips generation). */
export function datasetIds(file) {
  const db = new DatabaseSync(file);
  try {
    const demoId = db.prepare("select id from users where email = 'demo@example.com'").get().id;
    const prolificUser = db.prepare("select id from users where email = 'scale-0@example.test'").get().id;
    const hotPost = db.prepare("select post_id as id from comments where content = 'Hot take 0'").get().id;
    return { demoId, hotPost, prolificUser };
  } finally {
    db.close();
  }
}
