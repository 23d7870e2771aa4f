// Audio versions on a service delivery (issue #31 item 2, decision record 0091): the seller turns
// an attached, undelivered audio file into v1, v2, …; the delivery that sends the file stamps the
// version and its history entry lists it; the buyer sees, plays and downloads delivered versions
// only, while downloads are allowed; nobody else learns the order exists.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DownloadLink, OrderDetail } from "@shared/checkout-api";
import { CHECKOUT_TEXTS, REVISION_TEXTS } from "@shared/messages";
import { RULES } from "@shared/rate-limit-rules";
import { VERSION_NOTE_MAX, VERSIONS_MAX, type OrderVersion } from "@shared/revisions-api";
import { decodeWaveform } from "@shared/waveform";
import { newId } from "../../../worker/db/ids";
import { orderFiles, orders, orderVersions } from "../../../worker/db/schema";
import { SANDBOX_CSP } from "../../../worker/lib/file-headers";
import { consume, rateSubject } from "../../../worker/services/rate-limit";
import {
  addVersionThroughApi,
  api,
  attachFile,
  AUTH_REQUIRED,
  db,
  deliverAs,
  expectError,
  htmlBytes,
  insertOrder,
  jpegBytes,
  json,
  orderAs,
  orderAwaitingReview,
  postVersion,
  requestRevisionAs,
  signedInUser,
  TRACK_MS,
  wavBytes,
} from "../helpers";

async function versionRows(orderId: string) {
  return db().select().from(orderVersions).where(eq(orderVersions.orderId, orderId)).orderBy(orderVersions.number);
}

