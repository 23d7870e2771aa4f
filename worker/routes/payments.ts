// The payments overview (spec marketplace-messaging-account §2 "Sample-data pages": /payments with
// three totals, recent payments and invoices; decision record 0049) and custom offers (Create
// Invoice; DESIGN.md "Create Invoice, Request Review"; decision record 0050). Everything here is
// the caller's own: the totals and the list read only their orders, a receipt and an offer answer
// 404 to anyone but their two parties, exactly like a missing row.
import { Hono } from "hono";
import type { OrderSummary } from "@shared/checkout-api";
import { PAYMENTS_TEXTS } from "@shared/messages";
import { createOfferBodySchema, offerListQuerySchema, type OfferPage, type PaymentPage, type PaymentTotals } from "@shared/payments-api";
import { pageQuerySchema } from "@shared/schemas/paging";
import { counterpartOf } from "../db/queries/orders";
import { mapPage } from "../db/queries/paging";
import { feesPaid, listOffers, listPayments, saleTotals, withdrawOffer } from "../db/queries/payments";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { offerParam, orderParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { createOffer, offerView, requireOfferParty, toOffer } from "../services/payments/offers";
import { requireOrderParty, toSummary } from "../services/payments/orders";
import { receiptPage } from "../services/payments/receipt";


/** Mounted at /payments. */
export const paymentRoutes = new Hono<AppEnv>()
  .get("/summary", async (c) => {
    const { userId } = requireUser(c);
    const [sales, fees] = await Promise.all([saleTotals(c.var.db, userId), feesPaid(c.var.db, userId)]);
    const totals: PaymentTotals = { ...sales, feesPaidCents: fees };
    c.header("Cache-Control", "no-store");
    return c.json(totals, 200);
  })
  .get("/recent", signedIn, validate("query", pageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { cursor, limit } = c.req.valid("query");
    const found = await listPayments(c.var.db, { userId, cursor, limit });
    const page: PaymentPage = mapPage(found, (r): OrderSummary => toSummary(r.order, r.role, r.counterpart));
    return c.json(page, 200);
  })
  // The printable receipt: HTML the browser prints or saves as PDF.
  .get("/receipts/:orderId", orderParam, async (c) => {
    const { userId } = requireUser(c);
    const { order } = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    const [buyer, seller] = await Promise.all([counterpartOf(c.var.db, order.buyerId), counterpartOf(c.var.db, order.sellerId)]);
    c.header("Cache-Control", "no-store");
    return c.html(receiptPage(order, { buyer, seller }));
  });

/** Mounted at /offers. */
export const offerRoutes = new Hono<AppEnv>()
  .post("/", signedIn, validate("json", createOfferBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const offer = await createOffer(c.var.ctx, { ...c.req.valid("json"), sellerId: userId });
    return c.json(offer, 201);
  })
  .get("/", signedIn, validate("query", offerListQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { role, cursor, limit } = c.req.valid("query");
    const found = await listOffers(c.var.db, { userId, role, cursor, limit });
    const now = c.var.ctx.now;
    const page: OfferPage = mapPage(found, (r) => toOffer(r.offer, role === "sent" ? "seller" : "buyer", r.counterpart, now));
    return c.json(page, 200);
  })
  .get("/:offerId", offerParam, async (c) => {
    const { userId } = requireUser(c);
    const { offer, role } = await requireOfferParty(c.var.ctx, { offerId: c.req.valid("param").offerId, userId });
    c.header("Cache-Control", "no-store");
    return c.json(await offerView(c.var.ctx, { offer, role }), 200);
  })
  .post("/:offerId/withdraw", offerParam, async (c) => {
    const { userId } = requireUser(c);
    const { offer, role } = await requireOfferParty(c.var.ctx, { offerId: c.req.valid("param").offerId, userId });
    if (role !== "seller") throw new ApiError("forbidden", PAYMENTS_TEXTS.offerOnlySellerWithdraws);
    const row = await withdrawOffer(c.var.db, offer.id, userId, c.var.ctx.now);
    if (!row) throw new ApiError("conflict", PAYMENTS_TEXTS.offerCannotWithdraw);
    return c.json(await offerView(c.var.ctx, { offer: row, role }), 200);
  });
