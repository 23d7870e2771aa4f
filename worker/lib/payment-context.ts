// What the payment services need from a request (checkout, the order page's check with Stripe and
// the webhook): the bindings, the request's Db and logger, the time, and the public origin for
// the return addresses and the links in mails.
import type { Context } from "hono";
import type { AppEnv } from "../env";
import { expectedOrigin } from "../middleware/origin";
import type { PaymentContext } from "../services/payments/orders";

export function paymentContext(c: Context<AppEnv>): PaymentContext {
  return { env: c.env, db: c.var.db, log: c.var.log, now: Date.now(), origin: expectedOrigin(c.req.url, c.env.APP_ORIGIN) };
}