async function paidServiceOrder() {
  const [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
  const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service" });
  return { seller, buyer, stranger, orderId };
}

/** A file's bytes, whatever its type. */
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe("POST /api/orders/:orderId/versions", () => {
  it("numbers the seller's versions per order and answers each with what the player needs", async () => {
    const { seller, orderId } = await paidServiceOrder();
    const file = await attachFile(orderId, seller, { name: "Mix ü v1.wav" });
    const waveform = Array.from({ length: 512 }, (_, i) => (i % 10) / 10);
    const v1 = await json<OrderVersion>(
      await postVersion(orderId, seller, { fileId: file.id, durationMs: TRACK_MS, note: "  First pass  ", waveform, loudness: { integratedLufs: -9.04, truePeakDbtp: -0.31 } }),
      201,
    );
    expect(v1).toMatchObject({
      number: 1,
      fileId: file.id,
      fileName: "Mix ü v1.wav",
      size: 2048,
      contentType: "audio/wav",
      note: "First pass",
      durationMs: TRACK_MS,
      loudness: { integratedLufs: -9, truePeakDbtp: -0.3 },
      audioUrl: `/api/orders/${orderId}/versions/${v1.id}/audio`,
      deliveredAt: null,
    });
    expect(decodeWaveform(v1.waveform!)).toHaveLength(512);
    const v2 = await addVersionThroughApi(orderId, seller);
    expect(v2).toMatchObject({ number: 2, note: null, loudness: null, waveform: null });
    const rows = await versionRows(orderId);
    expect(rows.map((r) => [r.number, r.fileId, r.integratedLufsX10, r.truePeakDbtpX10, r.deliveredAt])).toEqual([
      [1, file.id, -90, -3, null],
      [2, v2.fileId, null, null, null],
    ]);
    // Another order starts at v1 again.
    const other = await paidServiceOrder();
    expect((await addVersionThroughApi(other.orderId, other.seller)).number).toBe(1);
  });

  it("shows undelivered versions to the seller only, with the add-version step", async () => {
    const { seller, buyer, orderId } = await paidServiceOrder();
    const v1 = await addVersionThroughApi(orderId, seller);
    const mine = await orderAs(orderId, seller);
    expect(mine.versions.map((v) => v.id)).toEqual([v1.id]);
    expect(mine.actions).toContain("add-version");
    const theirs = await orderAs(orderId, buyer);
    expect(theirs.versions).toEqual([]);
    expect(theirs.actions).not.toContain("add-version");
    expect(theirs.actions).not.toContain("write-notes");
  });

  it("refuses the buyer, a stranger and a visitor, and stores nothing", async () => {
    const { seller, buyer, stranger, orderId } = await paidServiceOrder();
    const file = await attachFile(orderId, seller);
    const body = { fileId: file.id, durationMs: TRACK_MS };
    await expectError(await postVersion(orderId, buyer, body), 403, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await postVersion(orderId, stranger, body), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await postVersion(orderId, null, body), AUTH_REQUIRED.status, AUTH_REQUIRED.message);
    await expectError(await postVersion(crypto.randomUUID(), seller, body), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await postVersion("not an id", seller, body), 404, CHECKOUT_TEXTS.orderNotFound);
    expect(await versionRows(orderId)).toEqual([]);
  });

  it("is for service orders that are paid or in progress", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const product = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "product", productType: "digital" });
    await expectError(await postVersion(product, seller, { fileId: newId(), durationMs: TRACK_MS }), 409, CHECKOUT_TEXTS.stepNotAllowed);
    // Delivered: the seller waits for the buyer's answer; completed and refunded are over.
    for (const status of ["delivered", "completed", "refunded", "pending"] as const) {
      const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service", status });
      await expectError(await postVersion(orderId, seller, { fileId: newId(), durationMs: TRACK_MS }), 409, CHECKOUT_TEXTS.stepNotAllowed);
      expect(await versionRows(orderId)).toEqual([]);
    }
    // In revision, the next version is added like the first.
    const revising = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service", status: "in_progress" });
    expect((await addVersionThroughApi(revising, seller)).number).toBe(1);
  });

  it("takes only an audio file of this order that is not delivered and not a version yet", async () => {
    const { seller, orderId } = await paidServiceOrder();
    const other = await paidServiceOrder();
    const foreign = await attachFile(other.orderId, other.seller);
    const invalid = REVISION_TEXTS.versionFileInvalid;
    const post = (fileId: string) => postVersion(orderId, seller, { fileId, durationMs: TRACK_MS });
    await expectError(await post(foreign.id), 400, invalid);
    await expectError(await post(newId()), 400, invalid);
    const image = await attachFile(orderId, seller, { name: "cover.jpg", bytes: jpegBytes(800), contentType: "image/jpeg" });
    await expectError(await post(image.id), 400, invalid);
    // A page uploaded as audio is not audio: the bytes decide, not the claim.
    const page = await attachFile(orderId, seller, { name: "mix.wav", bytes: htmlBytes(800), contentType: "audio/wav" });
    await expectError(await post(page.id), 400, invalid);
    // Real audio claimed as something else is audio, typed by its bytes.
    const flac = new Uint8Array(64);
    flac.set(new TextEncoder().encode("fLaC"));
    const claimed = await attachFile(orderId, seller, { name: "take.flac", bytes: flac, contentType: "text/html" });
    expect((await json<OrderVersion>(await post(claimed.id), 201)).contentType).toBe("audio/flac");
    await expectError(await post(claimed.id), 409, REVISION_TEXTS.versionFileUsed);
    // A file that went out with a delivery belongs to it.
    const late = await attachFile(orderId, seller);
    await db().update(orderFiles).set({ deliveredAt: Date.now() }).where(eq(orderFiles.id, late.id));
    await expectError(await post(late.id), 400, invalid);
    expect((await versionRows(orderId)).map((r) => r.fileId)).toEqual([claimed.id]);
    expect(await versionRows(other.orderId)).toEqual([]);
  });

  it("refuses a bad body in our words", async () => {
    const { seller, orderId } = await paidServiceOrder();
    const file = await attachFile(orderId, seller);
    const cases: [Record<string, unknown>, string | undefined][] = [
      [{ durationMs: 0 }, undefined],
      [{ durationMs: 1.5 }, undefined],
      [{ durationMs: 5 * 60 * 60 * 1000 }, undefined],
      [{ durationMs: "200000" }, undefined],
      [{ durationMs: TRACK_MS, note: "n".repeat(VERSION_NOTE_MAX + 1) }, REVISION_TEXTS.versionNoteTooLong],
      [{ durationMs: TRACK_MS, waveform: Array(513).fill(0.5) }, undefined],
      [{ durationMs: TRACK_MS, loudness: { integratedLufs: 9, truePeakDbtp: 0 } }, undefined],
      [{ durationMs: TRACK_MS, fileId: "" }, undefined],
    ];
    for (const [body, message] of cases) await expectError(await postVersion(orderId, seller, { fileId: file.id, ...body }), 400, message);
    expect(await versionRows(orderId)).toEqual([]);
  });

  it("holds at most VERSIONS_MAX versions", async () => {
    const { seller, orderId } = await paidServiceOrder();
    // Written straight to the tables: as many uploads through the API would meet the upload budget.
    for (let number = 1; number <= VERSIONS_MAX; number += 1) {
      const fileId = newId();
      await db().insert(orderFiles).values({ id: fileId, orderId, key: `order-files/${orderId}/${fileId}`, name: "mix.wav", contentType: "audio/wav", size: 10 });
      await db().insert(orderVersions).values({ orderId, fileId, number, durationMs: TRACK_MS, contentType: "audio/wav" });
    }
    expect((await orderAs(orderId, seller)).actions).not.toContain("add-version");
    const file = await attachFile(orderId, seller);
    await expectError(await postVersion(orderId, seller, { fileId: file.id, durationMs: TRACK_MS }), 409, REVISION_TEXTS.tooManyVersions);
    expect(await versionRows(orderId)).toHaveLength(VERSIONS_MAX);
  });

  it("gives two versions added at once two numbers", async () => {
    const { seller, orderId } = await paidServiceOrder();
    const [a, b] = await Promise.all([attachFile(orderId, seller), attachFile(orderId, seller)]);
    const added = await Promise.all([a, b].map(async (file) => json<OrderVersion>(await postVersion(orderId, seller, { fileId: file.id, durationMs: TRACK_MS }), 201)));
    expect(added.map((v) => v.number).sort()).toEqual([1, 2]);
    // The same file twice at once: one version.
    const c = await attachFile(orderId, seller);
    const twice = await Promise.all([1, 2].map(() => postVersion(orderId, seller, { fileId: c.id, durationMs: TRACK_MS })));
    expect(twice.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await versionRows(orderId)).map((r) => r.number)).toEqual([1, 2, 3]);
  });

  it("counts against the writer's revision budget, after the checks", async () => {
    const { seller, orderId } = await paidServiceOrder();
    const file = await attachFile(orderId, seller);
    const subject = rateSubject("user", seller.id);
    for (let i = 0; i < RULES.revision_write.limit; i += 1) await consume(env, "revision_write", subject);
    await expectError(await postVersion(orderId, seller, { fileId: file.id, durationMs: TRACK_MS }), 429);
    expect(await versionRows(orderId)).toEqual([]);
  });
});

