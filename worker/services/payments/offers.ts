// Custom offers (Create Invoice; DESIGN.md "Create Invoice, Request Review"; decision record 0050).
// A seller names a buyer and a price; the buyer gets an "offer" message and pays through the
// ordinary checkout, which reads the offer here: only its named buyer, only while it is open and
// unexpired, and always at the offer row's own price.
import { OFFER_TTL_MS, type CreateOfferInput, type Offer, type OfferState } from "@shared/payments-api";
import { PAYMENTS_TEXTS } from "@shared/messages";
import { screenContent } from "@shared/rules/content-screen";
import { formatCents, platformFeeCents } from "@shared/rules/price";
import { OK } from "@shared/rules/result";
import type { Db } from "../../db/client";
import { newId } from "../../db/ids";
import { findConversationByPair } from "../../db/queries/conversations";
import { cannotReach } from "../../db/queries/audience";
import { counterpartOf } from "../../db/queries/orders";
import { type PersonProfile, toPartyRef } from "../../db/queries/people";
import { findUserByUsername, getOffer, insertOffer, type OfferRow } from "../../db/queries/payments";
import type { Ctx } from "../../env";
import { ApiError } from "../../lib/errors";
import { sendAppMessage } from "../app-messages";
import { notificationPaths } from "../notifications/events";
import { screenOrRefuse } from "../content-screen";
import { limitUser } from "../rate-limit";
import type { PurchasableItem } from "../../db/queries/orders";

function offerState(offer: Pick<OfferRow, "status" | "expiresAt">, now: number): OfferState {
  if (offer.status === "open" && offer.expiresAt <= now) return "expired";
  return offer.status;
}

function offerPath(offerId: string): string {
  return `/offers/${offerId}`;
}


export function toOffer(offer: OfferRow, role: "seller" | "buyer", counterpart: PersonProfile | null, now: number): Offer {
  const feeCents = platformFeeCents(offer.priceCents);
  return {
    id: offer.id,
    title: offer.title,
    description: offer.description,
    priceCents: offer.priceCents,
    feeCents,
    totalCents: offer.priceCents + feeCents,
    deliveryDays: offer.deliveryDays,
    state: offerState(offer, now),
    expiresAt: offer.expiresAt,
    createdAt: offer.createdAt,
    orderId: offer.orderId,
    role,
    counterpart: toPartyRef(role === "seller" ? offer.buyerId : offer.sellerId, counterpart),
  };
}

const offerNotFound = () => new ApiError("not_found", PAYMENTS_TEXTS.offerNotFound);

/** The offer if the caller sent or received it, with their side; 404 for anyone else, like a missing offer. */
export async function requireOfferParty(ctx: Pick<Ctx, "db">, input: { offerId: string; userId: string }): Promise<{ offer: OfferRow; role: "seller" | "buyer" }> {
  const { userId } = input;
  const offer = await getOffer(ctx.db, input.offerId);
  if (offer?.sellerId === userId) return { offer, role: "seller" };
  if (offer?.buyerId === userId) return { offer, role: "buyer" };
  throw offerNotFound();
}

export async function offerView(ctx: Pick<Ctx, "db" | "now">, input: { offer: OfferRow; role: "seller" | "buyer" }): Promise<Offer> {
  const { offer, role } = input;
  return toOffer(offer, role, await counterpartOf(ctx.db, role === "seller" ? offer.buyerId : offer.sellerId), ctx.now);
}

/**
 * Writes the offer and puts it in the buyer's messages (once, even if the message is retried).
 * An offer is a message with a Pay button in someone's inbox, so it passes what a message passes
 * (issue #27 item 8; decision record 0085): the seller's offer budget and the content screen on
 * its title and description (refusals logged as content_violation), and, when it opens a new
 * conversation, the new-conversation budget too.
 */
export async function createOffer(ctx: Ctx, input: CreateOfferInput & { sellerId: string }): Promise<Offer> {
  const { sellerId } = input;
  const screened = [input.title, input.description ?? ""].map((text) => screenContent(text)).find((verdict) => !verdict.ok) ?? OK;
  await screenOrRefuse(ctx, { userId: sellerId, rule: "offer", verdict: screened, source: "offer" });
  const buyer = await findUserByUsername(ctx.db, input.username);
  // Across a block, or once deleted, the buyer answers as unknown (decision records 0082, 0084).
  if (!buyer || (await cannotReach(ctx.db, sellerId, buyer.userId))) throw new ApiError("not_found", PAYMENTS_TEXTS.userNotFound);
  if (buyer.userId === sellerId) throw new ApiError("bad_request", PAYMENTS_TEXTS.ownOffer);
  if (!(await findConversationByPair(ctx.db, sellerId, buyer.userId))) await limitUser(ctx, "conversation_start", sellerId);
  const offer = await insertOffer(ctx.db, {
    id: newId(),
    sellerId,
    buyerId: buyer.userId,
    title: input.title,
    description: input.description,
    priceCents: input.priceCents,
    deliveryDays: input.deliveryDays,
    status: "open",
    expiresAt: ctx.now + OFFER_TTL_MS,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  await sendAppMessage(ctx, {
    senderId: sellerId,
    receiverId: buyer.userId,
    kind: "offer",
    content: PAYMENTS_TEXTS.offerMessage(offer.title, formatCents(offer.priceCents)),
    linkPath: offerPath(offer.id),
    dedupeKey: `offer:${offer.id}`,
    notice: { type: "offer.received", path: notificationPaths.offer(offer.id), params: { offerId: offer.id, item: offer.title } },
  });
  return toOffer(offer, "seller", { username: buyer.username, displayName: buyer.displayName, avatarUrl: buyer.avatarUrl }, ctx.now);
}

/**
 * What checkout charges for an offer, for its named buyer only: anyone else is told it does not
 * exist; a withdrawn, paid or expired offer is refused with its state. The name and price are the
 * row's; the order becomes a service order carrying the offer's id.
 */
export async function findPayableOffer(db: Db, offerId: string, buyerId: string, now: number): Promise<PurchasableItem & { offerId: string }> {
  const offer = await getOffer(db, offerId);
  if (!offer || offer.buyerId !== buyerId) throw offerNotFound();
  const state = offerState(offer, now);
  if (state === "withdrawn") throw new ApiError("conflict", PAYMENTS_TEXTS.offerWithdrawn);
  if (state === "paid") throw new ApiError("conflict", PAYMENTS_TEXTS.offerPaid);
  if (state === "expired") throw new ApiError("conflict", PAYMENTS_TEXTS.offerExpired);
  return { sellerId: offer.sellerId, name: offer.title, priceCents: offer.priceCents, productType: null, fileKey: null, offerId: offer.id };
}
