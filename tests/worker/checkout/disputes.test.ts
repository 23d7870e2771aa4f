// Refunds and card disputes (issue #26 item 4): a seller's refund goes through Stripe with the
// transfer and the fee reversed, ends downloads and tells both sides; a dashboard refund does too;
// a dispute pauses downloads and refunds, holds the money, and ends won (access back) or lost
// (refunded, a chargeback), once, whatever order its events arrive in.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DownloadLink, OrderDetail } from "@shared/checkout-api";
import { CHECKOUT_TEXTS, MONEY_TEXTS } from "@shared/messages";
import { orders } from "../../../worker/db/schema";
import {
  api,
  db,
  expectError,
  fakeStripe,
  historyOf,
  insertOrder,
  json,
  keyedApi,
  orderRow,
  outbox,
  sendWebhook,
  signedInUser,
  stripeEvent,
  waitForMail,
  type FakeStripe,
  type SignedInUser,
} from "../helpers";

let stripe: FakeStripe;
beforeEach(() => {
  stripe = fakeStripe();
});
afterEach(() => stripe.restore());

/** A paid Stripe order for a digital file, paid to the seller's connected account. */
async function paidDigital(opts: { status?: "paid" | "completed" } = {}) {
  const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
  const fileKey = `product-files/${seller.id}/p/pack.zip`;
  await env.PRIVATE_FILES.put(fileKey, "PK\x03\x04 the pack");
  const intent = `pi_${crypto.randomUUID().replaceAll("-", "")}`;
  const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "digital", fileKey, status: opts.status ?? "paid", provider: "stripe", providerPaymentIntentId: intent });
  await db().update(orders).set({ destinationAccountId: "acct_seller1" }).where(eq(orders.id, orderId));
  return { seller, buyer, orderId, intent };
}

const linkFor = (orderId: string, buyer: SignedInUser) => api(`/api/orders/${orderId}/download-link`, { cookie: buyer.cookie, body: {} });
const dispute = (id: string, intent: string, status: string, extra: Record<string, unknown> = {}) =>
  stripeEvent(id.startsWith("closed") ? "charge.dispute.closed" : "charge.dispute.created", { id: `dp_${intent.slice(3, 15)}`, object: "dispute", payment_intent: intent, charge: `ch_${intent.slice(3, 15)}`, status, ...extra });

