// The dashboard and a seller's tabs (spec marketplace-messaging-account §2 Dashboard and Public
// profile tabs Products and Services, §9 dashboard previews and price display): one request for
// the dashboard, newest-first keyset pages for the tabs, prices as integer cents with §9's line.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Dashboard, ProductCardPage, ServiceCardPage } from "@shared/profile-api";
import { newId } from "../../../worker/db/ids";
import { bookmarks, products, profiles, services } from "../../../worker/db/schema";
import { api, db, expectError, insertPost, json, signedInUser } from "../helpers";

type NewService = typeof services.$inferInsert;

async function addService(userId: string, createdAt: number, fields: Partial<NewService> = {}): Promise<string> {
  const id = newId();
  await db()
    .insert(services)
    .values({ id, userId, name: `Service ${createdAt}`, category: "mixing", pricingModel: "hourly", priceCents: 4500, turnaroundDays: 3, createdAt, updatedAt: createdAt, ...fields });
  return id;
}

async function addProduct(userId: string, createdAt: number, fields: Partial<typeof products.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await db()
    .insert(products)
    .values({ id, userId, name: `Product ${createdAt}`, category: "beats", priceCents: 1999, type: "digital", createdAt, updatedAt: createdAt, ...fields });
  return id;
}

describe("GET /api/users/:userId/services and /products", () => {
  it("pages a seller's services newest first, with §9's public price line", async () => {
    const ana = await signedInUser();
    const t = Date.now() - 100_000;
    const hourly = await addService(ana.id, t + 1);
    const session = await addService(ana.id, t + 2, { pricingModel: "per_session", priceCents: 12_000 });
    const pkg = await addService(ana.id, t + 3, { pricingModel: "package", priceCents: null, packageDetails: { sessions: 4, priceCents: 30_000, description: "Four sessions" } });
    const unpriced = await addService(ana.id, t + 4, { priceCents: null, needsScheduling: true, turnaroundDays: null });
    const other = await signedInUser();
    await addService(other.id, t + 5);

    const first = await json<ServiceCardPage>(await api(`/api/users/${ana.id}/services?limit=3`), 200);
    expect(first.items.map((s) => [s.id, s.priceLabel])).toEqual([
      [unpriced, "Contact for pricing"],
      [pkg, "Starting at $300"],
      [session, "$120/session"],
    ]);
    expect(first.items[1]).toMatchObject({ pricingModel: "package", priceCents: null, packagePriceCents: 30_000 });
    expect(first.items[0]).toMatchObject({ needsScheduling: true, turnaroundDays: null, userId: ana.id });
    const second = await json<ServiceCardPage>(await api(`/api/users/${ana.id}/services?limit=3&cursor=${first.nextCursor}`), 200);
    expect(second).toEqual({ items: [expect.objectContaining({ id: hourly, priceLabel: "$45/hour", priceCents: 4500, turnaroundDays: 3 })], nextCursor: null });
  });

  it("pages a seller's products newest first, never exposing the private file", async () => {
    const ana = await signedInUser();
    const t = Date.now() - 100_000;
    const beat = await addProduct(ana.id, t + 1, { fileKey: "files/secret.zip", imageKey: `product-images/${ana.id}/x.jpg` });
    const tee = await addProduct(ana.id, t + 2, { type: "physical", category: "merchandise", priceCents: 2500 });
    const page = await json<ProductCardPage>(await api(`/api/users/${ana.id}/products`), 200);
    expect(page.items.map((p) => [p.id, p.priceLabel])).toEqual([
      [tee, "$25"],
      [beat, "$19.99"],
    ]);
    expect(page.items[1]).toMatchObject({ imageUrl: `/media/product-images/${ana.id}/x.jpg`, type: "digital", priceCents: 1999 });
    expect(JSON.stringify(page)).not.toContain("secret.zip");
    expect(page.nextCursor).toBeNull();
  });

  it("answers an empty page for a user without items or without an account, and 400 for a forged cursor", async () => {
    expect(await json(await api(`/api/users/${crypto.randomUUID()}/services`), 200)).toEqual({ items: [], nextCursor: null });
    expect(await json(await api("/api/users/%20bad%20/products"), 200)).toEqual({ items: [], nextCursor: null });
    await expectError(await api(`/api/users/${crypto.randomUUID()}/products?cursor=bm9wZQ`), 400, "Invalid cursor");
  });
});

describe("GET /api/profile/dashboard", () => {
  it("gives the profile, 5 latest posts, 3 services, 3 products and the totals in one answer", async () => {
    const ana = await signedInUser();
    const t = Date.now() - 100_000;
    const postIds: string[] = [];
    for (let i = 0; i < 7; i += 1) postIds.push(await insertPost(ana.id, { createdAt: t + i }));
    const serviceIds: string[] = [];
    for (let i = 0; i < 4; i += 1) serviceIds.push(await addService(ana.id, t + i));
    const productIds: string[] = [];
    for (let i = 0; i < 5; i += 1) productIds.push(await addProduct(ana.id, t + i));
    const ben = await signedInUser();
    const bensPost = await insertPost(ben.id);
    await db().insert(bookmarks).values([
      { userId: ana.id, postId: bensPost },
      { userId: ana.id, postId: postIds[0]! },
    ]);

    const dashboard = await json<Dashboard>(await api("/api/profile/dashboard", { cookie: ana.cookie }), 200);
    expect(dashboard.profile).toMatchObject({ userId: ana.id, email: ana.email, postCount: 7, followerCount: 0, followingCount: 0 });
    expect(dashboard.posts.map((p) => p.id)).toEqual(postIds.slice(2).reverse());
    expect(dashboard.posts.every((p) => p.viewer.isOwner)).toBe(true);
    expect(dashboard.services.map((s) => s.id)).toEqual(serviceIds.slice(1).reverse());
    expect(dashboard.products.map((p) => p.id)).toEqual(productIds.slice(2).reverse());
    expect(dashboard.totals).toEqual({ services: 4, products: 5, bookmarks: 2 });
  });

  it("answers 'Profile not found' for an account without a profile", async () => {
    const lost = await signedInUser();
    await db().delete(profiles).where(eq(profiles.userId, lost.id));
    await expectError(await api("/api/profile/dashboard", { cookie: lost.cookie }), 404, "Profile not found");
    await expectError(await api("/api/profile", { cookie: lost.cookie }), 404, "Profile not found");
  });
});