describe("a delivery sends the versions", () => {
  it("stamps the versions it delivers, lists them in its history entry, and shows them to the buyer", async () => {
    const { seller, buyer, orderId } = await paidServiceOrder();
    const v1 = await addVersionThroughApi(orderId, seller);
    const before = Date.now();
    const delivered = await deliverAs(orderId, seller, "First mix");
    const rows = await versionRows(orderId);
    expect(rows[0]!.deliveredAt).toBeGreaterThanOrEqual(before);
    const [file] = await db().select().from(orderFiles).where(eq(orderFiles.id, v1.fileId));
    expect(file!.deliveredAt).toBe(rows[0]!.deliveredAt);
    const entry = delivered.history.find((h) => h.status === "delivered");
    expect(entry).toMatchObject({ note: "First mix", versionNumbers: [1] });
    const seen = await orderAs(orderId, buyer);
    expect(seen.versions).toEqual([{ ...v1, deliveredAt: rows[0]!.deliveredAt }]);
    expect(seen.history.find((h) => h.status === "delivered")?.versionNumbers).toEqual([1]);
    expect(seen.actions).toContain("write-notes");

    // A revision round: v2 goes out with the second delivery, whose entry lists it alone.
    await requestRevisionAs(orderId, buyer, "Less reverb");
    const v2 = await addVersionThroughApi(orderId, seller);
    expect((await orderAs(orderId, buyer)).versions.map((v) => v.number)).toEqual([1]);
    await deliverAs(orderId, seller, "Second mix");
    const after = await orderAs(orderId, buyer);
    expect(after.versions.map((v) => v.id)).toEqual([v1.id, v2.id]);
    expect(after.history.filter((h) => h.status === "delivered").map((h) => h.versionNumbers)).toEqual([[1], [2]]);
    // Entries that delivered no version carry no list.
    expect(after.history.filter((h) => h.status !== "delivered").every((h) => h.versionNumbers === undefined)).toBe(true);
  });

  it("lets the buyer download a delivered version as any delivered file, and not before", async () => {
    const { seller, buyer, orderId } = await paidServiceOrder();
    const v1 = await addVersionThroughApi(orderId, seller);
    await expectError(await api(`/api/orders/${orderId}/download-link`, { cookie: buyer.cookie, body: { fileId: v1.fileId } }), 403, CHECKOUT_TEXTS.downloadNotAllowed);
    await deliverAs(orderId, seller);
    const link = await json<DownloadLink>(await api(`/api/orders/${orderId}/download-link`, { cookie: buyer.cookie, body: { fileId: v1.fileId } }), 200);
    const file = await api(link.url, { cookie: buyer.cookie });
    expect(file.headers.get("content-disposition")).toContain("attachment;");
    expect(file.headers.get("content-type")).toBe("audio/wav");
    expect((await bytesOf(file)).length).toBe(2048);
  });
});

