// FTS5 search tables (migrations/0001_triggers_fts.sql): found after insert, updated with the row,
// gone after delete. The queries join on the base table's implicit rowid, as the search routes will.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { posts, profiles, services } from "../../../worker/db/schema";
import { createUser, db, insertPost, insertService } from "../helpers";

async function searchProfiles(q: string) {
  const { results } = await env.DB.prepare(
    `SELECT p.user_id AS userId FROM profiles_fts
       JOIN profiles p ON p.rowid = profiles_fts.rowid
      WHERE profiles_fts MATCH ?1
      ORDER BY bm25(profiles_fts) LIMIT 20`,
  )
    .bind(q)
    .all<{ userId: string }>();
  return results.map((r) => r.userId);
}

async function searchPosts(q: string) {
  const { results } = await env.DB.prepare(
    `SELECT p.id FROM posts_fts JOIN posts p ON p.rowid = posts_fts.rowid
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

  it("recovers from rowid drift with 'rebuild'", async () => {
    const { id: u } = await createUser();
    const p = await insertPost(u, { caption: "tape saturation tricks" });
    expect(await searchPosts("saturation")).toEqual([p]);
    await env.DB.prepare("INSERT INTO posts_fts(posts_fts) VALUES ('rebuild')").run();
    expect(await searchPosts("saturation")).toEqual([p]);
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
