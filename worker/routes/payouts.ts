// Sellers get paid (decision records 0039 and 0081; the contract is at the top of
// shared/checkout-api.ts). The state a seller sees is the stored one; onboarding is Stripe's
// Express onboarding with keys and the Worker's TEST MODE page without; the work is in
// services/payments/payouts.ts.
import { Hono } from "hono";
import { PAYOUT_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { z } from "zod";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { testModePage } from "../lib/test-mode-page";
import { escapeHtml } from "@shared/rules/sanitize";
import { requireUser } from "../middleware/session";
import {
  completeTestOnboarding,
  onboardingLink,
  payoutAccount,
  refreshPayoutAccount,
  requireTestOnboarding,
  TEST_ONBOARDING_OUTCOMES,
} from "../services/payments/payouts";
import { purgeSellerItemPages } from "./shared-pages";

const testOutcomeSchema = z.object({ outcome: z.enum(TEST_ONBOARDING_OUTCOMES) });

function testOnboardingPage(): string {
  const t = PAYOUT_TEXTS.testPage;
  const body = `<p>${escapeHtml(t.intro)}</p>
<form method="post" action="/api/payouts/test-onboarding">
<button class="pay" name="outcome" value="complete">${escapeHtml(t.complete)}</button>
<button class="decline" name="outcome" value="unfinished">${escapeHtml(t.unfinished)}</button>
</form>`;
  return testModePage({ title: t.title, banner: t.banner, body });
}

/** Mounted at /payouts. */
export const payoutRoutes = new Hono<AppEnv>()
  .get("/account", async (c) => {
    const { userId } = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(await payoutAccount(c.var.ctx, userId), 200);
  })
  .post("/onboarding-link", async (c) => {
    const { userId } = requireUser(c);
    return c.json(await onboardingLink(c.var.ctx, userId), 200);
  })
  .post("/refresh", async (c) => {
    const { userId } = requireUser(c);
    const account = await refreshPayoutAccount(c.var.ctx, userId);
    await purgeSellerItemPages(c.var.ctx, { userId });
    return c.json(account, 200);
  })
  // The stand-in for Stripe's onboarding (test mode only), and its form's answer.
  .get("/test-onboarding", (c) => {
    requireUser(c);
    requireTestOnboarding(c.var.ctx);
    c.header("Cache-Control", "no-store");
    return c.html(testOnboardingPage());
  })
  .post("/test-onboarding", async (c) => {
    const { userId } = requireUser(c);
    requireTestOnboarding(c.var.ctx);
    // A body that is not a readable form (a multipart type without a boundary, say) is bad input, not a 500.
    const form = await c.req.parseBody().catch(() => null);
    const parsed = testOutcomeSchema.safeParse({ outcome: form?.outcome });
    if (!parsed.success) throw new ApiError("validation_failed", REQUEST_TEXTS.invalidRequest);
    await completeTestOnboarding(c.var.ctx, { userId, outcome: parsed.data.outcome });
    await purgeSellerItemPages(c.var.ctx, { userId });
    // Stripe's onboarding returns to the same address.
    return c.redirect("/payments?payouts=return", 303);
  });
