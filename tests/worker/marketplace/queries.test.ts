// The catalogue's query plans (CONVENTIONS.md: every list is served by an index, in the keyset form
// the routes use). The owner's grids are the seller lists of the profile tabs (their plans are in
// tests/worker/profiles/queries.test.ts too); here also the file-retention probes of decision 0035.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newId } from "../../../worker/db/ids";
import { ordersNeedProductFileQuery, releasableProductFilesQuery, unclaimedProductImagesQuery } from "../../../worker/db/queries/products";
import { sellerProductsQuery, sellerServicesQuery } from "../../../worker/db/queries/seller-items";
import { db } from "../helpers";

async function plan(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return result.results.map((r) => r.detail).join("\n");
}

describe("catalogue queries are served by indexes", () => {
  const cursor = { createdAt: Date.now(), id: newId() };
  const userId = newId();

  it("the owner's services and products, a page after a cursor: their (user, created_at, id) index, no sort", async () => {
    const services = await plan(sellerServicesQuery(db(), { userId, cursor, limit: 20 }));
    expect(services).toMatch(/SEARCH services USING INDEX services_user_created_idx \(user_id=\?/);
    expect(services).not.toMatch(/TEMP B-TREE/);
    const products = await plan(sellerProductsQuery(db(), { userId, cursor: null, limit: 20 }));
    expect(products).toMatch(/SEARCH products USING INDEX products_user_created_idx \(user_id=\?\)/);
    expect(products).not.toMatch(/TEMP B-TREE/);
  });

  it("whether an order still needs a product's file: a range of orders_item_idx", async () => {
    const p = await plan(ordersNeedProductFileQuery(db(), newId()));
    expect(p).toMatch(/orders_item_idx \(item_type=\? AND item_id=\? AND status=\?\)/);
    expect(p).not.toMatch(/SCAN orders/);
  });

  it("kept files no order needs: each probe into orders is a range of orders_item_idx", async () => {
    const p = await plan(releasableProductFilesQuery(db(), 100));
    expect(p).toMatch(/orders_item_idx/);
    expect(p).not.toMatch(/SCAN orders/);
  });

  it("unattached product images: a range of uploads_status_updated_idx", async () => {
    const p = await plan(unclaimedProductImagesQuery(db(), Date.now(), 100));
    expect(p).toMatch(/uploads_status_updated_idx \(status=\? AND updated_at<\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE/);
  });
});
