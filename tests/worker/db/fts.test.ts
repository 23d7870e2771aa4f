// FTS5 search tables (migrations/0001_triggers_fts.sql, 0024_search_ranking.sql): found after
// insert, updated with the row, gone after delete. posts_fts and profiles_fts are keyed by the
// row's search key (its search tier times 2^40 plus its rowid reversed, decision record 0095): the
// queries find the row from the key as the search queries do; services_fts keeps the rowid.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, profiles, services } from "../../../worker/db/schema";
import { createUser, db, insertHashtag, insertPost, insertService } from "../helpers";

/** The rowid of the row an FTS key points at (migration 0024). */
const ROWID = (key: string) => `(1099511627775 - (${key} & 1099511627775))`;

async function searchProfiles(q: string) {
  const { results } = await env.DB.prepare(
    `SELECT p.user_id AS userId FROM profiles_fts
       JOIN profiles p ON p.rowid = ${ROWID("profiles_fts.rowid")}
      WHERE profiles_fts MATCH ?1
      ORDER BY bm25(profiles_fts) LIMIT 20`,
  )
    .bind(q)
    .all<{ userId: string }>();
  return results.map((r) => r.userId);
}

async function searchPosts(q: string) {
  const { results } = await env.DB.prepare(
    `SELECT p.id FROM posts_fts JOIN posts p ON p.rowid = ${ROWID("posts_fts.rowid")}
      WHERE posts_fts MATCH ?1 ORDER BY bm25(posts_fts) LIMIT 20`,
  )
    .bind(q)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

async function searchServices(q: string) {
  const { results } = await env.DB.prepare(
    `SELECT s.id FROM services_fts JOIN services s ON s.rowid = services_fts.rowid
      WHERE services_fts MATCH ?1 ORDER BY bm25(services_fts) LIMIT 15`,
  )
    .bind(q)
    .all<{ id: string }>();
  return results.map((r) => r.id);
}

describe("profiles_fts", () => {
  it("finds a profile by a bio word, username or display name, and follows updates and deletes", async () => {
    const d = db();
    const { id: ana } = await createUser({ username: "ana_beats", displayName: "Ana Ortega", bio: "Mixing engineer who loves analog consoles" });
    const { id: ben } = await createUser({ username: "benjamin", displayName: "Ben Cole", bio: "Jazz drummer" });

    expect(await searchProfiles("consoles")).toEqual([ana]);
    expect(await searchProfiles("jazz")).toEqual([ben]);
    expect(await searchProfiles("ortega")).toEqual([ana]);
    expect(await searchProfiles("ana_beats")).toEqual([ana]);
    // Prefix queries (search-as-you-type) and accent-insensitive matching.
    expect(await searchProfiles("analo*")).toEqual([ana]);
    expect(await searchProfiles("drúmmer")).toEqual([ben]);

    // A counter update does not disturb the index; a bio update replaces the old words.
    await d.update(profiles).set({ followerCount: 5 }).where(eq(profiles.userId, ana));
    expect(await searchProfiles("consoles")).toEqual([ana]);
    await d.update(profiles).set({ bio: "Mastering only" }).where(eq(profiles.userId, ana));
    expect(await searchProfiles("consoles")).toEqual([]);
    expect(await searchProfiles("mastering")).toEqual([ana]);

    await d.delete(profiles).where(eq(profiles.userId, ben));
    expect(await searchProfiles("jazz")).toEqual([]);
    expect(await searchProfiles("ortega")).toEqual([ana]);
  });
});

describe("posts_fts", () => {
  it("finds a post by a caption word and forgets it after an edit or delete", async () => {
    const d = db();
    const { id: u } = await createUser();
    const p1 = await insertPost(u, { caption: "Late night synth session in the studio" });
    const p2 = await insertPost(u, { caption: "Vocal takes for the new single" });
    await insertPost(u); // no caption: indexed as nothing, must not break anything

    expect(await searchPosts("synth")).toEqual([p1]);
    expect(await searchPosts("vocal single")).toEqual([p2]);
    expect((await searchPosts("studio OR single")).sort()).toEqual([p1, p2].sort());

    await d.update(posts).set({ caption: "Morning coffee" }).where(eq(posts.id, p1));
    expect(await searchPosts("synth")).toEqual([]);
    expect(await searchPosts("coffee")).toEqual([p1]);

    await d.delete(posts).where(eq(posts.id, p2));
    expect(await searchPosts("vocal")).toEqual([]);
    // The index stays consistent with its content table.
    await env.DB.prepare("INSERT INTO posts_fts(posts_fts) VALUES ('integrity-check')").run();
  });

  it("moves a post to its tier's key when the tier is written, and keeps the index whole", async () => {
    const d = db();
    const { id: u } = await createUser();
    const p = await insertPost(u, { caption: "reel to reel tape" });
    const keyOf = async () =>
      (await env.DB.prepare("SELECT rowid AS k FROM posts_fts WHERE posts_fts MATCH 'reel' AND rowid = (SELECT coalesce(search_tier, 0) * 1099511627776 + (1099511627775 - rowid) FROM posts WHERE id = ?1)").bind(p).first<{ k: number }>())?.k;
    const before = await keyOf();
    expect(before).toBeLessThan(2 ** 40);
    await d.update(posts).set({ searchTier: 7 }).where(eq(posts.id, p));
    const after = await keyOf();
    expect(Math.floor(after! / 2 ** 40)).toBe(7);
    expect(await searchPosts("reel")).toEqual([p]);
    await env.DB.prepare("INSERT INTO posts_fts(posts_fts) VALUES ('integrity-check')").run();
    await d.delete(posts).where(eq(posts.id, p));
    expect(await searchPosts("reel")).toEqual([]);
    await env.DB.prepare("INSERT INTO posts_fts(posts_fts) VALUES ('integrity-check')").run();
  });

  it("recovers from rowid drift with 'rebuild'", async () => {
    const { id: u } = await createUser();
    const p = await insertPost(u, { caption: "tape saturation tricks" });
    expect(await searchPosts("saturation")).toEqual([p]);
    await env.DB.prepare("INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')").run();
    expect(await searchPosts("saturation")).toEqual([p]);
  });
});

describe("the trigram indexes of names and tags", () => {
  async function trigram(table: "profiles_names_trigram" | "hashtags_trigram", q: string) {
    const { results } = await env.DB.prepare(`SELECT rowid AS k FROM ${table} WHERE ${table} MATCH ?1`).bind(q).all<{ k: number }>();
    return results.length;
  }

  it("follow profiles' names and hashtags through insert, update and delete", async () => {
    const d = db();
    const { id: u } = await createUser({ username: "quixotic_q", displayName: "Zébulon Quaxx" });
    // Folded: "zeb" finds "Zébulon".
    expect(await trigram("profiles_names_trigram", '"zeb"')).toBe(1);
    expect(await trigram("profiles_names_trigram", '"axx"')).toBe(1);
    await d.update(profiles).set({ displayName: "Someone Else" }).where(eq(profiles.userId, u));
    expect(await trigram("profiles_names_trigram", '"axx"')).toBe(0);
    expect(await trigram("profiles_names_trigram", '"xot"')).toBe(1);
    await d.delete(profiles).where(eq(profiles.userId, u));
    expect(await trigram("profiles_names_trigram", '"xot"')).toBe(0);
    await env.DB.prepare("INSERT INTO profiles_names_trigram(profiles_names_trigram) VALUES ('integrity-check')").run();
    await env.DB.prepare("INSERT INTO profiles_fts(profiles_fts) VALUES ('integrity-check')").run();

    await insertHashtag("qwzxtags");
    expect(await trigram("hashtags_trigram", '"wzx"')).toBe(1);
    await env.DB.prepare("DELETE FROM hashtags WHERE name = 'qwzxtags'").run();
    expect(await trigram("hashtags_trigram", '"wzx"')).toBe(0);
    await env.DB.prepare("INSERT INTO hashtags_trigram(hashtags_trigram) VALUES ('integrity-check')").run();
  });
});

describe("services_fts", () => {
  it("finds a service by category, name or description, and follows updates and deletes", async () => {
    const d = db();
    const { id: u } = await createUser();
    const mix = await insertService(u, { name: "Stem mixing", description: "Radio-ready mixes", category: "mixing" });
    const lesson = await insertService(u, { name: "Piano basics", description: "Weekly online", category: "lessons" });

    expect(await searchServices("mixing")).toEqual([mix]);
    expect(await searchServices("category:lessons")).toEqual([lesson]);
    expect(await searchServices("radio")).toEqual([mix]);

    await d.update(services).set({ category: "consultation", name: "Mix feedback" }).where(eq(services.id, mix));
    expect(await searchServices("category:mixing")).toEqual([]);
    expect(await searchServices("consultation")).toEqual([mix]);

    await d.delete(services).where(eq(services.id, lesson));
    expect(await searchServices("piano")).toEqual([]);
    expect(await searchServices("lessons")).toEqual([]);
    await env.DB.prepare("INSERT INTO services_fts(services_fts) VALUES ('integrity-check')").run();
  });
});