describe("GET /api/orders/:orderId/versions/:versionId/audio", () => {
  async function stored(versionId: string) {
    const [row] = await db().select({ key: orderFiles.key }).from(orderFiles).innerJoin(orderVersions, eq(orderVersions.fileId, orderFiles.id)).where(eq(orderVersions.id, versionId));
    const object = await env.PRIVATE_FILES.get(row!.key);
    return new Uint8Array(await object!.arrayBuffer());
  }
  const audio = (orderId: string, versionId: string, cookie: string | null, headers: Record<string, string> = {}) =>
    api(`/api/orders/${orderId}/versions/${versionId}/audio`, { cookie, headers });

  it("streams the whole file inline, privately, to the seller before delivery and the buyer after", async () => {
    const { seller, buyer, orderId } = await paidServiceOrder();
    const v1 = await addVersionThroughApi(orderId, seller);
    const bytes = await stored(v1.id);
    const res = await audio(orderId, v1.id, seller.cookie);
    expect(res.status).toBe(200);
    expect(Object.fromEntries(["content-type", "content-length", "cache-control", "accept-ranges", "x-content-type-options", "content-security-policy"].map((h) => [h, res.headers.get(h)]))).toEqual({
      "content-type": "audio/wav",
      "content-length": "2048",
      "cache-control": "private, no-store",
      "accept-ranges": "bytes",
      "x-content-type-options": "nosniff",
      "content-security-policy": SANDBOX_CSP,
    });
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="mix-.{4}\.wav"/);
    expect(await bytesOf(res)).toEqual(bytes);
    // The buyer hears nothing the seller has not delivered: it does not exist for them yet.
    await expectError(await audio(orderId, v1.id, buyer.cookie), 404, REVISION_TEXTS.versionNotFound);
    await deliverAs(orderId, seller);
    const theirs = await audio(orderId, v1.id, buyer.cookie);
    expect(theirs.status).toBe(200);
    expect(await bytesOf(theirs)).toEqual(bytes);
  });

  it("answers single byte ranges for seeking, and 416 past the end", async () => {
    const { seller, orderId } = await paidServiceOrder();
    const v1 = await addVersionThroughApi(orderId, seller);
    const bytes = await stored(v1.id);
    const first = await audio(orderId, v1.id, seller.cookie, { range: "bytes=0-99" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe("bytes 0-99/2048");
    expect(first.headers.get("content-length")).toBe("100");
    expect(await bytesOf(first)).toEqual(bytes.slice(0, 100));
    const middle = await audio(orderId, v1.id, seller.cookie, { range: "bytes=1000-" });
    expect(middle.headers.get("content-range")).toBe("bytes 1000-2047/2048");
    expect(await bytesOf(middle)).toEqual(bytes.slice(1000));
    const tail = await audio(orderId, v1.id, seller.cookie, { range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(tail.headers.get("content-range")).toBe("bytes 2038-2047/2048");
    expect(await bytesOf(tail)).toEqual(bytes.slice(2038));
    const beyond = await audio(orderId, v1.id, seller.cookie, { range: "bytes=5000-" });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("content-range")).toBe("bytes */2048");
    await beyond.arrayBuffer();
    // A range we do not serve (several at once) gets the whole file.
    const several = await audio(orderId, v1.id, seller.cookie, { range: "bytes=0-1,5-6" });
    expect(several.status).toBe(200);
    expect((await bytesOf(several)).length).toBe(2048);
  });

  it("is nobody else's, and ends for the buyer with a refund or an open dispute", async () => {
    const { seller, buyer, stranger, orderId, v1 } = await orderAwaitingReview();
    await expectError(await audio(orderId, v1.id, stranger.cookie), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await audio(orderId, v1.id, null), AUTH_REQUIRED.status, AUTH_REQUIRED.message);
    // A version of another order is not this order's, even for its own seller.
    const other = await orderAwaitingReview();
    await expectError(await audio(orderId, other.v1.id, seller.cookie), 404, REVISION_TEXTS.versionNotFound);
    await expectError(await audio(orderId, "not an id", seller.cookie), 404, REVISION_TEXTS.versionNotFound);
    await db().update(orders).set({ disputeStatus: "open" }).where(eq(orders.id, orderId));
    await expectError(await audio(orderId, v1.id, buyer.cookie), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    await db().update(orders).set({ disputeStatus: null }).where(eq(orders.id, orderId));
    expect((await audio(orderId, v1.id, buyer.cookie)).status).toBe(200);
    await json<OrderDetail>(await api(`/api/orders/${orderId}/refund`, { cookie: seller.cookie, body: {} }), 200);
    await expectError(await audio(orderId, v1.id, buyer.cookie), 404, CHECKOUT_TEXTS.downloadNotAllowed);
    // The seller keeps their own work.
    const own = await audio(orderId, v1.id, seller.cookie);
    expect(own.status).toBe(200);
    await own.arrayBuffer();
  });
});

describe("wavBytes", () => {
  it("sniffs as WAV (the fixture the tests rely on)", async () => {
    const { seller, orderId } = await paidServiceOrder();
    const file = await attachFile(orderId, seller, { bytes: wavBytes(16), contentType: "application/octet-stream" });
    expect((await json<OrderVersion>(await postVersion(orderId, seller, { fileId: file.id, durationMs: TRACK_MS }), 201)).contentType).toBe("audio/wav");
  });
});
