// The profile queries' plans (CONVENTIONS.md: every list is served by an index, in the keyset form
// the routes use), and the username race at the query level: the unique index decides.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../../worker/db/ids";
import { profileVisitInsert, updateProfile } from "../../../worker/db/queries/profiles";
import { sellerProductsQuery, sellerServicesQuery } from "../../../worker/db/queries/seller-items";
import { isUsernameConflict } from "../../../worker/db/queries/users";
import { createUser, db, failureOf, unique } from "../helpers";

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return result.results.map((r) => r.detail).join("\n");
}

describe("profile queries are served by indexes", () => {
  const cursor = { createdAt: Date.now(), id: newId() };
  const userId = newId();

  it("a seller's services: services_user_created_idx in index order, no sort", async () => {
    const p = await plan(sellerServicesQuery(db(), { userId, cursor, limit: 10 }));
    expect(p).toContain("services_user_created_idx");
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it("a seller's products: products_user_created_idx in index order, no sort", async () => {
    const p = await plan(sellerProductsQuery(db(), { userId, cursor, limit: 10 }));
    expect(p).toContain("products_user_created_idx");
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it("a visit: the profile by primary key, the repeat probe by a (user or target, created_at) range", async () => {
    const p = await plan(profileVisitInsert(db(), { viewerId: userId, targetId: newId(), windowMs: 60_000, now: Date.now() }));
    expect(p).toMatch(/SEARCH profiles USING (COVERING )?INDEX sqlite_autoindex_profiles_1 \(user_id=\?\)/);
    // Either index bounds the probe to one person's last half hour; SQLite picks by its statistics.
    expect(p).toMatch(/user_interactions_(user_created|target_user)_idx \((user_id|target_user_id)=\? AND created_at>\?\)/);
    expect(p).not.toMatch(/SCAN (ui|user_interactions)$/m);
  });
});

describe("updateProfile", () => {
  it("fails on profiles_username_lower_unique for another user's name in any case, which isUsernameConflict recognises", async () => {
    const ana = await createUser({ username: unique("Ana") });
    const ben = await createUser();
    const message = await failureOf(updateProfile(db(), ben.id, { username: ana.username.toLowerCase() }));
    expect(isUsernameConflict(message)).toBe(true);
    expect(await updateProfile(db(), ben.id, { bio: "fine" })).toBe(true);
    expect(await updateProfile(db(), newId(), { bio: "nobody" })).toBe(false);
  });
});
