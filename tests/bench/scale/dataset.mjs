// The scale dataset (npm run bench:scale), written straight into the local D1 file that Miniflare uses
// (after the migrations and the demo seed): 10k users, 100k posts over 90 days, ~244k
// post-hashtag links with a Zipf-like tag popularity, 500k likes, 200k follows (the demo user
// follows 312 accounts), 200k comments (one post with 5,000 of them, replies included) and a few
// hundred bookmarks of the demo user. Every value comes from one seeded PRNG and a fixed clock,
// so two runs produce the same rows; inserting through node:sqlite in one transaction takes
// about a minute on two cores, where the same rows through `wrangler d1 execute` take far longer.
//
// Search (npm run bench:search, decision record 0095) needs text worth ranking: captions are
// "Session {i}" plus words of a music vocabulary drawn with a Zipf-like frequency (some repeated,
// some posts long), the posts' hashtags, and for a third of them a city; bios name a profession,
// a city and a few words. Planted among them, each at a fixed place, are what the judged queries
// of ./search-queries.mjs look for: rare words in old posts, phrases, named hashtags, people with
// diacritics and people whose names nearly match (PLANTED below). The planted people are written
// first, so they are the oldest rows of all; nothing is placed to suit any ranking.
import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { POST_RANK_MODEL, PROFILE_RANK_MODEL, searchTier } from "../../../worker/lib/search-rank.ts";

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

/**
 * A generated state made before the search content existed lacks this user; run.mjs and
 * search.mjs then generate the dataset again.
 */
const DATASET_MARKER_EMAIL = "planted-kenji@example.test";

/** The names the bench asks for: the most and the least used generated tag. */
export const POPULAR_TAG = "scaletag1";
export const RARE_TAG = `scaletag${DATASET.hashtags}`;

/**
 * Caption and bio words, most frequent first: a word's share falls as 1/rank (Zipf), so the first
 * ones are in a large part of the posts and the last ones in a few hundred. "session" is left out:
 * every caption starts with it already.
 */
const VOCABULARY = (
  "mix vocal drums bass beat studio guitar synth live track master demo groove loop piano tape " +
  "chorus verse analog reverb delay kick snare sample remix tour gig rehearsal album single release " +
  "lyrics melody harmony chords tempo mic preamp console plugin sidechain vinyl cassette radio " +
  "podcast acoustic electric strings brass horns choir orchestra ambient techno house jazz soul funk " +
  "disco hiphop trap drill grime dub reggae afrobeat highlife amapiano gospel blues country folk " +
  "indie punk metal rock pop ballad anthem interlude outro intro bridge hook drop build breakdown " +
  "fader knob patch cable monitor headphones booth isolation overdub comping tuning pitch swing " +
  "shuffle polyrhythm syncopation arpeggio ostinato riff lick solo improv jam setlist soundcheck " +
  "encore backstage festival club warehouse rooftop basement sunrise sunset midnight weekend"
).split(" ");

/**
 * What the judged queries of ./search-queries.mjs look for, planted at fixed places. Post
 * positions are generation indices: index 0 is the newest post, 99,999 the oldest (90 days).
 * People are written before the 10,000 generated accounts, so theirs are the oldest rows.
 */
