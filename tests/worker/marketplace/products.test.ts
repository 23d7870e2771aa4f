// Products (spec marketplace-messaging-account §2 Products and Product detail, §5 product form,
// §6, §7, §8; DESIGN.md: product images in MEDIA, paid files in the private bucket; decision
// record 0035): images and files attached by upload id, never by key; files never reachable by
// URL; a deleted product's objects removed unless an order still needs the file.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OwnerProduct, OwnerProductPage, ProductDetail, ProductImageUpload } from "@shared/marketplace-api";
import { MARKET_TEXTS, UPLOAD_TEXTS } from "@shared/messages";
import { releaseRetainedProductFiles } from "../../../worker/cron/retained-files";
import { cleanUpAbandonedUploads } from "../../../worker/cron/uploads-cleanup";
import { productFileForDownload } from "../../../worker/db/queries/products";
import { logger } from "../../../worker/lib/logger";
import { api, db, expectError, htmlBytes, jpegBytes, json, MiB, PRODUCT_BODY, signedInUser, uploadThroughApi, zipBytes } from "../helpers";

async function uploadImage(cookie: string, bytes = jpegBytes(3000)): Promise<ProductImageUpload> {
  return json<ProductImageUpload>(await api("/api/products/images", { cookie, raw: bytes, headers: { "content-type": "image/jpeg" } }), 201);
}

function uploadFile(cookie: string, bytes = zipBytes(5000), fileName = "stems.zip") {
  return uploadThroughApi(cookie, { contentType: "product_file", mimeType: "application/zip", bytes, fileName });
}

async function createProduct(cookie: string, body: Record<string, unknown> = {}): Promise<OwnerProduct> {
  return json<OwnerProduct>(await api("/api/products", { cookie, body: { ...PRODUCT_BODY, ...body } }), 201);
}

async function productRow(id: string) {
  return env.DB.prepare("select user_id, price_cents, type, image_key, file_key, file_name, file_size, file_mime from products where id = ?")
    .bind(id)
    .first<Record<string, unknown>>();
}

const keyOf = (url: string) => url.replace(/^\/media\//, "");

async function paidOrder(productId: string, sellerId: string, status = "paid") {
  const buyer = await signedInUser();
  const id = crypto.randomUUID();
  await env.DB.prepare(
    "insert into orders (id, buyer_id, seller_id, item_type, item_id, item_name, price_cents, fee_cents, total_cents, status, provider) values (?, ?, ?, 'product', ?, 'Night beat', 1999, 100, 2099, ?, 'test')",
  )
    .bind(id, buyer.id, sellerId, productId, status)
    .run();
  return id;
}

describe("product images", () => {
  it("stores an image under product-images/{userId}/ and attaches it by upload id, once", async () => {
    const seller = await signedInUser();
    const image = await uploadImage(seller.cookie);
    expect(image.imageUrl).toMatch(new RegExp(`^/media/product-images/${seller.id}/${image.uploadId}\\.jpg$`));
    expect(await env.MEDIA.head(keyOf(image.imageUrl))).not.toBeNull();
    const product = await createProduct(seller.cookie, { imageUploadId: image.uploadId });
    expect(product.imageUrl).toBe(image.imageUrl);
    expect(await productRow(product.id)).toMatchObject({ image_key: keyOf(image.imageUrl) });
    // The upload was taken: a second product cannot share (and later delete) the same object.
    await expectError(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, imageUploadId: image.uploadId } }), 400, MARKET_TEXTS.uploadNotUsable);
  });

  it("refuses what is not an image by its bytes, and what is too large, storing nothing", async () => {
    const seller = await signedInUser();
    const res = await api("/api/products/images", { cookie: seller.cookie, raw: htmlBytes(2000), headers: { "content-type": "image/jpeg" } });
    await expectError(res, 415, MARKET_TEXTS.imageInvalidType.description);
    const big = await api("/api/products/images", { cookie: seller.cookie, raw: jpegBytes(10 * MiB + 1), headers: { "content-type": "image/jpeg" } });
    await expectError(big, 413, MARKET_TEXTS.imageTooLarge.description);
    const listed = await env.MEDIA.list({ prefix: `product-images/${seller.id}/` });
    expect(listed.objects).toHaveLength(0);
  });

  it("never attaches another user's image, and ignores a storage key in the body", async () => {
    const seller = await signedInUser();
    const other = await signedInUser();
    const theirs = await uploadImage(other.cookie);
    await expectError(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, imageUploadId: theirs.uploadId } }), 400, MARKET_TEXTS.uploadNotUsable);
    const product = await createProduct(seller.cookie, { imageKey: keyOf(theirs.imageUrl), image_key: keyOf(theirs.imageUrl), userId: other.id, priceCents: 1 });
    expect(await productRow(product.id)).toMatchObject({ user_id: seller.id, image_key: null, price_cents: 1999 });
  });

  it("replaces and removes the image on edit, deleting the old object", async () => {
    const seller = await signedInUser();
    const first = await uploadImage(seller.cookie);
    const product = await createProduct(seller.cookie, { imageUploadId: first.uploadId });
    const second = await uploadImage(seller.cookie);
    const edited = await json<OwnerProduct>(
      await api(`/api/products/${product.id}`, { method: "PUT", cookie: seller.cookie, body: { ...PRODUCT_BODY, imageUploadId: second.uploadId } }),
      200,
    );
    expect(edited.imageUrl).toBe(second.imageUrl);
    expect(await env.MEDIA.head(keyOf(first.imageUrl))).toBeNull();
    // Absent keeps the image; null removes it.
    const kept = await json<OwnerProduct>(await api(`/api/products/${product.id}`, { method: "PUT", cookie: seller.cookie, body: PRODUCT_BODY }), 200);
    expect(kept.imageUrl).toBe(second.imageUrl);
    const removed = await json<OwnerProduct>(
      await api(`/api/products/${product.id}`, { method: "PUT", cookie: seller.cookie, body: { ...PRODUCT_BODY, imageUploadId: null } }),
      200,
    );
    expect(removed.imageUrl).toBeNull();
    expect(await env.MEDIA.head(keyOf(second.imageUrl))).toBeNull();
  });

  it("removes images no product took within a day", async () => {
    const seller = await signedInUser();
    const image = await uploadImage(seller.cookie);
    await cleanUpAbandonedUploads({ env, db: db(), now: Date.now() + 25 * 60 * 60 * 1000, log: logger });
    expect(await env.MEDIA.head(keyOf(image.imageUrl))).toBeNull();
    await expectError(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, imageUploadId: image.uploadId } }), 400, MARKET_TEXTS.uploadNotUsable);
  });
});

