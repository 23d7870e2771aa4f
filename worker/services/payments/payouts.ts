// Sellers get paid (decision records 0039 and 0081): a Stripe Express account per seller, created
// on first onboarding, kept current by Connect's account.updated webhook and the seller's refresh,
// and read from the stored row everywhere else. In test mode (no keys, development and test only)
// the Worker's TEST MODE onboarding page stands in for Stripe's, so the whole flow can be walked
// locally: a seller still has to "onboard" before anyone can buy from them.
import type { OnboardingLink, PayoutAccount } from "@shared/checkout-api";
import { PAYOUT_TEXTS } from "@shared/messages";
import { partyEmails } from "../../db/queries/orders";
import { getPayoutAccount, saveStripePayoutAccount, saveTestPayoutAccount, syncPayoutAccount, type PayoutAccountFacts } from "../../db/queries/payouts";
import type { Ctx } from "../../env";
import { ApiError } from "../../lib/errors";
import { accountInMode, payoutAccountView, payoutState, sellerPayable } from "../../lib/payouts";
import { consume, limitUser, rateSubject } from "../rate-limit";
import { createStripe, paymentsMode, stripeErrorLog, stripeErrorText, type Stripe } from "./stripe";

type PayoutCtx = Pick<Ctx, "env" | "db" | "log" | "now" | "origin" | "ip" | "userAgent">;

/** Where Stripe's onboarding (and the TEST MODE page) send the seller back to. */
function returnUrls(origin: string) {
  return { return_url: `${origin}/payments?payouts=return`, refresh_url: `${origin}/payments?payouts=refresh` };
}

/** GET /api/payouts/account: the stored state; Stripe is not asked. */
export async function payoutAccount(ctx: Pick<Ctx, "env" | "db">, userId: string): Promise<PayoutAccount> {
  return payoutAccountView(paymentsMode(ctx.env), await getPayoutAccount(ctx.db, userId));
}

/** Whether buyers can pay this seller now (lib/payouts.ts's rule on the stored row). */
export async function payableSeller(ctx: Pick<Ctx, "env" | "db">, userId: string): Promise<boolean> {
  return sellerPayable(paymentsMode(ctx.env), await getPayoutAccount(ctx.db, userId));
}

/** What an account object says, as payout_accounts stores it. */
function accountFacts(account: Stripe.Account): PayoutAccountFacts {
  const requirements = account.requirements;
  return {
    chargesEnabled: account.charges_enabled === true,
    payoutsEnabled: account.payouts_enabled === true,
    detailsSubmitted: account.details_submitted === true,
    requirementsDue: [...new Set([...(requirements?.currently_due ?? []), ...(requirements?.past_due ?? [])])],
    requirementsPending: [...(requirements?.pending_verification ?? [])],
    disabledReason: requirements?.disabled_reason ?? null,
  };
}

/**
 * Connect's account.updated: stores the account's state as of the event's creation, unless a
 * newer state is already stored (out-of-order delivery). An account that is not ours is ignored.
 */
export async function applyAccountUpdate(ctx: Pick<Ctx, "db" | "log">, account: Stripe.Account, createdSeconds: number): Promise<void> {
  const written = await syncPayoutAccount(ctx.db, account.id, accountFacts(account), createdSeconds * 1000);
  if (!written) ctx.log.info("account.updated not applied (unknown account or older than the stored state)", { accountId: account.id });
}

/**
 * POST /api/payouts/onboarding-link. With keys: the seller's Express account (created once, under
 * an idempotency key), then an Account Link to Stripe's onboarding; once the details are in
 * (enabled, or being verified) a login link to the seller's Express dashboard instead, where they
 * update them (Stripe's account_update links are for Custom accounts only). In test mode: the
 * Worker's TEST MODE onboarding page.
 */
