// The totals of /payments are sums over one side's orders: each must be served by that side's
// index, never a scan of every order, and the seller's from the index alone (the recent list
// reuses listOrders, whose plans are in tests/worker/db/query-plans.test.ts).
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { saleTotalsQuery } from "../../../worker/db/queries/payments";
import { db } from "../helpers";

async function planOf(sql: string, params: number): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...Array.from({ length: params }, () => "x"))
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

const CASES = {
  "a buyer's kept platform fees": {
    sql: `select coalesce(sum(fee_cents), 0) from orders
           where buyer_id = ?1 and status in ('paid', 'in_progress', 'shipped', 'delivered', 'completed')`,
    params: 1,
    uses: /USING (COVERING )?INDEX (orders_buyer_created_idx|orders_buyer_item_idx)/,
  },
  "a seller's sent offers newest first": {
    sql: `select * from offers where seller_id = ?1 and (created_at, id) < (?2, ?3) order by created_at desc, id desc limit 21`,
    params: 3,
    uses: /USING INDEX offers_seller_created_idx/,
  },
  "a buyer's received offers newest first": {
    sql: `select * from offers where buyer_id = ?1 order by created_at desc, id desc limit 21`,
    params: 1,
    uses: /USING INDEX offers_buyer_created_idx/,
  },
};

describe("query plans of the payments queries", () => {
  it("a seller's earned, pending and held totals, as saleTotals sends them: the seller's range of their sales index alone", async () => {
    const { sql, params } = saleTotalsQuery(db(), "x").toSQL();
    const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
      .bind(...params)
      .all<{ detail: string }>();
    const plan = results.map((r) => r.detail).join("\n");
    // COVERING: the status, dispute and price come from the index, so a seller with thousands of
    // sales costs one index range, not a read of every order (issue #33 item 4).
    expect(plan).toMatch(/SEARCH orders USING COVERING INDEX orders_seller_created_idx \(seller_id=\?\)/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });


  for (const [name, c] of Object.entries(CASES)) {
    it(name, async () => {
      const plan = await planOf(c.sql, c.params);
      expect(plan).not.toMatch(/^SCAN (orders|offers)$/m);
      expect(plan).toMatch(c.uses);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    });
  }
});
