// Sellers' payout accounts (decision records 0039 and 0081): one row per seller, a real Stripe
// Express account ("stripe") or the TEST MODE onboarding's stand-in ("test"), holding what Stripe
// last said of it. Stripe's account.updated events and the seller's refresh write it; every read
// (the payouts page, checkout, sellerPayable on the catalogue) answers from it.
import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Db } from "../client";
import { payoutAccounts } from "../schema";

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;

/** What Stripe says of an account, as stored. */
export interface PayoutAccountFacts {
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** currently_due ∪ past_due. */
  requirementsDue: string[];
  /** pending_verification. */
  requirementsPending: string[];
  disabledReason: string | null;
}

export async function getPayoutAccount(db: Db, userId: string): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * The seller's Stripe account: the first one a seller was given is kept (a concurrent second
 * onboarding reuses it); a TEST MODE stand-in from development is replaced, since it can receive
 * no real money.
 */
export async function saveStripePayoutAccount(db: Db, userId: string, stripeAccountId: string, now: number): Promise<PayoutAccountRow> {
  await db
    .insert(payoutAccounts)
    .values({ userId, stripeAccountId, mode: "stripe", createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: payoutAccounts.userId,
      set: { stripeAccountId, mode: "stripe", chargesEnabled: false, payoutsEnabled: false, detailsSubmitted: false, requirementsDue: null, requirementsPending: null, disabledReason: null, syncedAt: null, updatedAt: now },
      setWhere: eq(payoutAccounts.mode, "test"),
    });
  return (await getPayoutAccount(db, userId))!;
}

/** The TEST MODE onboarding's outcome: a stand-in account, created or brought to this state. */
export async function saveTestPayoutAccount(db: Db, input: { userId: string; stripeAccountId: string; facts: PayoutAccountFacts; now: number }): Promise<void> {
  const columns = { ...input.facts, mode: "test" as const, syncedAt: input.now, updatedAt: input.now };
  await db
    .insert(payoutAccounts)
    .values({ userId: input.userId, stripeAccountId: input.stripeAccountId, ...columns, createdAt: input.now })
    .onConflictDoUpdate({ target: payoutAccounts.userId, set: columns });
}

/**
 * Stores what Stripe said of an account as of `asOf` (an event's creation time, or the moment of a
 * refresh), unless the row already holds something newer: events can arrive out of order, and an
 * older one must not undo a newer state. True when the row was written.
 */
export async function syncPayoutAccount(db: Db, stripeAccountId: string, facts: PayoutAccountFacts, asOf: number): Promise<boolean> {
  const updated = await db
    .update(payoutAccounts)
    .set({ ...facts, syncedAt: asOf, updatedAt: asOf })
    .where(and(eq(payoutAccounts.stripeAccountId, stripeAccountId), or(isNull(payoutAccounts.syncedAt), lte(payoutAccounts.syncedAt, asOf))))
    .returning({ userId: payoutAccounts.userId });
  return updated.length > 0;
}