export async function onboardingLink(ctx: PayoutCtx, userId: string): Promise<OnboardingLink> {
  const mode = paymentsMode(ctx.env);
  if (mode === "unavailable") throw new ApiError("unavailable", PAYOUT_TEXTS.unavailable);
  await limitUser(ctx, "payout_link", userId);
  if (mode === "test") return { url: `${ctx.origin}/api/payouts/test-onboarding` };

  const stripe = createStripe(ctx.env.STRIPE_SECRET_KEY!);
  try {
    let account = accountInMode(mode, await getPayoutAccount(ctx.db, userId));
    if (!account) {
      const { seller } = await partyEmails(ctx.db, userId, userId);
      // The idempotency key makes two quick clicks one Stripe account.
      const created = await stripe.accounts.create(
        { type: "express", ...(seller?.email ? { email: seller.email } : {}), metadata: { userId } },
        { idempotencyKey: `payout-account-${userId}` },
      );
      account = await saveStripePayoutAccount(ctx.db, userId, created.id, ctx.now);
    }
    const state = payoutState(account);
    if (state === "enabled" || state === "pending_verification") {
      const login = await stripe.accounts.createLoginLink(account.stripeAccountId);
      return { url: login.url };
    }
    const link = await stripe.accountLinks.create({ account: account.stripeAccountId, type: "account_onboarding", ...returnUrls(ctx.origin) });
    return { url: link.url };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    ctx.log.warn("stripe onboarding failed", { userId, stripe: stripeErrorLog(error) });
    throw new ApiError("unavailable", stripeErrorText(error));
  }
}

/**
 * POST /api/payouts/refresh (the /payments page on return from onboarding): with keys, asks
 * Stripe for the account and stores it, at most once per seller every 10 seconds (a refresh
 * inside that answers the stored state); in test mode the stored state.
 */
export async function refreshPayoutAccount(ctx: PayoutCtx, userId: string): Promise<PayoutAccount> {
  const mode = paymentsMode(ctx.env);
  const stored = accountInMode(mode, await getPayoutAccount(ctx.db, userId));
  if (mode !== "stripe" || !stored) return payoutAccountView(mode, stored);
  const slot = await consume(ctx.env, "payout_refresh", rateSubject("user", userId));
  if (!slot.allowed) return payoutAccountView(mode, stored);
  try {
    const account = await createStripe(ctx.env.STRIPE_SECRET_KEY!).accounts.retrieve(stored.stripeAccountId);
    await syncPayoutAccount(ctx.db, stored.stripeAccountId, accountFacts(account), ctx.now);
  } catch (error) {
    ctx.log.warn("stripe account refresh failed", { userId, stripe: stripeErrorLog(error) });
    throw new ApiError("unavailable", stripeErrorText(error));
  }
  return payoutAccount(ctx, userId);
}

// ---------------------------------------------------------------------------------------------
// TEST MODE onboarding

export const TEST_ONBOARDING_OUTCOMES = ["complete", "unfinished"] as const;
export type TestOnboardingOutcome = (typeof TEST_ONBOARDING_OUTCOMES)[number];

/** The TEST MODE onboarding exists in test mode only; with keys (or none in production) it is 404. */
export function requireTestOnboarding(ctx: Pick<Ctx, "env">): void {
  if (paymentsMode(ctx.env) !== "test") throw new ApiError("not_found", PAYOUT_TEXTS.notTestMode);
}

function randomAccountSuffix(): string {
  return crypto.randomUUID().replaceAll("-", "").slice(0, 16);
}

/** The stand-in's outcome: an account that can take charges and pay out, or one left at "details needed". */
export async function completeTestOnboarding(ctx: Pick<Ctx, "env" | "db" | "now">, input: { userId: string; outcome: TestOnboardingOutcome }): Promise<void> {
  requireTestOnboarding(ctx);
  const done = input.outcome === "complete";
  const existing = await getPayoutAccount(ctx.db, input.userId);
  await saveTestPayoutAccount(ctx.db, {
    userId: input.userId,
    stripeAccountId: existing?.mode === "test" ? existing.stripeAccountId : `acct_test_${randomAccountSuffix()}`,
    facts: {
      chargesEnabled: done,
      payoutsEnabled: done,
      detailsSubmitted: done,
      requirementsDue: done ? [] : ["external_account", "individual.verification.document"],
      requirementsPending: [],
      disabledReason: done ? null : "requirements.past_due",
    },
    now: ctx.now,
  });
}
