// Daily: the automatic steps of the order lifecycle (decision record 0037). A physical order
// completes 14 days after shipping and a delivered service 3 days after delivery, unless the
// buyer acted first; the guarded transition makes a buyer's click at the same moment harmless.
import type { Ctx } from "../env";
import { autoCompleteOrders } from "../services/payments/orders";

export function completeDueOrders({ db, now }: Pick<Ctx, "env" | "db" | "log" | "now">) {
  return autoCompleteOrders({ db, now });
}
