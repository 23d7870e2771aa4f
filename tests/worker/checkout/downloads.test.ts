// Delivery of files (decision record 0038): the buyer of a paid digital product,
// or of a delivered service with files, downloads through a short-lived signed link; nobody else
// can, whatever URL they guess; expired links and refunded orders are refused.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DOWNLOAD_LINK_TTL_MS, type CreatePaymentResponse, type DownloadLink, type OrderDetail, type OrderFile } from "@shared/checkout-api";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { signDownloadLink } from "../../../worker/services/payments/downloads";
import { products } from "../../../worker/db/schema";
import { SANDBOX_CSP } from "../../../worker/lib/file-headers";
import { api, db, expectError, insertOrder, insertProduct, json, signedInUser, signIn, type SignedInUser } from "../helpers";

/** A zip archive's local file header, then some bytes: the type is read from these, not claimed. */
const ZIP_BYTES = "PK\x03\x04ZIPBYTES";

async function digitalOrder(status: "paid" | "pending" | "refunded" = "paid") {
  const [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
  const fileKey = `product-files/${seller.id}/pack/Beat Pack ü.zip`;
  await env.PRIVATE_FILES.put(fileKey, ZIP_BYTES, { httpMetadata: { contentType: "application/zip" } });
  const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "digital", fileKey, status });
  return { seller, buyer, stranger, orderId };
}

/** A file's bytes as text (the file is not text/*, so Response.text() would warn). */
const bodyText = async (res: Response) => new TextDecoder().decode(await res.arrayBuffer());

const linkFor = (orderId: string, who: SignedInUser, body: unknown = {}) => api(`/api/orders/${orderId}/download-link`, { cookie: who.cookie, body });

