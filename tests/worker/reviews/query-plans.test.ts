// The review reads are served by their indexes (decision record 0047): ratings are aggregated on
// every card and detail page, so they must stay index-only, and the seller's lists keyset ranges.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../../worker/db/ids";
import { itemRatingsQuery, receivedReviewsQuery, requestableOrdersQuery, sellerBreakdownQuery } from "../../../worker/db/queries/reviews";
import { db } from "../helpers";

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return result.results.map((r) => r.detail).join("\n");
}

describe("review queries are served by indexes", () => {
  it("an item page's ratings: one covering-index range per item, no table read", async () => {
    const p = await plan(itemRatingsQuery(db(), "service", [newId(), newId(), newId()]));
    expect(p).toMatch(/SEARCH reviews USING COVERING INDEX reviews_item_rating_idx \(item_type=\? AND item_id=\?\)/);
    expect(p).not.toMatch(/SCAN reviews/);
  });

  it("a seller's star breakdown: a covering-index range, grouped in index order", async () => {
    const p = await plan(sellerBreakdownQuery(db(), newId()));
    expect(p).toMatch(/SEARCH reviews USING COVERING INDEX reviews_seller_rating_idx \(seller_id=\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it("the reviews a seller received, a page after a cursor: their (seller, created_at, id) index, no sort", async () => {
    const p = await plan(receivedReviewsQuery(db(), { sellerId: newId(), cursor: { createdAt: Date.now(), id: newId() }, limit: 20 }));
    expect(p).toMatch(/SEARCH reviews USING INDEX reviews_seller_created_idx \(seller_id=\? AND/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });

  it("the seller's completed, unreviewed sales: their orders index, the review looked up by order", async () => {
    const p = await plan(requestableOrdersQuery(db(), newId(), 50));
    expect(p).toMatch(/SEARCH orders USING INDEX orders_seller_created_idx \(seller_id=\?\)/);
    expect(p).toMatch(/reviews USING COVERING INDEX reviews_order_unique \(order_id=\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });
});
