// The security table's leak check (runCommonRouteTests) is only as good as its eye: these tests
// show that each of the fixture owner's secrets is in the owner's own answers in the forms the app
// writes them (JSON cents, a receipt's dollars, the message text), and that secretsIn sees it
// there, so "none found" in another caller's answer means none was sent.
import { describe, expect, it } from "vitest";
import type { OrderPage } from "@shared/checkout-api";
import { api, json, routeFixture, secretsIn, type RouteFixture } from "./helpers";

async function text(path: string, cookie: string): Promise<string> {
  const res = await api(path, { cookie });
  expect(res.status, path).toBe(200);
  return res.text();
}

describe("the owner's secrets in the fixture", () => {
  let f: RouteFixture;
  it("are each found where the owner reads them", async () => {
    f = await routeFixture();
    const { cookie } = f.owner;
    expect(secretsIn(await text("/api/profile", cookie), f.secrets)).toEqual(["email", "phone"]);
    // Earned: the distinctive sale plus the buyer's completed ($100) order of the fixture's review.
    expect(secretsIn(await text("/api/payments/summary", cookie), f.secrets)).toEqual(["earnings"]);
    expect(secretsIn(await text("/api/analytics?days=30", cookie), f.secrets)).toContain("earnings");
    expect(secretsIn(await text(`/api/conversations/${f.conversationId}/messages`, cookie), f.secrets)).toEqual(["message"]);

    // The sale itself: its amounts in the list, and in dollars on its printable receipt.
    const sales = await json<OrderPage>(await api("/api/orders?role=seller", { cookie }), 200);
    const sale = sales.items.find((o) => o.priceCents === f.secrets.earnings);
    expect(sale).toBeDefined();
    const receipt = await text(`/api/payments/receipts/${sale!.id}`, cookie);
    expect(receipt).toContain("$73,518.29");
    expect(secretsIn(receipt, f.secrets)).toContain("earnings");
  });

  it("are not found in the buyer's view of their own order, which shows only what they paid", async () => {
    const res = await api(`/api/orders/${f.orderId}`, { cookie: f.buyer.cookie });
    const body = await res.text();
    expect(res.status).toBe(200);
    expect(body).toContain('"priceCents":10000');
    expect(secretsIn(body, f.secrets)).toEqual([]);
  });

  it("stand alone: a longer number, an id or a timestamp holding the digits is no leak", () => {
    const { earnings } = f.secrets;
    expect(secretsIn(`{"at":1${earnings}3,"id":"a${earnings}b"}`, f.secrets)).toEqual([]);
    expect(secretsIn(`{"earnedCents":${earnings + 10_000}}`, f.secrets)).toEqual(["earnings"]);
    expect(secretsIn(`Total $${(earnings / 100).toLocaleString("en-US")}`, f.secrets)).toEqual(["earnings"]);
    expect(secretsIn(`mailto:${encodeURIComponent(f.secrets.email.toUpperCase())}`, f.secrets)).toEqual(["email"]);
  });
});
