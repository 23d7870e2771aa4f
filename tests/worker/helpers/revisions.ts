// Audio versions and revision notes (decision record 0091): the steps as the order page takes them
// through the API, and for the security table a set of rows straight in D1 (an order awaiting
// review with a delivered v1 and a draft, one in revision with a marked note in an undelivered v2).
import { env } from "cloudflare:test";
import type { OrderDetail, OrderFile } from "@shared/checkout-api";
import type { OrderVersion, RevisionNote } from "@shared/revisions-api";
import { newId } from "../../../worker/db/ids";
import { orderFiles, orderVersions, revisionNotes } from "../../../worker/db/schema";
import { insertOrder } from "./checkout";
import { db } from "./db";
import { wavBytes } from "./media";
import { api, json } from "./request";
import { signedInUser, type SignedInUser } from "./users";

/** Every test track is 3:20 long. */
export const TRACK_MS = 200_000;

/** A delivery file through POST /api/orders/:orderId/files (a WAV mix unless told otherwise). */
export async function attachFile(orderId: string, seller: SignedInUser, opts: { name?: string; bytes?: Uint8Array; contentType?: string } = {}): Promise<OrderFile> {
  const res = await api(`/api/orders/${orderId}/files?name=${encodeURIComponent(opts.name ?? "mix.wav")}`, {
    cookie: seller.cookie,
    raw: opts.bytes ?? wavBytes(2048),
    headers: { "content-type": opts.contentType ?? "audio/wav" },
  });
  return json<OrderFile>(res, 201);
}

export function postVersion(orderId: string, who: SignedInUser | null, body: Record<string, unknown>): Promise<Response> {
  return api(`/api/orders/${orderId}/versions`, { cookie: who?.cookie ?? null, body });
}

/** Attaches a mix and makes it the next version. */
export async function addVersionThroughApi(orderId: string, seller: SignedInUser, extra: Record<string, unknown> = {}): Promise<OrderVersion> {
  const file = await attachFile(orderId, seller, { name: `mix-${newId().slice(0, 4)}.wav` });
  return json<OrderVersion>(await postVersion(orderId, seller, { fileId: file.id, durationMs: TRACK_MS, ...extra }), 201);
}

export async function orderAs(orderId: string, who: SignedInUser): Promise<OrderDetail> {
  return json<OrderDetail>(await api(`/api/orders/${orderId}`, { cookie: who.cookie }), 200);
}

export async function deliverAs(orderId: string, seller: SignedInUser, note = "Here it is"): Promise<OrderDetail> {
  return json<OrderDetail>(await api(`/api/orders/${orderId}/deliver`, { cookie: seller.cookie, body: { note } }), 200);
}

export async function requestRevisionAs(orderId: string, buyer: SignedInUser, note?: string): Promise<OrderDetail> {
  return json<OrderDetail>(await api(`/api/orders/${orderId}/request-revision`, { cookie: buyer.cookie, body: note === undefined ? {} : { note } }), 200);
}

export function postNote(orderId: string, versionId: string, who: SignedInUser | null, body: Record<string, unknown>): Promise<Response> {
  return api(`/api/orders/${orderId}/versions/${versionId}/notes`, { cookie: who?.cookie ?? null, body });
}

export async function writeNoteAs(orderId: string, versionId: string, buyer: SignedInUser, body: Record<string, unknown>): Promise<RevisionNote> {
  return json<RevisionNote>(await postNote(orderId, versionId, buyer, body), 201);
}

export function resolveAs(orderId: string, noteId: string, who: SignedInUser | null, versionId: string): Promise<Response> {
  return api(`/api/orders/${orderId}/notes/${noteId}/resolution`, { cookie: who?.cookie ?? null, body: { versionId } });
}

/** A paid service order whose seller delivered v1: it awaits the buyer's review. */
export async function orderAwaitingReview() {
  const [seller, buyer, stranger] = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
  const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service" });
  const v1 = await addVersionThroughApi(orderId, seller, { note: "First pass" });
  await deliverAs(orderId, seller);
  return { seller, buyer, stranger, orderId, v1 };
}

/** The security table's revision rows (RouteFixture.revisions). */
export interface RevisionFixture {
  /** An undelivered WAV the seller attached to the fixture's paid order: the next version's file. */
  audioFileId: string;
  /** A delivered order awaiting review: v1 delivered, one draft of the buyer's on it. */
  reviewOrderId: string;
  reviewVersionId: string;
  draftNoteId: string;
  /** An order in revision: v1 delivered, an open note on it, another marked in the undelivered v2. */
  revisionOrderId: string;
  openNoteId: string;
  markedNoteId: string;
  nextVersionId: string;
}

/** Straight into D1 and PRIVATE_FILES, as the API would have left them. */
export async function insertRevisionFixture(input: { sellerId: string; buyerId: string; paidOrderId: string }): Promise<RevisionFixture> {
  const { sellerId, buyerId } = input;
  const now = Date.now();
  const [reviewOrderId, revisionOrderId] = await Promise.all([
    insertOrder({ buyerId, sellerId, itemType: "service", status: "delivered" }),
    insertOrder({ buyerId, sellerId, itemType: "service", status: "in_progress" }),
  ]);
  const file = async (orderId: string, delivered: boolean) => {
    const id = newId();
    const key = `order-files/${orderId}/${id}`;
    await env.PRIVATE_FILES.put(key, wavBytes(1024), { httpMetadata: { contentType: "audio/wav" } });
    await db()
      .insert(orderFiles)
      .values({ id, orderId, key, name: "mix.wav", contentType: "audio/wav", size: 1024, createdAt: now, deliveredAt: delivered ? now : null });
    return id;
  };
  const version = async (orderId: string, number: number, delivered: boolean) => {
    const id = newId();
    await db()
      .insert(orderVersions)
      .values({ id, orderId, fileId: await file(orderId, delivered), number, durationMs: TRACK_MS, contentType: "audio/wav", createdAt: now, deliveredAt: delivered ? now : null });
    return id;
  };
  const audioFileId = await file(input.paidOrderId, false);
  const reviewVersionId = await version(reviewOrderId, 1, true);
  const revisionV1 = await version(revisionOrderId, 1, true);
  const nextVersionId = await version(revisionOrderId, 2, false);
  const [draftNoteId, openNoteId, markedNoteId] = [newId(), newId(), newId()];
  const note = { authorId: buyerId, atMs: 1_000, body: "The vocal is too loud here", createdAt: now };
  await db()
    .insert(revisionNotes)
    .values([
      { ...note, id: draftNoteId, orderId: reviewOrderId, versionId: reviewVersionId },
      { ...note, id: openNoteId, orderId: revisionOrderId, versionId: revisionV1, requestedAt: now },
      { ...note, id: markedNoteId, orderId: revisionOrderId, versionId: revisionV1, requestedAt: now, resolvedInVersionId: nextVersionId, resolvedAt: now },
    ]);
  return { audioFileId, reviewOrderId, reviewVersionId, draftNoteId, revisionOrderId, openNoteId, markedNoteId, nextVersionId };
}
