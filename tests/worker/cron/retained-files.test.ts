// Files kept for buyers after their product was deleted (decision record 0035, issue #26 item 5):
// the daily release agrees with canDownload — a completed digital order can still download, and
// an open dispute may be won — so the file goes only once no order can download it or be paid.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DownloadLink } from "@shared/checkout-api";
import type { OwnerProduct } from "@shared/marketplace-api";
import { releaseRetainedProductFiles } from "../../../worker/cron/retained-files";
import { orders, products } from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { api, db, insertOrder, json, PRODUCT_BODY, signedInUser, uploadThroughApi, zipBytes } from "../helpers";

async function deletedProductWithOrder(status: "completed" | "paid") {
  const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
  const fileUploadId = await uploadThroughApi(seller.cookie, { contentType: "product_file", mimeType: "application/zip", bytes: zipBytes(3000), fileName: "stems.zip" });
  const product = await json<OwnerProduct>(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, fileUploadId } }), 201);
  const [row] = await db().select().from(products).where(eq(products.id, product.id));
  const key = row!.fileKey!;
  const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", itemId: product.id, productType: "digital", fileKey: key, status });
  expect((await api(`/api/products/${product.id}`, { method: "DELETE", cookie: seller.cookie })).status).toBe(200);
  return { buyer, key, orderId };
}

describe("releasing kept product files", () => {
  it("keeps the file while a completed order can download it, and releases it once that order is refunded", async () => {
    const { buyer, key, orderId } = await deletedProductWithOrder("completed");
    await releaseRetainedProductFiles({ env, db: db(), log: logger });
    expect(await env.PRIVATE_FILES.head(key)).not.toBeNull();
    // The buyer of a completed order still downloads it after the product is gone.
    const link = await json<DownloadLink>(await api(`/api/orders/${orderId}/download-link`, { cookie: buyer.cookie, body: {} }), 200);
    expect((await api(link.url, { cookie: buyer.cookie })).status).toBe(200);
    await db().update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
    await releaseRetainedProductFiles({ env, db: db(), log: logger });
    expect(await env.PRIVATE_FILES.head(key)).toBeNull();
  });

  it("keeps it through an open dispute, which may be won, and releases it after a chargeback", async () => {
    const { key, orderId } = await deletedProductWithOrder("paid");
    await db().update(orders).set({ disputeStatus: "open", disputeId: "dp_kept" }).where(eq(orders.id, orderId));
    await releaseRetainedProductFiles({ env, db: db(), log: logger });
    expect(await env.PRIVATE_FILES.head(key)).not.toBeNull();
    await db().update(orders).set({ disputeStatus: "lost", status: "refunded" }).where(eq(orders.id, orderId));
    await releaseRetainedProductFiles({ env, db: db(), log: logger });
    expect(await env.PRIVATE_FILES.head(key)).toBeNull();
  });
});