const PLANTED = {
  /** word → the indices of the posts whose caption gets it; "twice" lists those that repeat it. */
  words: {
    theremin: { posts: [97_531] },
    mellotron: { posts: [3_210, 51_234, 95_001] },
    glockenspiel: { posts: Array.from({ length: 12 }, (_, j) => 7_000 + 7_919 * j), twice: [14_919, 70_352] },
    harmonium: { posts: Array.from({ length: 40 }, (_, j) => 1_234 + 2_437 * j), twice: [3_671] },
  },
  /** phrase → the indices of the posts whose caption gets it. */
  phrases: {
    "analog tape saturation": Array.from({ length: 60 }, (_, j) => 555 + 1_637 * j),
    "late night jam": Array.from({ length: 200 }, (_, j) => 100 + 499 * j),
  },
  /** Named hashtags: a post whose index is a multiple of the number carries the tag. */
  hashtags: { mixing: 13, mixingtips: 97, mixtape: 29, lofi: 31, lofibeats: 211, techno: 37, technoparty: 401, synthwave: 53, jazz: 61, jazzfusion: 307 },
  /** People: username, display name, bio, profession, location, verified. */
  people: [
    ["kenji_sato", "Kenji Satō", "Mixing engineer in Tokyo. Analog tape and late night sessions.", "Mixing engineer", "Tokyo", true],
    ["kenjiro_tanaka", "Kenjiro Tanaka", "Producer. Synths, drum machines and tape loops.", "Producer", "Osaka", false],
    ["ken_jyu", "Ken Jyu", "DJ and selector.", "DJ", "Seoul", false],
    ["kenny_beats_nyc", "Kenny Beats", "Beatmaker and producer.", "Producer", "New York", false],
    ["kenji_fanclub", "Kenji Fan Club", "Everything Kenji Sato: Kenji Sato mixes, Kenji Sato sessions, Kenji Sato live.", "Songwriter", "Tokyo", false],
    ["zoe_muller", "Zoë Müller", "Vocalist and vocal coach.", "Vocalist", "Berlin", false],
    ["zoe_miller", "Zoe Miller", "Guitarist for hire.", "Guitarist", "London", false],
    ["bjork_gudmunds", "Björk Guðmundsdóttir", "Composer and singer.", "Composer", "Reykjavík", false],
    ["jose_alvarez", "José Álvarez", "Drummer and session player.", "Drummer", "Lisbon", false],
    ["josefina_alvarado", "Josefina Alvarado", "Songwriter.", "Songwriter", "Lisbon", false],
    ["amara_okafor", "Amara Okafor", "Producer from Lagos: afrobeat, amapiano, highlife.", "Producer", "Lagos", true],
    ["mia_mixes", "Mia Chen", "Mixing, mixing, mixing: mixing engineer for bands.", "Mixing engineer", "Toronto", false],
  ],
};

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
    return Boolean(db.prepare("select 1 from users where email = ?").get(DATASET_MARKER_EMAIL));
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

  // Text comes from its own generator, so ids, times, likes and follows stay the rows they were.
  const text = prng(0x5ea7c4);
  const words = zipfSampler(VOCABULARY.length, text);
  const someWords = (n) => Array.from({ length: n }, () => VOCABULARY[words() - 1]);

  // Users and profiles: the planted people first (the oldest rows), then the generated ones.
  const userIds = [];
  const insertUser = db.prepare("insert into users (id, email, email_verified_at, password_hash, created_at, updated_at) values (?, ?, ?, null, ?, ?)");
  const insertProfile = db.prepare(
    "insert into profiles (user_id, username, display_name, bio, profession, location, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const professions = ["Producer", "Vocalist", "Mixing engineer", "Drummer", "DJ", "Songwriter", "Guitarist", "Composer"];
  const cities = ["Berlin", "Lagos", "London", "Austin", "Seoul", "Lisbon", "Toronto", "Nairobi"];
  const setVerified = db.prepare("update profiles set verified = 1 where user_id = ?");
  const plantedIds = [];
  PLANTED.people.forEach(([username, displayName, bio, profession, location, verified], n) => {
    const id = idFrom(text);
    const at = DATASET_END - DATASET.days * DAY - 40 * DAY + n * 60_000;
    const email = n === 0 ? DATASET_MARKER_EMAIL : `planted-${username}@example.test`;
    insertUser.run(id, email, at, at, at);
    insertProfile.run(id, username, displayName, bio, profession, location, at, at);
    if (verified) setVerified.run(id);
    plantedIds.push(id);
  });
  for (let i = 0; i < DATASET.users; i += 1) {
    const id = idFrom(random);
    const at = DATASET_END - DATASET.days * DAY - Math.floor(random() * 30 * DAY);
    const profession = professions[i % professions.length];
    // Not i % 8 like the profession: every city has every profession.
    const city = cities[(i + Math.floor(i / professions.length)) % cities.length];
    const bio = `${profession} from ${city}. ${someWords(2 + Math.floor(text() * 4)).join(", ")}. Bench account ${i}`;
    insertUser.run(id, `scale-${i}@example.test`, at, at, at);
    insertProfile.run(id, `scale_user_${i}`, `Scale User ${i}`, bio, profession, city, at, at);
    // One account in 97 carries the badge, so the verified sort has something to put first.
    if (i % 97 === 0) setVerified.run(id);
    userIds.push(id);
  }
  step(`${PLANTED.people.length} planted people and ${DATASET.users} users`);

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
  // Which planted words and phrases each post index gets.
  const planted = new Map();
  const plant = (i, phrase) => planted.set(i, [...(planted.get(i) ?? []), phrase]);
  for (const [word, { posts: at, twice = [] }] of Object.entries(PLANTED.words)) {
    for (const i of at) plant(i, twice.includes(i) ? `${word} and more ${word}` : word);
  }
  for (const [phrase, at] of Object.entries(PLANTED.phrases)) for (const i of at) plant(i, phrase);
  /**
   * "Session {i}", then 0 to 15 vocabulary words (most captions short, a few long), one in seven
   * with a word said twice, the planted words, and the hashtags.
   */
  function captionOf(i, names) {
    const body = someWords(Math.floor(text() * text() * 16));
    if (body.length > 0 && text() < 1 / 7) body.push(body[Math.floor(text() * body.length)]);
    return [`Session ${i}`, ...body, ...(planted.get(i) ?? []), ...names.map((n) => `#${n}`)].join(" ");
  }
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
    for (const [tag, every] of Object.entries(PLANTED.hashtags)) if (i % every === 0) names.push(tag);
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
      captionOf(i, names),
      text() < 0.3 ? cities[Math.floor(text() * cities.length)] : null,
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
  // The demo seed may hold some of these names already: its row is used then.
  const namedTagIds = new Map();
  const insertNamedTag = db.prepare("insert or ignore into hashtags (id, name, created_at, updated_at) values (?, ?, ?, ?)");
  const tagIdByName = db.prepare("select id from hashtags where name = ?");
  for (const tag of Object.keys(PLANTED.hashtags)) {
    insertNamedTag.run(idFrom(text), tag, DATASET_END - DATASET.days * DAY, DATASET_END - DATASET.days * DAY);
    namedTagIds.set(tag, tagIdByName.get(tag).id);
  }
  const insertLink = db.prepare(
    hashtagLinkHasTime
      ? "insert into post_hashtags (post_id, hashtag_id, created_at) values (?, ?, ?)"
      : "insert into post_hashtags (post_id, hashtag_id) values (?, ?)",
  );
  let links = 0;
  for (let i = 0; i < DATASET.posts; i += 1) {
    const tagIds = [...postTags[i].map((rank) => hashtagIds[rank])];
    for (const [tag, every] of Object.entries(PLANTED.hashtags)) if (i % every === 0) tagIds.push(namedTagIds.get(tag));
    for (const tagId of tagIds) {
      if (hashtagLinkHasTime) insertLink.run(postIds[i], tagId, postTimes[i]);
      else insertLink.run(postIds[i], tagId);
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

  // Every searched row's rank class, as the search-tier job would have computed it by now
  // (decision record 0095): one pass after the inserts, so each FTS row is re-keyed once.
  if (columns("posts").includes("search_tier")) {
    const setPostTier = db.prepare("update posts set search_tier = ? where rowid = ?");
    for (const row of db.prepare("select rowid, caption from posts where search_tier is null").all()) setPostTier.run(searchTier(POST_RANK_MODEL, [row.caption]), row.rowid);
    const setProfileTier = db.prepare("update profiles set search_tier = ? where rowid = ?");
    for (const row of db.prepare("select rowid, username, display_name, bio from profiles where search_tier is null").all()) {
      setProfileTier.run(searchTier(PROFILE_RANK_MODEL, [row.username, row.display_name, row.bio]), row.rowid);
    }
    // Re-keying every row leaves each FTS index in many segments, which every read then merges
    // (a probe of a common word by key took milliseconds instead of microseconds); the job merges
    // after its batches, and this is the same done at once.
    for (const table of ["posts_fts", "profiles_fts", "profiles_names_trigram"]) db.exec(`insert into ${table}(${table}) values('optimize')`);
    step("search tiers");
  }

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
