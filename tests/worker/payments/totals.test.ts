// /payments totals and recent payments (decision record 0049): sums in integer cents over the
// caller's own orders only, with refunded, failed and pending orders counted where they belong,
// and one keyset-paged list of sales and purchases together.
import { describe, expect, it } from "vitest";
import type { OrderStatus } from "@shared/constants";
import type { PaymentPage, PaymentTotals } from "@shared/payments-api";
import { api, createUser, insertOrder, json, signedInUser } from "../helpers";

const SALE_STATES: OrderStatus[] = ["completed", "completed", "paid", "in_progress", "delivered", "shipped", "refunded", "failed", "pending", "expired"];

describe("the three totals", () => {
  it("sum the seller's completed and pending sales at their price, and the buyer's kept fees", async () => {
    const [me, stranger] = await Promise.all([signedInUser(), signedInUser()]);
    const [buyer, seller] = await Promise.all([createUser(), createUser()]);
    // Each inserted order is $100.00 + $5.00 fee.
    for (const status of SALE_STATES) await insertOrder({ buyerId: buyer.id, sellerId: me.id, status });
    for (const status of ["completed", "paid", "refunded", "failed", "pending"] as const) await insertOrder({ buyerId: me.id, sellerId: seller.id, status });
    // Someone else's business, which must not show up in mine.
    await insertOrder({ buyerId: buyer.id, sellerId: stranger.id, status: "completed" });

    const totals = await json<PaymentTotals>(await api("/api/payments/summary", { cookie: me.cookie }), 200);
    expect(totals).toEqual({
      // Two completed sales; the refunded one counts nowhere.
      earnedCents: 20_000,
      // paid, in_progress, delivered, shipped: paid and not yet completed.
      pendingCents: 40_000,
      // No dispute is open on any of them.
      heldCents: 0,
      // My completed and paid purchases; the refunded one gave its fee back, failed and pending never paid.
      feesPaidCents: 1_000,
    });

    const theirs = await json<PaymentTotals>(await api("/api/payments/summary", { cookie: stranger.cookie }), 200);
    expect(theirs).toEqual({ earnedCents: 10_000, pendingCents: 0, heldCents: 0, feesPaidCents: 0 });
  });

  it("are zero for someone with no orders (the empty state, not an invented number)", async () => {
    const newcomer = await signedInUser();
    expect(await json<PaymentTotals>(await api("/api/payments/summary", { cookie: newcomer.cookie }), 200)).toEqual({ earnedCents: 0, pendingCents: 0, heldCents: 0, feesPaidCents: 0 });
    expect(await json<PaymentPage>(await api("/api/payments/recent", { cookie: newcomer.cookie }), 200)).toEqual({ items: [], nextCursor: null });
  });
});

describe("recent payments", () => {
  it("lists sales and purchases together, newest first, paged by cursor, without unpaid attempts", async () => {
    const [me, stranger] = await Promise.all([signedInUser(), signedInUser()]);
    const other = await createUser({ displayName: "Other Party" });
    const t = Date.now() - 60_000;
    const sale1 = await insertOrder({ buyerId: other.id, sellerId: me.id, status: "completed", createdAt: t + 1 });
    const buy1 = await insertOrder({ buyerId: me.id, sellerId: other.id, status: "paid", createdAt: t + 2 });
    await insertOrder({ buyerId: me.id, sellerId: other.id, status: "pending", createdAt: t + 3 });
    const sale2 = await insertOrder({ buyerId: other.id, sellerId: me.id, status: "refunded", createdAt: t + 4 });
    await insertOrder({ buyerId: other.id, sellerId: me.id, status: "failed", createdAt: t + 5 });
    const buy2 = await insertOrder({ buyerId: me.id, sellerId: other.id, status: "delivered", createdAt: t + 6 });
    await insertOrder({ buyerId: other.id, sellerId: stranger.id, status: "completed", createdAt: t + 7 });

    const seen: PaymentPage["items"] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
      const page: PaymentPage = await json<PaymentPage>(await api(`/api/payments/recent?limit=2${query}`, { cookie: me.cookie }), 200);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 5);

    expect(seen.map((o) => o.id)).toEqual([buy2, sale2, buy1, sale1]);
    expect(seen.map((o) => o.role)).toEqual(["buyer", "seller", "buyer", "seller"]);
    expect(seen.map((o) => o.status)).toEqual(["delivered", "refunded", "paid", "completed"]);
    expect(seen[0]).toMatchObject({ counterpart: { id: other.id, displayName: "Other Party" }, itemName: "Inserted item", totalCents: 10_500 });
    expect(pages).toBe(2);
  });
});
