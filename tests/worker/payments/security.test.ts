// The payments overview, receipts and offers against the security table (CONVENTIONS.md example
// 9), then what its rows cannot show: a receipt is the two parties' alone, and says what it says.
import { describe, expect, it } from "vitest";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { api, createUser, expectError, insertOrder, runCommonRouteTests, signedInUser } from "../helpers";
import { PAYMENTS_ROUTES } from "../security-table";

runCommonRouteTests(PAYMENTS_ROUTES);

describe("the printable receipt", () => {
  it("is served to the buyer and the seller as a printable page, and to nobody else", async () => {
    const [seller, buyer, stranger] = await Promise.all([signedInUser({ displayName: "Sam Seller" }), signedInUser({ displayName: "Bea Buyer" }), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "completed", provider: "test" });

    for (const party of [buyer, seller]) {
      const res = await api(`/api/payments/receipts/${orderId}`, { cookie: party.cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control")).toBe("no-store");
      const html = await res.text();
      expect(html).toContain(orderId);
      expect(html).toContain(`Sam Seller (@${seller.username})`);
      expect(html).toContain(`Bea Buyer (@${buyer.username})`);
      expect(html).toContain("Inserted item");
      // $100.00 price, $5.00 fee, $105.00 total (the inserted order's amounts).
      expect(html).toContain("$100.00");
      expect(html).toContain("$5.00");
      expect(html).toContain("$105.00 USD");
      expect(html).toContain("Paid, completed");
      expect(html).toContain("TEST MODE: no real payment was made for this order.");
      expect(html).toContain("@media print");
    }

    await expectError(await api(`/api/payments/receipts/${orderId}`, { cookie: stranger.cookie }), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await api(`/api/payments/receipts/${orderId}`), 401);
  });

  it("names a Stripe order without the test-mode line, and escapes what people typed", async () => {
    const seller = await signedInUser({ displayName: "<script>alert(1)</script>" });
    const buyer = await createUser();
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "refunded", provider: "stripe" });
    const html = await (await api(`/api/payments/receipts/${orderId}`, { cookie: seller.cookie })).text();
    expect(html).not.toContain("TEST MODE");
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain("Refunded");
  });
});
