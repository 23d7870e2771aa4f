// The search-tier job (decision record 0095): it gives every post and profile without one its
// rank class, computed from its text as worker/lib/search-rank.ts says, a bounded batch per run;
// writing the class re-keys the row in its FTS table, whose segments the job then merges; an edit
// clears the class for the next run;
// a row edited while the job ran is left for the next run. The class's length is FTS5's own count
// of the row's tokens.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { computeSearchTiers } from "../../../worker/cron/search-tiers";
import { mergeSearchIndexes, saveTiers } from "../../../worker/db/queries/search/tiers";
import { updatePost } from "../../../worker/db/queries/posts";
import { updateProfile } from "../../../worker/db/queries/profiles";
import { posts, profiles } from "../../../worker/db/schema";
import { POST_RANK_MODEL, PROFILE_RANK_MODEL, classOfRank, searchTier } from "../../../worker/lib/search-rank";
import { createUser, db, insertPost } from "../helpers";

async function pending(table: "posts" | "profiles"): Promise<number> {
  return (await env.DB.prepare(`select count(*) as n from ${table} where search_tier is null`).first<{ n: number }>())!.n;
}

/** FTS5's own token count of a row (its docsize record: one varint per column), summed. */
async function ftsLength(table: "posts_fts" | "profiles_fts", key: number): Promise<number> {
  const row = await env.DB.prepare(`select sz from ${table}_docsize where id = ?1`).bind(key).first<{ sz: number[] | ArrayBuffer }>();
  const bytes = row!.sz instanceof ArrayBuffer ? [...new Uint8Array(row!.sz)] : row!.sz;
  let total = 0;
  let value = 0;
  for (const byte of bytes) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      total += value;
      value = 0;
    }
  }
  return total;
}

describe("computeSearchTiers", () => {
  it("classes every row without one, in batches, and moves each to its class's key", async () => {
    const { id: u } = await createUser({ displayName: "Tiered Person", bio: "bio words here" });
    const ids: string[] = [];
    for (let i = 0; i < 7; i += 1) ids.push(await insertPost(u, { caption: `tier ${"word ".repeat(i)}take` }));
    expect(await pending("posts")).toBeGreaterThanOrEqual(7);
    // A batch of 3 leaves the rest for the next runs.
    const first = await computeSearchTiers({ db: db() }, 3);
    expect(first.posts).toBe(3);
    while ((await computeSearchTiers({ db: db() }, 3)).posts > 0);
    expect(await pending("posts")).toBe(0);
    expect(await pending("profiles")).toBe(0);
    for (const id of ids) {
      const [row] = await db().select({ tier: posts.searchTier, caption: posts.caption }).from(posts).where(eq(posts.id, id));
      expect(row!.tier).toBe(searchTier(POST_RANK_MODEL, [row!.caption]));
      // The row is found under its new key.
      const found = await env.DB.prepare(
        "select count(*) as n from posts_fts where posts_fts match 'tier' and rowid = (select search_tier * 1099511627776 + (1099511627775 - rowid) from posts where id = ?1)",
      )
        .bind(id)
        .first<{ n: number }>();
      expect(found!.n).toBe(1);
    }
    await env.DB.prepare("INSERT INTO posts_fts(posts_fts) VALUES ('integrity-check')").run();
    await env.DB.prepare("INSERT INTO profiles_fts(profiles_fts) VALUES ('integrity-check')").run();
    // The runs merged the re-keyed indexes: one more merge finds nothing to do (one statement a table).
    expect(await mergeSearchIndexes(db(), "posts")).toBe(1);
    expect(await mergeSearchIndexes(db(), "profiles")).toBe(2);
  });

  it("a class's length is the tokenizer's own count, for text with marks, emoji, hashtags and apostrophes", async () => {
    const { id: u } = await createUser();
    const captions = [
      "Zoë's café — «live» at 23:00 #lofi #LoFi2024",
      "naïve façade: ½ price 🎸🎸 (really) déjà-vu",
      "東京 session ｔｅｓｔ 𝓂𝒾𝓍 ‘quoted’ can't won’t",
      "   ",
    ];
    const ids = [];
    for (const caption of captions) ids.push(await insertPost(u, { caption }));
    await computeSearchTiers({ db: db() });
    for (const [i, id] of ids.entries()) {
      const [row] = await db().select({ tier: posts.searchTier }).from(posts).where(eq(posts.id, id));
      const key = (await env.DB.prepare("select search_tier * 1099511627776 + (1099511627775 - rowid) as k from posts where id = ?1").bind(id).first<{ k: number }>())!.k;
      const cls = classOfRank(POST_RANK_MODEL, row!.tier!);
      if (captions[i]!.trim() === "") continue;
      expect(cls?.len, captions[i]).toBe(await ftsLength("posts_fts", key));
    }
    const { id: person } = await createUser({ username: "zoë_m", displayName: "Zoë Müller-Lüdenscheidt", bio: "Vocal coach; 20 years" });
    await computeSearchTiers({ db: db() });
    const [profile] = await db().select({ tier: profiles.searchTier }).from(profiles).where(eq(profiles.userId, person));
    const key = (await env.DB.prepare("select search_tier * 1099511627776 + (1099511627775 - rowid) as k from profiles where user_id = ?1").bind(person).first<{ k: number }>())!.k;
    expect(classOfRank(PROFILE_RANK_MODEL, profile!.tier!)?.len).toBe(await ftsLength("profiles_fts", key));
  });

  it("an edit clears the class; a row edited while the job ran keeps none until the next run", async () => {
    const { id: u } = await createUser();
    const id = await insertPost(u, { caption: "first words" });
    await computeSearchTiers({ db: db() });
    await updatePost(db(), id, { caption: "first words", tags: [] }, { caption: "other words, many more of them now" });
    expect((await db().select({ tier: posts.searchTier }).from(posts).where(eq(posts.id, id)))[0]!.tier).toBeNull();
    await updateProfile(db(), u, { bio: "a new bio" });
    expect((await db().select({ tier: profiles.searchTier }).from(profiles).where(eq(profiles.userId, u)))[0]!.tier).toBeNull();
    // Read, then edited (updated_at moves), then the write comes: nothing is written.
    const [row] = await db().select({ rowid: posts.id, updatedAt: posts.updatedAt }).from(posts).where(eq(posts.id, id));
    const rowid = (await env.DB.prepare("select rowid as r from posts where id = ?1").bind(id).first<{ r: number }>())!.r;
    await db().update(posts).set({ caption: "edited again", updatedAt: row!.updatedAt + 1, searchTier: null }).where(eq(posts.id, id));
    expect(await saveTiers(db(), "posts", [{ rowid, updatedAt: row!.updatedAt, tier: 5 }])).toBe(0);
    await computeSearchTiers({ db: db() });
    const [after] = await db().select({ tier: posts.searchTier }).from(posts).where(eq(posts.id, id));
    expect(after!.tier).toBe(searchTier(POST_RANK_MODEL, ["edited again"]));
  });
});