describe("digital product files", () => {
  it("stores the file in the private bucket through the multipart protocol and never shows its key", async () => {
    const seller = await signedInUser();
    const uploadId = await uploadFile(seller.cookie);
    const product = await createProduct(seller.cookie, { fileUploadId: uploadId });
    expect(product).toMatchObject({ hasFile: true, file: { name: "stems.zip", size: 5000, mimeType: "application/zip" } });
    const row = await productRow(product.id);
    const key = String(row?.file_key);
    expect(key).toBe(`product-files/${seller.id}/${uploadId}.zip`);
    expect(await env.PRIVATE_FILES.head(key)).not.toBeNull();
    expect(await env.MEDIA.head(key)).toBeNull();
    // No URL reaches it: /media serves MEDIA only, and no answer names the key.
    expect((await api(`/media/${key}`)).status).toBe(404);
    const visitorView = await api(`/api/products/${product.id}`);
    const text = await visitorView.text();
    expect(JSON.parse(text)).toMatchObject({ hasFile: true });
    expect(text).not.toContain("product-files");
    expect(text).not.toContain("stems.zip");
    const list = await api("/api/products", { cookie: seller.cookie });
    expect(await list.text()).not.toContain("product-files");
    const tab = await api(`/api/users/${seller.id}/products`);
    expect(await tab.text()).not.toContain("product-files");
  });

  it("checks the file's type, size and bytes", async () => {
    const seller = await signedInUser();
    const start = (body: Record<string, unknown>) => api("/api/uploads", { cookie: seller.cookie, body: { contentType: "product_file", ...body } });
    await expectError(await start({ mimeType: "application/x-msdownload", size: 100, fileName: "setup.exe" }), 400, MARKET_TEXTS.fileInvalidType);
    await expectError(await start({ mimeType: "application/zip", size: 501 * MiB, fileName: "all.zip" }), 400, MARKET_TEXTS.fileTooLarge);
    await expectError(await start({ mimeType: "application/zip", size: 100, fileName: "a.b.zip" }), 400, UPLOAD_TEXTS.multipleExtensions);
    // A page renamed to .zip is refused on its first part, and the upload is gone.
    const res = await start({ mimeType: "application/zip", size: 3000, fileName: "stems.zip" });
    const { uploadId } = await json<{ uploadId: string }>(res, 201);
    await expectError(await api(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", cookie: seller.cookie, raw: htmlBytes(3000) }), 415, MARKET_TEXTS.fileInvalidType);
    await expectError(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, fileUploadId: uploadId } }), 409, UPLOAD_TEXTS.notOpen);
  });

  it("refuses an unfinished file, another user's file, a file on a physical product, and a post made from a file", async () => {
    const seller = await signedInUser();
    const other = await signedInUser();
    const started = await json<{ uploadId: string }>(
      await api("/api/uploads", { cookie: seller.cookie, body: { contentType: "product_file", mimeType: "application/zip", size: 4000, fileName: "stems.zip" } }),
      201,
    );
    await expectError(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, fileUploadId: started.uploadId } }), 400, UPLOAD_TEXTS.incomplete);
    const theirs = await uploadFile(other.cookie);
    await expectError(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, fileUploadId: theirs } }), 400, MARKET_TEXTS.uploadNotUsable);
    const mine = await uploadFile(seller.cookie);
    await expectError(
      await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, type: "physical", fileUploadId: mine } }),
      400,
      MARKET_TEXTS.fileOnlyDigital,
    );
    await expectError(await api("/api/posts", { cookie: seller.cookie, body: { uploadId: mine } }), 404, UPLOAD_TEXTS.notFound);
    await expectError(await api(`/api/uploads/${mine}/thumbnail`, { method: "PUT", cookie: seller.cookie, raw: jpegBytes(100), headers: { "content-type": "image/jpeg" } }), 404, UPLOAD_TEXTS.notFound);
  });

  it("removes the file when the product turns physical", async () => {
    const seller = await signedInUser();
    const product = await createProduct(seller.cookie, { fileUploadId: await uploadFile(seller.cookie) });
    const key = String((await productRow(product.id))?.file_key);
    const edited = await json<OwnerProduct>(
      await api(`/api/products/${product.id}`, { method: "PUT", cookie: seller.cookie, body: { ...PRODUCT_BODY, type: "physical" } }),
      200,
    );
    expect(edited).toMatchObject({ type: "physical", hasFile: false, file: null });
    expect(await env.PRIVATE_FILES.head(key)).toBeNull();
  });
});

