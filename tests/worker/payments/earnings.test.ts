// One definition of what a seller earned (issue #26 item 3, shared/rules/earnings.ts): /payments'
// totals and /analytics' earnings and sales agree with each other and with the rule applied to the
// rows, for orders of every kind in every status (and every dispute state); a day the roll-up wrote
// before stays equal after a later refund or dispute; a digital sale completes at its first download.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AnalyticsOverview } from "@shared/analytics-api";
import type { DownloadLink, OrderDetail } from "@shared/checkout-api";
import { DAY_MS, ORDER_STATUSES, type OrderStatus } from "@shared/constants";
import type { PaymentPage, PaymentTotals } from "@shared/payments-api";
import { saleStanding } from "@shared/rules/earnings";
import { rollUpDay } from "../../../worker/db/queries/analytics";
import { orders } from "../../../worker/db/schema";
import { api, db, historyOf, insertOffer, insertOrder, insertPricedService, insertProduct, json, orderRow, sendWebhook, signedInUser, stripeEvent } from "../helpers";

type Kind = "digital" | "physical" | "service" | "offer";
const KINDS: Kind[] = ["digital", "physical", "service", "offer"];
const DISPUTES = [null, "open", "won", "lost"] as const;

/** Orders of one kind, straight into D1, with a price of their own so sums catch a wrong row. */
async function insertKind(kind: Kind, input: { buyerId: string; sellerId: string; status: OrderStatus; createdAt: number; serviceId: string; productId: string; offerId: string; priceCents: number }) {
  const id = await insertOrder({
    buyerId: input.buyerId,
    sellerId: input.sellerId,
    itemType: kind === "digital" || kind === "physical" ? "product" : "service",
    itemId: kind === "service" ? input.serviceId : kind === "offer" ? input.offerId : input.productId,
    productType: kind === "digital" ? "digital" : kind === "physical" ? "physical" : null,
    fileKey: kind === "digital" ? "product-files/x/y/pack.zip" : null,
    status: input.status,
    createdAt: input.createdAt,
    provider: "stripe",
    providerPaymentIntentId: `pi_${crypto.randomUUID().replaceAll("-", "")}`,
  });
  const fee = Math.round(input.priceCents * 0.05);
  await db()
    .update(orders)
    .set({ priceCents: input.priceCents, feeCents: fee, totalCents: input.priceCents + fee, offerId: kind === "offer" ? input.offerId : null })
    .where(eq(orders.id, id));
  return id;
}

async function setDispute(orderId: string, disputeStatus: "open" | "won" | "lost" | null) {
  await db().update(orders).set({ disputeStatus, disputeId: disputeStatus ? `dp_${orderId.slice(0, 8)}` : null }).where(eq(orders.id, orderId));
}

/** The rule applied to the rows as they are in D1 now. */
async function expectedFromRows(sellerId: string, serviceId: string) {
  const rows = await db().select().from(orders).where(eq(orders.sellerId, sellerId));
  const sum = (standing: string) => rows.filter((r) => saleStanding(r) === standing).reduce((t, r) => t + r.priceCents, 0);
  const counted = rows.filter((r) => saleStanding(r) === "earned" || saleStanding(r) === "pending");
  return {
    earned: sum("earned"),
    pending: sum("pending"),
    held: sum("held"),
    counted,
    serviceSales: counted.filter((r) => r.itemType === "service" && r.itemId === serviceId && r.offerId === null),
  };
}

async function expectAllAgree(seller: { id: string; cookie: string }, serviceId: string) {
  const want = await expectedFromRows(seller.id, serviceId);
  const totals = await json<PaymentTotals>(await api("/api/payments/summary", { cookie: seller.cookie }), 200);
  expect(totals).toMatchObject({ earnedCents: want.earned, pendingCents: want.pending, heldCents: want.held });
  const overview = await json<AnalyticsOverview>(await api("/api/analytics?days=90", { cookie: seller.cookie }), 200);
  // Every sale of the seller falls within the 90 days: the period's earnings are all-time earnings.
  expect(overview.metrics.earningsCents.current).toBe(totals.earnedCents + totals.pendingCents);
  expect(overview.days.reduce((t, d) => t + d.earningsCents, 0)).toBe(want.earned + want.pending);
  const service = overview.topServices.bySales.find((s) => s.serviceId === serviceId);
  expect(service?.sales ?? 0).toBe(want.serviceSales.length);
  expect(service?.earningsCents ?? 0).toBe(want.serviceSales.reduce((t, r) => t + r.priceCents, 0));
  // The recent sales are counted ones only.
  const countedIds = new Set(want.counted.map((r) => r.id));
  for (const item of overview.recentActivity) if (item.kind === "sale") expect(countedIds.has(item.orderId)).toBe(true);
  return want;
}

