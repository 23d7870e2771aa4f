// Push devices and notification rows for the notification routes' tests (issue #30): a browser's real
// subscription keys (a P-256 point and a 16-byte secret, as a browser makes them), device
// registrations through the API, and the rows they leave.
import { asc, eq } from "drizzle-orm";
import { notificationPreferences, notifications, pushSubscriptions } from "../../../worker/db/schema";
import { db, unique } from "./db";
import { api } from "./request";

export function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A browser's subscription keys: its ECDH P-256 public point (65 bytes, 0x04 first) and auth secret. */
export async function browserPushKeys(): Promise<{ p256dh: string; auth: string }> {
  const pair = (await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"])) as CryptoKeyPair;
  const point = new Uint8Array((await crypto.subtle.exportKey("raw", pair.publicKey)) as ArrayBuffer);
  return { p256dh: base64url(point), auth: base64url(crypto.getRandomValues(new Uint8Array(16))) };
}

/** A push service endpoint nobody else has, on a public https host as browsers' push services are. */
export function pushEndpoint(host = "fcm.googleapis.com"): string {
  return `https://${host}/fcm/send/${unique("ep")}`;
}

/** A web push registration body (PushSubscription.toJSON() with our kind). */
export async function webPushBody(endpoint = pushEndpoint()) {
  return { kind: "web" as const, endpoint, keys: await browserPushKeys() };
}

/** A native token of the shape FCM issues. */
export function fcmToken(): string {
  return `${unique("fcm")}:APA91b${"x".repeat(40)}`;
}

/** Registers a device through the API as `who`; answers the response. */
export function registerPush(who: { cookie: string }, body: unknown): Promise<Response> {
  return api("/api/push/subscriptions", { cookie: who.cookie, body });
}

/** Removes a device through the API as `who`. */
export function unregisterPush(who: { cookie: string }, body: unknown): Promise<Response> {
  return api("/api/push/subscriptions", { method: "DELETE", cookie: who.cookie, body });
}

/** The user's push_subscriptions rows, oldest first. */
export function pushRowsOf(userId: string) {
  return db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(asc(pushSubscriptions.createdAt));
}

export async function pushRowByEndpoint(endpoint: string) {
  const [row] = await db().select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
  return row ?? null;
}

export async function preferenceRowOf(userId: string) {
  const [row] = await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  return row ?? null;
}

/** A notification recorded for `userId`, as the queue consumer records one. */
export async function insertNotification(userId: string, overrides: Partial<typeof notifications.$inferInsert> = {}) {
  const [row] = await db()
    .insert(notifications)
    .values({
      userId,
      eventKey: unique("event"),
      type: "like.created",
      category: "likes",
      path: "/post/00000000-0000-4000-8000-000000000000",
      collapseKey: "likes",
      status: "sent",
      ...overrides,
    })
    .returning();
  return row!;
}

export function notificationsOf(userId: string) {
  return db().select().from(notifications).where(eq(notifications.userId, userId));
}
