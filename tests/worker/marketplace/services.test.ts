// Services (spec marketplace-messaging-account §2 Services and Service detail, §5 service form,
// §6, §7, §8, §9): the owner's grid and form, the public detail page, and service views.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { MarketService, OwnerServicePage, ServiceDetail } from "@shared/marketplace-api";
import { MARKET_TEXTS } from "@shared/messages";
import { api, expectError, json, SERVICE_BODY, signedInUser } from "../helpers";

async function createService(cookie: string, body: Record<string, unknown> = SERVICE_BODY): Promise<MarketService> {
  return json<MarketService>(await api("/api/services", { cookie, body }), 201);
}

async function serviceRow(id: string) {
  return env.DB.prepare("select user_id, name, pricing_model, price_cents, package_details, turnaround_days, needs_scheduling from services where id = ?")
    .bind(id)
    .first<Record<string, unknown>>();
}

describe("creating and listing services", () => {
  it("stores the form in cents and days for the session's user, whatever owner or cents the body names", async () => {
    const seller = await signedInUser();
    const someoneElse = await signedInUser();
    const created = await createService(seller.cookie, {
      ...SERVICE_BODY,
      price: "45.50",
      needsScheduling: true,
      userId: someoneElse.id,
      priceCents: 1,
    });
    expect(created).toMatchObject({
      userId: seller.id,
      name: "Mixing",
      pricingModel: "hourly",
      priceCents: 4550,
      packages: [],
      price: { label: "$45.50/hour", chargeCents: 4550, buyable: true },
      turnaroundDays: 3,
      needsScheduling: true,
    });
    expect(await serviceRow(created.id)).toEqual({
      user_id: seller.id,
      name: "Mixing",
      pricing_model: "hourly",
      price_cents: 4550,
      package_details: null,
      turnaround_days: 3,
      needs_scheduling: 1,
    });
  });

  it("takes a package as the spec's JSON text and stores the list, with no price of its own", async () => {
    const seller = await signedInUser();
    const created = await createService(seller.cookie, {
      name: "Album production",
      category: "production",
      pricingModel: "package",
      price: "99",
      packageDetails: '[{"sessions": 10, "price": 1500, "description": "Ten days"}, {"sessions": 4, "price": "650.00"}]',
    });
    expect(created.price).toEqual({ label: "Package pricing", chargeCents: 65_000, buyable: true });
    expect(created.packages).toEqual([
      { sessions: 10, priceCents: 150_000, description: "Ten days" },
      { sessions: 4, priceCents: 65_000, description: null },
    ]);
    const row = await serviceRow(created.id);
    expect(row?.price_cents).toBeNull();
    expect(JSON.parse(String(row?.package_details))).toEqual(created.packages);
  });

  it("lists only the caller's own services, newest first, a page at a time", async () => {
    const seller = await signedInUser();
    const other = await signedInUser();
    await createService(other.cookie);
    const made = [];
    for (const name of ["First", "Second", "Third"]) made.push(await createService(seller.cookie, { ...SERVICE_BODY, name }));
    const first = await json<OwnerServicePage>(await api("/api/services?limit=2", { cookie: seller.cookie }), 200);
    expect(first.items.map((s) => s.name)).toEqual(["Third", "Second"]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const rest = await json<OwnerServicePage>(await api(`/api/services?limit=2&cursor=${first.nextCursor}`, { cookie: seller.cookie }), 200);
    expect(rest.items.map((s) => s.name)).toEqual(["First"]);
    expect(rest.nextCursor).toBeNull();
  });

  it("answers each broken field with its message and stores nothing", async () => {
    const seller = await signedInUser();
    const cases: [Record<string, unknown>, string][] = [
      [{ ...SERVICE_BODY, price: "" }, MARKET_TEXTS.priceRequired],
      [{ ...SERVICE_BODY, price: "12.345" }, MARKET_TEXTS.priceInvalid],
      [{ ...SERVICE_BODY, price: "0" }, MARKET_TEXTS.priceOutOfRange],
      [{ ...SERVICE_BODY, name: "" }, MARKET_TEXTS.nameRequired],
      [{ ...SERVICE_BODY, category: "karaoke" }, MARKET_TEXTS.serviceCategoryInvalid],
      [{ ...SERVICE_BODY, turnaroundDays: 2.5 }, MARKET_TEXTS.turnaroundInvalid],
      [{ ...SERVICE_BODY, pricingModel: "package", packageDetails: "{oops" }, MARKET_TEXTS.packageJsonInvalid],
    ];
    for (const [body, message] of cases) await expectError(await api("/api/services", { cookie: seller.cookie, body }), 400, message);
    const { n } = (await env.DB.prepare("select count(*) as n from services where user_id = ?").bind(seller.id).first<{ n: number }>())!;
    expect(n).toBe(0);
  });
});

describe("the service detail page", () => {
  it("is open to visitors, with the seller's line and the public price line", async () => {
    const seller = await signedInUser({ displayName: "Ana Lopez" });
    const created = await createService(seller.cookie, {
      name: "Album production",
      category: "production",
      pricingModel: "package",
      packageDetails: [{ sessions: 3, price: "300" }],
      turnaroundDays: 14,
    });
    const detail = await json<ServiceDetail>(await api(`/api/services/${created.id}`), 200);
    expect(detail).toMatchObject({
      id: created.id,
      price: { label: "Starting at $300", buyable: true },
      turnaroundDays: 14,
      seller: { userId: seller.id, username: seller.username, displayName: "Ana Lopez", avatarUrl: null },
      viewer: null,
    });
    const own = await json<ServiceDetail>(await api(`/api/services/${created.id}`, { cookie: seller.cookie }), 200);
    expect(own.viewer).toEqual({ isOwner: true });
  });

  it("shows 'Contact for pricing' and disables Buy Now for a package without a price", async () => {
    const seller = await signedInUser();
    const created = await createService(seller.cookie, { name: "Custom", category: "other", pricingModel: "package", packageDetails: { description: "Ask me" } });
    const detail = await json<ServiceDetail>(await api(`/api/services/${created.id}`), 200);
    expect(detail.price).toEqual({ label: "Contact for pricing", chargeCents: null, buyable: false });
  });

  it("answers 'Service not found' for a missing or malformed id", async () => {
    await expectError(await api(`/api/services/${crypto.randomUUID()}`), 404, MARKET_TEXTS.serviceNotFound);
    await expectError(await api("/api/services/not%20an%20id"), 404, MARKET_TEXTS.serviceNotFound);
  });
});

describe("editing and deleting a service", () => {
  it("lets the owner replace the form, dropping a price when the model becomes package", async () => {
    const seller = await signedInUser();
    const created = await createService(seller.cookie);
    const updated = await json<MarketService>(
      await api(`/api/services/${created.id}`, {
        method: "PUT",
        cookie: seller.cookie,
        body: { ...SERVICE_BODY, pricingModel: "package", price: "45", packageDetails: [{ sessions: 2, price: "80" }] },
      }),
      200,
    );
    expect(updated).toMatchObject({ id: created.id, pricingModel: "package", priceCents: null, packagePriceCents: 8000 });
    expect(await serviceRow(created.id)).toMatchObject({ pricing_model: "package", price_cents: null });
  });

  it("refuses another user's edit and delete with 403 and leaves the row as it was", async () => {
    const seller = await signedInUser();
    const other = await signedInUser();
    const created = await createService(seller.cookie);
    const before = await serviceRow(created.id);
    await expectError(
      await api(`/api/services/${created.id}`, { method: "PUT", cookie: other.cookie, body: { ...SERVICE_BODY, name: "Mine" } }),
      403,
      MARKET_TEXTS.editOthersService,
    );
    await expectError(await api(`/api/services/${created.id}`, { method: "DELETE", cookie: other.cookie }), 403, MARKET_TEXTS.editOthersService);
    expect(await serviceRow(created.id)).toEqual(before);
  });

  it("deletes the owner's service; a second delete finds nothing", async () => {
    const seller = await signedInUser();
    const created = await createService(seller.cookie);
    expect(await json(await api(`/api/services/${created.id}`, { method: "DELETE", cookie: seller.cookie }), 200)).toEqual({ ok: true });
    expect(await serviceRow(created.id)).toBeNull();
    await expectError(await api(`/api/services/${created.id}`, { method: "DELETE", cookie: seller.cookie }), 404, MARKET_TEXTS.serviceNotFound);
    await expectError(
      await api(`/api/services/${created.id}`, { method: "PUT", cookie: seller.cookie, body: SERVICE_BODY }),
      404,
      MARKET_TEXTS.serviceNotFound,
    );
  });
});

describe("service views", () => {
  async function views(serviceId: string) {
    const { results } = await env.DB.prepare("select user_id, target_user_id, interaction_type from user_interactions where service_id = ?").bind(serviceId).all();
    return results;
  }

  it("records one service_view per signed-in viewer other than the seller, and never fails", async () => {
    const seller = await signedInUser();
    const viewer = await signedInUser();
    const created = await createService(seller.cookie);
    for (const cookie of [viewer.cookie, viewer.cookie, seller.cookie, null]) {
      expect((await api(`/api/services/${created.id}/views`, { method: "POST", cookie })).status).toBe(204);
    }
    expect(await views(created.id)).toEqual([{ user_id: viewer.id, target_user_id: seller.id, interaction_type: "service_view" }]);
    expect((await api(`/api/services/${crypto.randomUUID()}/views`, { method: "POST", cookie: viewer.cookie })).status).toBe(204);
    expect((await api("/api/services/%20/views", { method: "POST", cookie: viewer.cookie })).status).toBe(204);
  });
});