describe("what a seller earned", () => {
  it("is the same sum on /payments, on /analytics and by the rule over the rows, for every kind, status and dispute", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const serviceId = await insertPricedService(seller.id);
    const productId = await insertProduct(seller.id);
    const offerId = await insertOffer({ sellerId: seller.id, buyerId: buyer.id, status: "paid" });
    const now = Date.now();
    const today = Math.floor(now / DAY_MS) * DAY_MS;
    // Days the roll-up wrote (10 and 5 days ago) and days counted live (yesterday and today).
    const days = [today - 10 * DAY_MS + 3_600_000, today - 5 * DAY_MS + 3_600_000, today - DAY_MS + 3_600_000, Math.max(today, now - 60_000)];
    let price = 1_000;
    let n = 0;
    for (const kind of KINDS) {
      for (const status of ORDER_STATUSES) {
        for (const dispute of DISPUTES) {
          // Disputes only exist on paid orders; a lost one reads refunded.
          if (dispute !== null && !["paid", "in_progress", "shipped", "delivered", "completed", "refunded"].includes(status)) continue;
          if (dispute === "lost" && status !== "refunded") continue;
          price += 7;
          const id = await insertKind(kind, { buyerId: buyer.id, sellerId: seller.id, status, createdAt: days[n++ % days.length]!, serviceId, productId, offerId, priceCents: price });
          await setDispute(id, dispute);
        }
      }
    }
    // Three more on the oldest day, for what happens to them after the roll-up.
    const extra = (kind: Kind, status: OrderStatus) =>
      insertKind(kind, { buyerId: buyer.id, sellerId: seller.id, status, createdAt: days[0]!, serviceId, productId, offerId, priceCents: (price += 7) });
    const refundable = await extra("service", "delivered");
    await db().update(orders).set({ provider: "test" }).where(eq(orders.id, refundable));
    const disputed = await extra("physical", "completed");
    const lost = await extra("digital", "paid");
    await setDispute(lost, "open");
    // The nightly roll-up wrote the older days as the orders stood then.
    for (const start of [days[0]!, days[1]!]) {
      const day0 = Math.floor(start / DAY_MS) * DAY_MS;
      await rollUpDay(db(), new Date(day0).toISOString().slice(0, 10), { start: day0, end: day0 + DAY_MS });
    }
    const first = await expectAllAgree(seller, serviceId);
    expect(first.earned).toBeGreaterThan(0);
    expect(first.pending).toBeGreaterThan(0);
    expect(first.held).toBeGreaterThan(0);

    // Later, an order of a rolled-up day is refunded by its seller, another gets a dispute, a
    // third's dispute is lost: the old days' numbers follow at once, not only after a re-roll.
    expect((await json<OrderDetail>(await api(`/api/orders/${refundable}/refund`, { cookie: seller.cookie, body: {} }), 200)).status).toBe("refunded");
    const intent = (await orderRow(disputed))!.providerPaymentIntentId!;
    expect((await sendWebhook(stripeEvent("charge.dispute.created", { id: "dp_late", object: "dispute", payment_intent: intent, charge: "ch_1", status: "needs_response" }))).status).toBe(200);
    const lostIntent = (await orderRow(lost))!.providerPaymentIntentId!;
    expect((await sendWebhook(stripeEvent("charge.dispute.closed", { id: "dp_lost", object: "dispute", payment_intent: lostIntent, charge: "ch_2", status: "lost" }))).status).toBe(200);
    expect((await orderRow(lost))!).toMatchObject({ status: "refunded", disputeStatus: "lost" });

    const after = await expectAllAgree(seller, serviceId);
    expect(after.held).toBe(first.held - (await orderRow(lost))!.priceCents + (await orderRow(disputed))!.priceCents);
    expect(after.earned + after.pending).toBeLessThan(first.earned + first.pending);

    // The sales list tells the seller the same standing; the buyer sees none.
    const sold = await json<OrderDetail>(await api(`/api/orders/${disputed}`, { cookie: seller.cookie }), 200);
    expect(sold).toMatchObject({ dispute: "open", earning: "held", status: "completed" });
    const sales = await json<PaymentPage>(await api("/api/payments/recent?limit=5", { cookie: seller.cookie }), 200);
    for (const item of sales.items) expect(item.earning).toBe(saleStanding({ status: item.status, disputeStatus: item.dispute }));
    const bought = await json<OrderDetail>(await api(`/api/orders/${disputed}`, { cookie: buyer.cookie }), 200);
    expect(bought.earning).toBeNull();
  });

  it("moves a digital sale from pending to earned at the buyer's first download, once", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const productId = await insertProduct(seller.id, { priceCents: 4_000, file: "PK\x03\x04 stems" });
    const product = await db().query.products.findFirst({ where: (p, { eq: is }) => is(p.id, productId) });
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", itemId: productId, productType: "digital", fileKey: product!.fileKey, status: "paid" });
    const before = await json<PaymentTotals>(await api("/api/payments/summary", { cookie: seller.cookie }), 200);
    expect(before).toMatchObject({ earnedCents: 0, pendingCents: 10_000 });
    const detail = await json<OrderDetail>(await api(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    // Not downloaded: it completes by itself three days after payment.
    expect(detail.autoCompleteAt).toBe(detail.paidAt! + 3 * DAY_MS);

    const link = await json<DownloadLink>(await api(`/api/orders/${orderId}/download-link`, { cookie: buyer.cookie, body: {} }), 200);
    expect((await api(link.url, { cookie: buyer.cookie })).status).toBe(200);
    const row = (await orderRow(orderId))!;
    expect(row.status).toBe("completed");
    expect(row.firstDownloadedAt).not.toBeNull();
    expect((await historyOf(orderId)).map((h) => [h.status, h.actor])).toEqual([["completed", "buyer"]]);
    const after = await json<PaymentTotals>(await api("/api/payments/summary", { cookie: seller.cookie }), 200);
    expect(after).toMatchObject({ earnedCents: 10_000, pendingCents: 0 });

    // A second download still works (completed digital orders keep their file) and changes nothing.
    const again = await json<DownloadLink>(await api(`/api/orders/${orderId}/download-link`, { cookie: buyer.cookie, body: {} }), 200);
    expect((await api(again.url, { cookie: buyer.cookie })).status).toBe(200);
    expect(await historyOf(orderId)).toHaveLength(1);
    expect((await orderRow(orderId))!.firstDownloadedAt).toBe(row.firstDownloadedAt);
  });
});
