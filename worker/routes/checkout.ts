// Second document §4 payment flow, §5 (a purchase needs login), §7 create-payment and
// create-embedded-payment, §8 payment texts. The test routes stand in for
// Stripe when there are no keys and finish through the same fulfilment as a verified webhook.
import type { Context } from "hono";
import { Hono } from "hono";
import { purchaseBodySchema, purchaseItemPath, testConfirmBodySchema, type TestOutcome } from "@shared/checkout-api";
import { CHECKOUT_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { formatCents } from "@shared/rules/price";
import { escapeHtml } from "@shared/rules/sanitize";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { testModePage } from "../lib/test-mode-page";
import { orderParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedInWith } from "../middleware/session";
import { requireTestOrder, startPayment } from "../services/payments/checkout";
import { limitUser } from "../services/rate-limit";
import { failPendingOrder, fulfilPaidOrder, orderDetail, orderItemType, requireOrderParty } from "../services/payments/orders";

/** §8: a visitor pressing Buy Now is asked to log in, with the spec's words; placed before the body's validation. */
const signedInBuyer = signedInWith(CHECKOUT_TEXTS.loginToPurchase);

/** The test mode's "card" result, through the very functions the webhook calls. */
async function settleTestPayment(c: Context<AppEnv>, orderId: string, outcome: TestOutcome) {
  const ctx = c.var.ctx;
  if (outcome === "success") await fulfilPaidOrder(ctx, { orderId });
  else await failPendingOrder(ctx, { orderId, to: "failed" });
}

function testCheckoutPage(order: { id: string; itemName: string; priceCents: number; feeCents: number; totalCents: number; status: string }): string {
  const t = CHECKOUT_TEXTS.testPage;
  const waiting = order.status === "pending";
  const row = (label: string, cents: number) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${formatCents(cents)}</td></tr>`;
  const body = `<h2>${escapeHtml(order.itemName)}</h2>
<table>${row(t.price, order.priceCents)}${row(t.fee, order.feeCents)}<tr class="total"><th scope="row">${escapeHtml(t.total)}</th><td>${formatCents(order.totalCents)}</td></tr></table>
${
  waiting
    ? `<form method="post" action="/api/checkout/test/${order.id}">
<button class="pay" name="outcome" value="success">${escapeHtml(t.pay)}</button>
<button class="decline" name="outcome" value="decline">${escapeHtml(t.decline)}</button>
</form>`
    : `<p>${escapeHtml(t.cannotContinue)}</p>${
        order.status === "failed" || order.status === "expired"
          ? `<p>${escapeHtml(t.declined)}</p>`
          : `<p><a href="/payment-success?order=${order.id}" style="color:#a78bfa">${escapeHtml(t.paid)}</a></p>`
      }`
}`;
  return testModePage({ title: t.title, banner: t.banner, body });
}

/** Each start writes a pending order (and, with keys, a Stripe session): bounded per buyer. */
async function limitStarts(c: Context<AppEnv>, buyerId: string): Promise<void> {
  await limitUser(c.var.ctx, "checkout", buyerId);
}

/** Mounted at /checkout. */
export const checkoutRoutes = new Hono<AppEnv>()
  .post("/create-payment", signedInBuyer, validate("json", purchaseBodySchema), async (c) => {
    const buyerId = requireUser(c, CHECKOUT_TEXTS.loginToPurchase).userId;
    const { itemType, itemId, packageIndex, returnTo } = c.req.valid("json");
    await limitStarts(c, buyerId);
    return c.json(await startPayment(c.var.ctx, { buyerId, itemType, itemId, packageIndex, returnTo, variant: "checkout" }), 201);
  })
  .post("/create-embedded-payment", signedInBuyer, validate("json", purchaseBodySchema), async (c) => {
    const buyerId = requireUser(c, CHECKOUT_TEXTS.loginToPurchase).userId;
    const { itemType, itemId, packageIndex } = c.req.valid("json");
    await limitStarts(c, buyerId);
    return c.json(await startPayment(c.var.ctx, { buyerId, itemType, itemId, packageIndex, variant: "embedded" }), 201);
  })
  // The embedded dialog's TEST MODE form.
  .post("/test/:orderId/confirm", orderParam, signedInBuyer, validate("json", testConfirmBodySchema), async (c) => {
    const order = await requireTestOrder(c.var.ctx, c.req.valid("param").orderId, requireUser(c, CHECKOUT_TEXTS.loginToPurchase).userId);
    await settleTestPayment(c, order.id, c.req.valid("json").outcome);
    const { order: fresh, role } = await requireOrderParty(c.var.ctx, { orderId: order.id, userId: order.buyerId });
    return c.json(await orderDetail(c.var.ctx, { order: fresh, role }), 200);
  })
  // The stand-in for Stripe Checkout's page, and its form's answer.
  .get("/test/:orderId", orderParam, async (c) => {
    const order = await requireTestOrder(c.var.ctx, c.req.valid("param").orderId, requireUser(c, CHECKOUT_TEXTS.loginToPurchase).userId);
    c.header("Cache-Control", "no-store");
    return c.html(testCheckoutPage(order));
  })
  .post("/test/:orderId", orderParam, async (c) => {
    const order = await requireTestOrder(c.var.ctx, c.req.valid("param").orderId, requireUser(c, CHECKOUT_TEXTS.loginToPurchase).userId);
    // A form that cannot be read (multipart without a boundary, a broken body) is the client's
    // mistake like a missing outcome: 400, not the TypeError parseBody throws.
    const form = await c.req.parseBody().catch(() => null);
    const outcome = testConfirmBodySchema.safeParse({ outcome: form?.outcome });
    if (!outcome.success) throw new ApiError("validation_failed", REQUEST_TEXTS.invalidRequest);
    await settleTestPayment(c, order.id, outcome.data.outcome);
    // Stripe Checkout returns to /payment-success on success and to the item page otherwise.
    const to = outcome.data.outcome === "success" ? `/payment-success?session_id=test_${order.id}&order=${order.id}` : purchaseItemPath(orderItemType(order), order.itemId);
    return c.redirect(to, 303);
  });