describe("a digital product", () => {
  it("gives its buyer a short-lived link that streams the file as an attachment", async () => {
    const { buyer, orderId } = await digitalOrder();
    const detail = await json<OrderDetail>(await api(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    expect(detail.actions).toContain("download");
    expect(detail.hasProductFile).toBe(true);
    const before = Date.now();
    const link = await json<DownloadLink>(await linkFor(orderId, buyer), 200);
    expect(link.url).toMatch(/^\/api\/downloads\//);
    expect(link.expiresAt).toBeGreaterThanOrEqual(before + DOWNLOAD_LINK_TTL_MS - 1000);
    expect(link.expiresAt).toBeLessThanOrEqual(Date.now() + DOWNLOAD_LINK_TTL_MS);
    const file = await api(link.url, { cookie: buyer.cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="Beat Pack _.zip"; filename*=UTF-8''Beat%20Pack%20%C3%BC.zip`);
    expect(file.headers.get("content-type")).toBe("application/zip");
    expect(await bodyText(file)).toBe(ZIP_BYTES);
  });

  it("refuses the seller, a stranger and a visitor a link, and the buyer's link to anyone else", async () => {
    const { seller, buyer, stranger, orderId } = await digitalOrder();
    await expectError(await linkFor(orderId, seller), 403, CHECKOUT_TEXTS.downloadNotAllowed);
    await expectError(await linkFor(orderId, stranger), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await api(`/api/orders/${orderId}/download-link`, { body: {} }), 401);
    const link = await json<DownloadLink>(await linkFor(orderId, buyer), 200);
    await expectError(await api(link.url, { cookie: stranger.cookie }), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    await expectError(await api(link.url, { cookie: seller.cookie }), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    await expectError(await api(link.url), 401);
  });

  it("refuses guessed, tampered and expired links", async () => {
    const { buyer, orderId } = await digitalOrder();
    const link = await json<DownloadLink>(await linkFor(orderId, buyer), 200);
    await expectError(await api(`${link.url.slice(0, -4)}AAAA`, { cookie: buyer.cookie }), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    await expectError(await api(`/api/downloads/${orderId}`, { cookie: buyer.cookie }), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    const old = await signDownloadLink(env, { orderId, fileId: null, userId: buyer.id }, Date.now() - DOWNLOAD_LINK_TTL_MS - 60_000);
    await expectError(await api(`/api/downloads/${old.token}`, { cookie: buyer.cookie }), 410, CHECKOUT_TEXTS.downloadExpired);
  });

  it("has no download before payment, and none after a refund, even through a link made before it", async () => {
    const pending = await digitalOrder("pending");
    await expectError(await linkFor(pending.orderId, pending.buyer), 403, CHECKOUT_TEXTS.downloadNotAllowed);
    const { seller, buyer, orderId } = await digitalOrder();
    const link = await json<DownloadLink>(await linkFor(orderId, buyer), 200);
    await json<OrderDetail>(await api(`/api/orders/${orderId}/refund`, { cookie: seller.cookie, body: {} }), 200);
    await expectError(await api(link.url, { cookie: buyer.cookie }), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    await expectError(await linkFor(orderId, buyer), 403, CHECKOUT_TEXTS.downloadNotAllowed);
  });
});

describe("a service delivery", () => {
  it("sends the seller's files with the delivery; the buyer sees and downloads only delivered ones", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service" });
    const upload = (name: string, bytes: string, who = seller) =>
      api(`/api/orders/${orderId}/files?name=${encodeURIComponent(name)}`, { cookie: who.cookie, raw: new TextEncoder().encode(bytes), headers: { "content-type": "audio/wav" } });
    await expectError(await upload("stems.wav", "x", buyer), 403, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await upload("../etc.wav", "x"), 400);
    const file = await json<OrderFile>(await upload("mix-v1.wav", "RIFFDATA"), 201);
    expect(file).toMatchObject({ name: "mix-v1.wav", size: 8, deliveredAt: null });

    const early = await json<OrderDetail>(await api(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    expect(early.files).toEqual([]);
    await expectError(await linkFor(orderId, buyer, { fileId: file.id }), 403, CHECKOUT_TEXTS.downloadNotAllowed);

    await json<OrderDetail>(await api(`/api/orders/${orderId}/deliver`, { cookie: seller.cookie, body: { note: "Here it is" } }), 200);
    const seen = await json<OrderDetail>(await api(`/api/orders/${orderId}`, { cookie: buyer.cookie }), 200);
    expect(seen.files.map((f) => f.name)).toEqual(["mix-v1.wav"]);
    const link = await json<DownloadLink>(await linkFor(orderId, buyer, { fileId: file.id }), 200);
    const res = await api(link.url, { cookie: buyer.cookie });
    expect(res.headers.get("content-disposition")).toContain('filename="mix-v1.wav"');
    expect(await bodyText(res)).toBe("RIFFDATA");
    // Once delivered, no more files until a revision is asked for.
    await expectError(await upload("late.wav", "x"), 409, CHECKOUT_TEXTS.stepNotAllowed);
  });

  it("keeps a session that signs in again able to download (the link is bound to the user, not the session)", async () => {
    const { buyer, orderId } = await digitalOrder();
    const link = await json<DownloadLink>(await linkFor(orderId, buyer), 200);
    const again = await signIn(buyer.email, buyer.password);
    expect((await api(link.url, { cookie: again.cookie })).status).toBe(200);
  });
});

describe("a download as people expect it (issue #26 item 7)", () => {
  it("arrives under the product file's original name, typed by its bytes, sandboxed: a page uploaded as audio is octet-stream", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const productId = await insertProduct(seller.id, { priceCents: 1_500, file: "<!doctype html><script>alert(1)</script>" });
    const [product] = await db().select().from(products).where(eq(products.id, productId));
    await env.PRIVATE_FILES.put(product!.fileKey!, "<!doctype html><script>alert(1)</script>", { httpMetadata: { contentType: "audio/wav" } });
    await db().update(products).set({ fileName: "Summer Stems ü.wav" }).where(eq(products.id, productId));
    // Bought through the test mode's own path: the order copies the file's name at purchase.
    const started = await json<CreatePaymentResponse>(await api("/api/checkout/create-payment", { cookie: buyer.cookie, body: { itemType: "product", itemId: productId } }), 201);
    await json<OrderDetail>(await api(`/api/checkout/test/${started.orderId}/confirm`, { cookie: buyer.cookie, body: { outcome: "success" } }), 200);
    // A later rename of the product does not change what the buyer bought.
    await db().update(products).set({ fileName: "renamed.wav" }).where(eq(products.id, productId));
    const link = await json<DownloadLink>(await linkFor(started.orderId, buyer), 200);
    const file = await api(link.url, { cookie: buyer.cookie });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="Summer Stems _.wav"; filename*=UTF-8''Summer%20Stems%20%C3%BC.wav`);
    expect(file.headers.get("content-type")).toBe("application/octet-stream");
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toBe(SANDBOX_CSP);
    expect(await bodyText(file)).toContain("<script>");
  });

  it("types real audio by its first bytes, also for a service's delivery file claimed as something else", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service" });
    const flac = new Uint8Array([0x66, 0x4c, 0x61, 0x43, 0, 0, 0, 0x22, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const uploaded = await json<OrderFile>(
      await api(`/api/orders/${orderId}/files?name=take-1.flac`, { cookie: seller.cookie, raw: flac, headers: { "content-type": "text/html" } }),
      201,
    );
    // A file shorter than the bytes the sniffer reads, in the same delivery.
    const tiny = await json<OrderFile>(await api(`/api/orders/${orderId}/files?name=a.txt`, { cookie: seller.cookie, raw: new TextEncoder().encode("hi"), headers: { "content-type": "audio/wav" } }), 201);
    await json<OrderDetail>(await api(`/api/orders/${orderId}/deliver`, { cookie: seller.cookie, body: {} }), 200);
    const link = await json<DownloadLink>(await linkFor(orderId, buyer, { fileId: uploaded.id }), 200);
    const file = await api(link.url, { cookie: buyer.cookie });
    expect(file.headers.get("content-type")).toBe("audio/flac");
    expect(file.headers.get("content-disposition")).toContain(`filename="take-1.flac"`);
    expect(file.headers.get("content-security-policy")).toBe(SANDBOX_CSP);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(flac);
    const small = await api((await json<DownloadLink>(await linkFor(orderId, buyer, { fileId: tiny.id }), 200)).url, { cookie: buyer.cookie });
    expect(small.status).toBe(200);
    expect(small.headers.get("content-type")).toBe("application/octet-stream");
    expect(await bodyText(small)).toBe("hi");
  });
});
