// Raw rows of the analytics sources at chosen times, straight into D1: the roll-up and the live
// counts read them exactly as the routes write them.
import { eq } from "drizzle-orm";
import { newId } from "../../../worker/db/ids";
import { analyticsDaily, analyticsServiceDaily, follows, orders, postViews, userInteractions } from "../../../worker/db/schema";
import { db } from "../helpers";

/** 2026-03-10T12:00:00Z: a fixed "now" in the middle of a UTC day. */
export const NOON = Date.UTC(2026, 2, 10, 12);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function visitProfile(visitorId: string, targetUserId: string, at: number) {
  await db().insert(userInteractions).values({ id: newId(), userId: visitorId, targetUserId, interactionType: "profile_visit", createdAt: at });
}

export async function viewService(viewerId: string, serviceId: string, sellerId: string, at: number) {
  await db().insert(userInteractions).values({ id: newId(), userId: viewerId, targetUserId: sellerId, serviceId, interactionType: "service_view", createdAt: at });
}

export async function viewPost(postId: string, viewerId: string | null, at: number) {
  await db().insert(postViews).values({ id: newId(), postId, userId: viewerId, createdAt: at });
}

export async function follow(followerId: string, followingId: string, at: number) {
  await db().insert(follows).values({ id: newId(), followerId, followingId, createdAt: at });
}

export async function sell(input: { buyerId: string; sellerId: string; serviceId: string; at: number; priceCents?: number; status?: "paid" | "completed" | "refunded" | "pending" }) {
  const id = newId();
  const price = input.priceCents ?? 10_000;
  await db()
    .insert(orders)
    .values({
      id,
      buyerId: input.buyerId,
      sellerId: input.sellerId,
      itemType: "service",
      itemId: input.serviceId,
      itemName: "Mixing session",
      priceCents: price,
      feeCents: 0,
      totalCents: price,
      provider: "test",
      status: input.status ?? "paid",
      createdAt: input.at,
      updatedAt: input.at,
      statusChangedAt: input.at,
      paidAt: input.status === "pending" ? null : input.at,
    });
  return id;
}

export async function dailyRows(userId: string) {
  return db().select().from(analyticsDaily).where(eq(analyticsDaily.userId, userId)).orderBy(analyticsDaily.day);
}

export async function serviceRows(userId: string) {
  return db().select().from(analyticsServiceDaily).where(eq(analyticsServiceDaily.userId, userId)).orderBy(analyticsServiceDaily.day);
}