describe("a seller's refund", () => {
  it("asks Stripe once to refund with the transfer and the fee reversed, ends downloads and mails both sides", async () => {
    const { seller, buyer, orderId, intent } = await paidDigital();
    const link = await json<DownloadLink>(await linkFor(orderId, buyer), 200);
    const res = await keyedApi(`/api/orders/${orderId}/refund`, { cookie: seller.cookie, body: {} });
    expect((await json<OrderDetail>(res, 200)).status).toBe("refunded");
    expect(stripe.calls).toHaveLength(1);
    expect(stripe.calls[0]).toMatchObject({
      method: "POST",
      path: "/v1/refunds",
      idempotencyKey: `refund-${orderId}`,
      form: { payment_intent: intent, reverse_transfer: "true", refund_application_fee: "true", "metadata[orderId]": orderId },
    });
    expect((await orderRow(orderId))!.status).toBe("refunded");
    // The link made before the refund no longer works.
    await expectError(await api(link.url, { cookie: buyer.cookie }), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    const [toBuyer] = await waitForMail(buyer.email);
    const [toSeller] = await waitForMail(seller.email);
    expect(toBuyer!.subject).toBe(MONEY_TEXTS.mail.refundBuyerSubject("Inserted item"));
    expect(toBuyer!.text).toContain("$105");
    expect(toSeller!.subject).toBe(MONEY_TEXTS.mail.refundSellerSubject("Inserted item"));
    // A second click is refused and sends nothing more.
    await expectError(await keyedApi(`/api/orders/${orderId}/refund`, { cookie: seller.cookie, body: {} }), 409, CHECKOUT_TEXTS.stepNotAllowed);
    expect(await outbox(buyer.email)).toHaveLength(1);
  });

  it("from Stripe's dashboard (charge.refunded) also mails both sides, once", async () => {
    const { seller, buyer, orderId, intent } = await paidDigital();
    const event = stripeEvent("charge.refunded", { id: "ch_dash", object: "charge", refunded: true, payment_intent: intent, metadata: { orderId } });
    expect((await sendWebhook(event)).status).toBe(200);
    expect((await sendWebhook(stripeEvent("charge.refunded", { id: "ch_dash", object: "charge", refunded: true, payment_intent: intent, metadata: { orderId } }))).status).toBe(200);
    expect((await orderRow(orderId))!.status).toBe("refunded");
    expect(await waitForMail(buyer.email)).toHaveLength(1);
    expect((await waitForMail(seller.email))[0]!.subject).toBe(MONEY_TEXTS.mail.refundSellerSubject("Inserted item"));
    expect(await outbox(buyer.email)).toHaveLength(1);
  });
});

describe("a card dispute", () => {
  it("opens once: access pauses, the refund waits, the money is held and the seller is told", async () => {
    const { seller, buyer, orderId, intent } = await paidDigital({ status: "completed" });
    const link = await json<DownloadLink>(await linkFor(orderId, buyer), 200);
    const created = dispute("created", intent, "needs_response");
    expect((await sendWebhook(created)).status).toBe(200);
    expect((await sendWebhook(dispute("created", intent, "needs_response"))).status).toBe(200);
    const row = (await orderRow(orderId))!;
    expect(row).toMatchObject({ status: "completed", disputeStatus: "open", disputeId: `dp_${intent.slice(3, 15)}` });
    expect((await historyOf(orderId)).map((h) => [h.status, h.actor, h.note])).toEqual([["completed", "system", MONEY_TEXTS.notes.disputeOpened]]);
    await expectError(await api(link.url, { cookie: buyer.cookie }), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    await expectError(await linkFor(orderId, buyer), 403, CHECKOUT_TEXTS.downloadNotAllowed);
    const forSeller = await json<OrderDetail>(await api(`/api/orders/${orderId}`, { cookie: seller.cookie }), 200);
    expect(forSeller.actions).not.toContain("refund");
    expect(forSeller).toMatchObject({ dispute: "open", earning: "held" });
    await expectError(await keyedApi(`/api/orders/${orderId}/refund`, { cookie: seller.cookie, body: {} }), 409, MONEY_TEXTS.refundWhileDisputed);
    expect(stripe.calls).toEqual([]);
    const mails = await waitForMail(seller.email);
    expect(mails.map((m) => m.subject)).toEqual([MONEY_TEXTS.mail.disputeOpenedSubject("Inserted item")]);
    expect(await outbox(buyer.email)).toEqual([]);
  });

  it("won: the sale stands and the buyer may download again; a replay changes nothing", async () => {
    const { seller, buyer, orderId, intent } = await paidDigital();
    await sendWebhook(dispute("created", intent, "needs_response"));
    const closed = dispute("closed", intent, "won");
    expect((await sendWebhook(closed)).status).toBe(200);
    expect((await sendWebhook(dispute("closed", intent, "won"))).status).toBe(200);
    expect((await orderRow(orderId))!).toMatchObject({ status: "paid", disputeStatus: "won" });
    expect((await historyOf(orderId)).map((h) => h.note)).toEqual([MONEY_TEXTS.notes.disputeOpened, MONEY_TEXTS.notes.disputeWon]);
    const link = await json<DownloadLink>(await linkFor(orderId, buyer), 200);
    expect((await api(link.url, { cookie: buyer.cookie })).status).toBe(200);
    expect((await waitForMail(seller.email, 2)).map((m) => m.subject)).toContain(MONEY_TEXTS.mail.disputeWonSubject("Inserted item"));
  });

  it("lost, even before its `created` event: the order is refunded (a chargeback) and a late `created` reopens nothing", async () => {
    const { seller, buyer, orderId, intent } = await paidDigital();
    expect((await sendWebhook(dispute("closed", intent, "lost"))).status).toBe(200);
    expect((await orderRow(orderId))!).toMatchObject({ status: "refunded", disputeStatus: "lost" });
    expect((await sendWebhook(dispute("created", intent, "needs_response"))).status).toBe(200);
    expect((await sendWebhook(dispute("closed", intent, "lost"))).status).toBe(200);
    expect((await orderRow(orderId))!).toMatchObject({ status: "refunded", disputeStatus: "lost" });
    expect((await historyOf(orderId)).map((h) => [h.status, h.note])).toEqual([["refunded", MONEY_TEXTS.notes.chargeback]]);
    await expectError(await linkFor(orderId, buyer), 403, CHECKOUT_TEXTS.downloadNotAllowed);
    expect((await waitForMail(seller.email)).map((m) => m.subject)).toEqual([MONEY_TEXTS.mail.disputeLostSubject("Inserted item")]);
  });

  it("pauses a service's delivered files too, and finds its order by an expanded charge's metadata", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, status: "delivered", provider: "stripe", providerPaymentIntentId: null });
    const created = stripeEvent("charge.dispute.created", { id: "dp_svc", object: "dispute", payment_intent: null, charge: { id: "ch_svc", object: "charge", metadata: { orderId } }, status: "needs_response" });
    expect((await sendWebhook(created)).status).toBe(200);
    expect((await orderRow(orderId))!.disputeStatus).toBe("open");
    const detail = await json<OrderDetail>(await api(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    expect(detail.dispute).toBe("open");
    await expectError(await api(`/api/orders/${orderId}/download-link`, { cookie: buyer.cookie, body: { fileId: crypto.randomUUID() } }), 403, CHECKOUT_TEXTS.downloadNotAllowed);
  });

  it("that names no order of ours is acknowledged and changes nothing", async () => {
    const res = await sendWebhook(stripeEvent("charge.dispute.created", { id: "dp_none", object: "dispute", payment_intent: "pi_unknown", charge: "ch_unknown", status: "needs_response" }));
    expect(res.status).toBe(200);
  });
});
