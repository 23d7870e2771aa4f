// The package the buyer chose (issue #26 item 6): a package-priced service is charged the chosen
// package's price from the seller's row (never the cheapest, never the client's), the order keeps
// the package's index and words, Stripe's line item names it, and a missing, unknown or unpriced
// choice answers 400 with our text and writes nothing.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CreateEmbeddedPaymentResponse, CreatePaymentResponse, OrderDetail } from "@shared/checkout-api";
import { MONEY_TEXTS } from "@shared/messages";
import { services, type PackageDetails } from "../../../worker/db/schema";
import { api, connectSeller, db, expectError, fakeStripe, insertPricedService, insertProduct, json, keyedApi, orderRow, ordersOfBuyer, signedInUser, type FakeStripe } from "../helpers";

const PACKAGES = [
  { sessions: 1, priceCents: 9_000, description: "Mix only" },
  { sessions: 3, priceCents: 25_000, description: "Full mix and master" },
  { sessions: null, priceCents: 40_000, description: null },
  { sessions: 5, priceCents: null, description: "Album, quoted" },
];

async function packageService(sellerId: string, packages: PackageDetails = PACKAGES): Promise<string> {
  const id = await insertPricedService(sellerId, { pricingModel: "package" });
  await db().update(services).set({ packageDetails: packages }).where(eq(services.id, id));
  return id;
}

let stripe: FakeStripe;
beforeEach(() => {
  stripe = fakeStripe();
});
afterEach(() => stripe.restore());

describe("choosing a package", () => {
  it("charges each package its own price and records which one, whatever price the client sends", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    await connectSeller(seller.id);
    const serviceId = await packageService(seller.id);
    const expected = [
      [0, 9_000, "1 session · Mix only"],
      [1, 25_000, "3 sessions · Full mix and master"],
      [2, 40_000, "Package 3"],
    ] as const;
    for (const [packageIndex, price, label] of expected) {
      const body = await json<CreateEmbeddedPaymentResponse>(
        await keyedApi("/api/checkout/create-embedded-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId, packageIndex, itemPrice: 1 } }),
        201,
      );
      expect(body.priceCents).toBe(price);
      expect(await orderRow(body.orderId)).toMatchObject({ priceCents: price, packageIndex, packageLabel: label });
      expect(stripe.calls.at(-1)!.form.amount).toBe(String(body.totalCents));
    }
    // The label reaches Stripe's Checkout page and the order's summary.
    const checkout = await json<CreatePaymentResponse>(
      await keyedApi("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId, packageIndex: 1 } }),
      201,
    );
    expect(stripe.calls.at(-1)!.form["line_items[0][price_data][product_data][name]"]).toMatch(/\(3 sessions · Full mix and master\)$/);
    expect(stripe.calls.at(-1)!.form["line_items[0][price_data][unit_amount]"]).toBe("25000");
    const detail = await json<OrderDetail>(await api(`/api/orders/${checkout.orderId}`, { cookie: buyer.cookie }), 200);
    expect(detail.packageLabel).toBe("3 sessions · Full mix and master");
  });

  it("uses a service's only package without being told, and asks to choose when there are several", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const single = await packageService(seller.id, { sessions: 2, priceCents: 12_000, description: "Two takes" });
    const body = await json<CreatePaymentResponse>(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: single } }), 201);
    expect(await orderRow(body.orderId)).toMatchObject({ priceCents: 12_000, packageIndex: 0, packageLabel: "2 sessions · Two takes" });

    const several = await packageService(seller.id);
    const before = (await ordersOfBuyer(buyer.id)).length;
    await expectError(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: several } }), 400, MONEY_TEXTS.choosePackage);
    await expectError(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: several, packageIndex: 4 } }), 400, MONEY_TEXTS.packageNotFound);
    await expectError(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: several, packageIndex: 99 } }), 400, MONEY_TEXTS.packageNotFound);
    await expectError(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: several, packageIndex: 3 } }), 400, MONEY_TEXTS.packageNotPriced);
    // Not a number the schema accepts: the usual invalid request, never a 500.
    expect((await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: several, packageIndex: -1 } })).status).toBe(400);
    expect((await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: several, packageIndex: "1" } })).status).toBe(400);
    expect(await ordersOfBuyer(buyer.id)).toHaveLength(before);
  });

  it("is ignored by services without packages and by products", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const serviceId = await insertPricedService(seller.id, { priceCents: 7_000 });
    const productId = await insertProduct(seller.id, { priceCents: 2_999 });
    const service = await json<CreatePaymentResponse>(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "service", itemId: serviceId, packageIndex: 2 } }), 201);
    expect(await orderRow(service.orderId)).toMatchObject({ priceCents: 7_000, packageIndex: null, packageLabel: null });
    const product = await json<CreatePaymentResponse>(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId, packageIndex: 0 } }), 201);
    expect(await orderRow(product.orderId)).toMatchObject({ priceCents: 2_999, packageIndex: null, packageLabel: null, fileName: "beat-pack.zip" });
  });
});
