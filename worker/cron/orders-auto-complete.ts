// Daily: the automatic steps of the order lifecycle (decision records 0037 and 0081). A physical
// order completes 14 days after shipping, a delivered service 3 days after delivery and a digital
// sale never downloaded 3 days after payment, unless the buyer acted first; the guarded transition
// makes a buyer's click at the same moment harmless. Stripe payments left pending for a day are
// ended with Stripe (or fulfilled, when Stripe says they were paid after all).
import type { Ctx } from "../env";
import { expireStalePayments } from "../services/payments/expiry";
import { autoCompleteOrders } from "../services/payments/orders";

export async function completeDueOrders(ctx: Pick<Ctx, "env" | "db" | "log" | "now"> & { origin?: string }) {
  const steps = await autoCompleteOrders(ctx);
  let stripe = { expired: 0, paid: 0, left: 0 };
  try {
    // The origin is for the links in the mails of an order found paid after all.
    stripe = await expireStalePayments({ ...ctx, origin: ctx.origin ?? "" });
  } catch (error) {
    ctx.log.error("stale payments not settled", { error });
  }
  return { ...steps, stripe };
}
