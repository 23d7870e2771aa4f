// The SQL form of what a sale is worth to its seller (shared/rules/earnings.ts): earned, pending,
// held, and "counted" (earned or pending: what analytics counts as a sale and as earnings). Every
// query that sums a seller's money builds its condition here, so /payments and /analytics cannot
// drift apart again.
import { sql, type SQL } from "drizzle-orm";
import { PAID_SALE_STATUSES, PENDING_SALE_STATUSES } from "@shared/rules/earnings";

function list(statuses: readonly string[]): SQL {
  return sql.raw(`(${statuses.map((s) => `'${s}'`).join(", ")})`);
}

/**
 * The conditions over an orders row named `alias` ("o", or "orders" for drizzle's own table name).
 * `plain: false` writes `+status` so SQLite does not pick the status index over a time range (the
 * roll-up's one-day range of orders_created_idx).
 */
export function saleConditions(alias: string, { plain = true }: { plain?: boolean } = {}) {
  const status = sql.raw(`${plain ? "" : "+"}${alias}.status`);
  const dispute = sql.raw(`${alias}.dispute_status`);
  const notHeld = sql`(${dispute} is null or ${dispute} <> 'open')`;
  return {
    earned: sql`(${status} = 'completed' and ${notHeld})`,
    pending: sql`(${status} in ${list(PENDING_SALE_STATUSES)} and ${notHeld})`,
    held: sql`(${status} in ${list(PAID_SALE_STATUSES)} and ${dispute} = 'open')`,
    counted: sql`(${status} in ${list(PAID_SALE_STATUSES)} and ${notHeld})`,
  };
}
