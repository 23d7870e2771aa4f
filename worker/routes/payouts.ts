// Sellers get paid (decision record 0039): a Stripe Express account per seller,
// created on first onboarding and kept up to date by the account.updated webhook. With real keys a
// seller is bought from only once Stripe lets their account take charges; test mode needs none.
import { Hono } from "hono";
import type { PayoutAccount } from "@shared/checkout-api";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { getPayoutAccount, partyEmails, savePayoutAccount } from "../db/queries/orders";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { requireUser } from "../middleware/session";
import { expectedOrigin } from "../middleware/origin";
import { createStripe, paymentsMode } from "../services/payments/stripe";

/** Mounted at /payouts. */
export const payoutRoutes = new Hono<AppEnv>()
  .get("/account", async (c) => {
    const { userId } = requireUser(c);
    const account = await getPayoutAccount(c.var.db, userId);
    // WIP #26: the full state model arrives with the payouts service.
    const body: PayoutAccount = {
      state: !account ? "not_set_up" : account.chargesEnabled ? "enabled" : "details_needed",
      chargesEnabled: account?.chargesEnabled ?? false,
      payoutsEnabled: account?.payoutsEnabled ?? false,
      requirements: [],
      mode: paymentsMode(c.env),
      syncedAt: account?.syncedAt ?? null,
    };
    return c.json(body, 200);
  })
  .post("/onboarding-link", async (c) => {
    const { userId } = requireUser(c);
    if (paymentsMode(c.env) !== "stripe") throw new ApiError("conflict", CHECKOUT_TEXTS.payoutsNeedKeys);
    const stripe = createStripe(c.env.STRIPE_SECRET_KEY!);
    const origin = expectedOrigin(c.req.url, c.env.APP_ORIGIN);
    try {
      let account = await getPayoutAccount(c.var.db, userId);
      if (!account) {
        const { seller } = await partyEmails(c.var.db, userId, userId);
        // The idempotency key makes two quick clicks one Stripe account.
        const created = await stripe.accounts.create(
          { type: "express", ...(seller?.email ? { email: seller.email } : {}), metadata: { userId } },
          { idempotencyKey: `payout-account-${userId}` },
        );
        account = await savePayoutAccount(c.var.db, userId, created.id);
      }
      const link = await stripe.accountLinks.create({
        account: account.stripeAccountId,
        type: "account_onboarding",
        refresh_url: `${origin}/dashboard?payouts=refresh`,
        return_url: `${origin}/dashboard?payouts=done`,
      });
      return c.json({ url: link.url }, 200);
    } catch (error) {
      if (error instanceof ApiError) throw error;
      c.var.log.warn("stripe onboarding failed", { userId, error });
      throw new ApiError("unavailable", CHECKOUT_TEXTS.providerUnavailable);
    }
  });