describe("deleting a product", () => {
  it("removes its image and file from storage", async () => {
    const seller = await signedInUser();
    const image = await uploadImage(seller.cookie);
    const product = await createProduct(seller.cookie, { imageUploadId: image.uploadId, fileUploadId: await uploadFile(seller.cookie) });
    const key = String((await productRow(product.id))?.file_key);
    expect(await json(await api(`/api/products/${product.id}`, { method: "DELETE", cookie: seller.cookie }), 200)).toEqual({ ok: true });
    expect(await productRow(product.id)).toBeNull();
    expect(await env.MEDIA.head(keyOf(image.imageUrl))).toBeNull();
    expect(await env.PRIVATE_FILES.head(key)).toBeNull();
    await expectError(await api(`/api/products/${product.id}`), 404, MARKET_TEXTS.productNotFound);
  });

  it("keeps the file while an order needs it, then releases it once none does", async () => {
    const seller = await signedInUser();
    const product = await createProduct(seller.cookie, { fileUploadId: await uploadFile(seller.cookie) });
    const key = String((await productRow(product.id))?.file_key);
    const orderId = await paidOrder(product.id, seller.id);
    expect((await api(`/api/products/${product.id}`, { method: "DELETE", cookie: seller.cookie })).status).toBe(200);
    expect(await productRow(product.id)).toBeNull();
    expect(await env.PRIVATE_FILES.head(key)).not.toBeNull();
    expect(await productFileForDownload(db(), product.id)).toEqual({ key, name: "stems.zip", size: 5000, mime: "application/zip" });
    // Still needed: the daily job keeps it.
    await releaseRetainedProductFiles({ env, db: db(), log: logger });
    expect(await env.PRIVATE_FILES.head(key)).not.toBeNull();
    await env.DB.prepare("update orders set status = 'refunded' where id = ?").bind(orderId).run();
    await releaseRetainedProductFiles({ env, db: db(), log: logger });
    expect(await env.PRIVATE_FILES.head(key)).toBeNull();
    expect(await productFileForDownload(db(), product.id)).toBeNull();
  });

  it("keeps a replaced or removed file while an order for the product needs it, and deletes it otherwise", async () => {
    const seller = await signedInUser();
    const product = await createProduct(seller.cookie, { fileUploadId: await uploadFile(seller.cookie) });
    const first = String((await productRow(product.id))?.file_key);
    // No order yet: a replaced file goes.
    await json(await api(`/api/products/${product.id}`, { method: "PUT", cookie: seller.cookie, body: { ...PRODUCT_BODY, fileUploadId: await uploadFile(seller.cookie) } }), 200);
    expect(await env.PRIVATE_FILES.head(first)).toBeNull();
    const second = String((await productRow(product.id))?.file_key);
    // A pending order may still be paid for this file: replacing it keeps it.
    await paidOrder(product.id, seller.id, "pending");
    await json(await api(`/api/products/${product.id}`, { method: "PUT", cookie: seller.cookie, body: { ...PRODUCT_BODY, fileUploadId: await uploadFile(seller.cookie) } }), 200);
    expect(await env.PRIVATE_FILES.head(second)).not.toBeNull();
    const third = String((await productRow(product.id))?.file_key);
    await json(await api(`/api/products/${product.id}`, { method: "PUT", cookie: seller.cookie, body: { ...PRODUCT_BODY, fileUploadId: null } }), 200);
    expect(await env.PRIVATE_FILES.head(third)).not.toBeNull();
    const kept = await env.DB.prepare("select file_key from retained_product_files where product_id = ? order by file_key").bind(product.id).all<{ file_key: string }>();
    expect(kept.results.map((r) => r.file_key).sort()).toEqual([second, third].sort());
  });

  it("refuses another user's delete and edit, touching neither row nor objects", async () => {
    const seller = await signedInUser();
    const other = await signedInUser();
    const image = await uploadImage(seller.cookie);
    const product = await createProduct(seller.cookie, { imageUploadId: image.uploadId, fileUploadId: await uploadFile(seller.cookie) });
    const before = await productRow(product.id);
    await expectError(await api(`/api/products/${product.id}`, { method: "DELETE", cookie: other.cookie }), 403, MARKET_TEXTS.editOthersProduct);
    await expectError(
      await api(`/api/products/${product.id}`, { method: "PUT", cookie: other.cookie, body: { ...PRODUCT_BODY, imageUploadId: null, fileUploadId: null } }),
      403,
      MARKET_TEXTS.editOthersProduct,
    );
    expect(await productRow(product.id)).toEqual(before);
    expect(await env.MEDIA.head(keyOf(image.imageUrl))).not.toBeNull();
    expect(await env.PRIVATE_FILES.head(String(before?.file_key))).not.toBeNull();
  });
});

