// The totals of /payments are sums over one side's orders: each must be served by that side's
// index, never a scan of every order (the recent list reuses listOrders, whose plans are in
// tests/worker/db/query-plans.test.ts). The SQL is what drizzle builds for the query functions.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";

async function planOf(sql: string, params: number): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...Array.from({ length: params }, () => "x"))
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

const CASES = {
  "a seller's earned and pending totals": {
    sql: `select coalesce(sum(case when status = 'completed' then price_cents else 0 end), 0),
                 coalesce(sum(case when status in ('paid', 'in_progress', 'shipped', 'delivered') then price_cents else 0 end), 0)
            from orders where seller_id = ?1`,
    params: 1,
    uses: /USING (COVERING )?INDEX orders_seller_created_idx/,
  },
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
  for (const [name, c] of Object.entries(CASES)) {
    it(name, async () => {
      const plan = await planOf(c.sql, c.params);
      expect(plan).not.toMatch(/^SCAN (orders|offers)$/m);
      expect(plan).toMatch(c.uses);
      expect(plan).not.toMatch(/TEMP B-TREE/);
    });
  }
});