describe("product lists and detail", () => {
  it("lists the owner's products with file details, and shows visitors the detail page", async () => {
    const seller = await signedInUser({ displayName: "Beat Maker" });
    await createProduct(seller.cookie, { name: "Older", type: "physical", category: "merchandise", price: "25" });
    const beat = await createProduct(seller.cookie, { fileUploadId: await uploadFile(seller.cookie) });
    const page = await json<OwnerProductPage>(await api("/api/products?limit=1", { cookie: seller.cookie }), 200);
    expect(page.items.map((p) => p.id)).toEqual([beat.id]);
    expect(page.items[0]?.file).toEqual({ name: "stems.zip", size: 5000, mimeType: "application/zip" });
    expect(page.nextCursor).toEqual(expect.any(String));
    const detail = await json<ProductDetail>(await api(`/api/products/${beat.id}`), 200);
    expect(detail).toMatchObject({
      price: { label: "$19.99", chargeCents: 1999, buyable: true },
      hasFile: true,
      seller: { userId: seller.id, username: seller.username, displayName: "Beat Maker" },
      viewer: null,
    });
    expect(detail).not.toHaveProperty("file");
  });

  it("answers field errors with their messages and 'Product not found' for unknown ids", async () => {
    const seller = await signedInUser();
    await expectError(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, price: "" } }), 400, MARKET_TEXTS.priceRequired);
    await expectError(await api("/api/products", { cookie: seller.cookie, body: { ...PRODUCT_BODY, type: "vinyl" } }), 400, MARKET_TEXTS.productTypeInvalid);
    await expectError(await api(`/api/products/${crypto.randomUUID()}`), 404, MARKET_TEXTS.productNotFound);
    await expectError(
      await api(`/api/products/${crypto.randomUUID()}`, { method: "PUT", cookie: seller.cookie, body: PRODUCT_BODY }),
      404,
      MARKET_TEXTS.productNotFound,
    );
  });
});
