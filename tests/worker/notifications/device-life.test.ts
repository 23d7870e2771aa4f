// The ends of a push device's life (issue #30; DESIGN.md "Sessions and sockets"): a device belongs
// to the session that registered it, so every end of a session removes exactly that session's
// devices (sign-out here, everywhere or on all other devices, a password reset, a reused refresh
// token, a suspension, an account deletion), while the idle timeout leaves them. Deleting the
// account removes its devices, settings and recorded notifications; its data export lists them
// without a device's push address or keys.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DAY_MS } from "@shared/constants";
import { registerDevice } from "../../../worker/db/queries/notification-settings";
import { revokeSessions } from "../../../worker/db/queries/sessions";
import { authSessions, notificationPreferences, pushSubscriptions, users } from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { REFRESH_RACE_GRACE_MS } from "../../../worker/services/auth/sessions";
import { deleteAccountNow, prepareRequestedExports } from "../../../worker/services/leaving";
import {
  api,
  cookieHeader,
  createUser,
  db,
  fcmToken,
  insertNotification,
  json,
  mailedToken,
  notificationsOf,
  preferenceRowOf,
  pushRowsOf,
  registerPush,
  signIn,
  signedInUser,
  webPushBody,
} from "../helpers";

afterEach(() => {
  vi.useRealTimers();
});

/** The session id a signed-in device's access token names (its `sid` claim). */
function sessionIdOf(who: { access: string }): string {
  return (JSON.parse(atob(who.access.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))) as { sid: string }).sid;
}

const signOut = (who: { cookie: string }, scope: "local" | "global" | "others") => api("/api/auth/sign-out", { cookie: who.cookie, body: { scope } });

/** Ana signed in on a phone (a native token) and a laptop (a browser subscription), each registered; Bob with a device of his own. */
async function world() {
  const ana = await createUser();
  const phone = await signIn(ana.email, ana.password);
  const laptop = await signIn(ana.email, ana.password);
  const phoneToken = fcmToken();
  const laptopBody = await webPushBody();
  await json(await registerPush(phone, { kind: "fcm", token: phoneToken }), 201);
  await json(await registerPush(laptop, laptopBody), 201);
  const bob = await signedInUser();
  await json(await registerPush(bob, await webPushBody()), 201);
  expect(await pushRowsOf(ana.id)).toHaveLength(2);
  return { ana, phone, laptop, phoneEndpoint: phoneToken, laptopEndpoint: laptopBody.endpoint, bob };
}

const endpointsOf = async (userId: string) => (await pushRowsOf(userId)).map((row) => row.endpoint).sort();

describe("a device ends with its session", () => {
  it("sign-out on this device removes this device and keeps the laptop's", async () => {
    const w = await world();
    expect((await signOut(w.phone, "local")).status).toBe(200);
    expect(await endpointsOf(w.ana.id)).toEqual([w.laptopEndpoint]);
    expect(await pushRowsOf(w.bob.id)).toHaveLength(1);
  });

  it("sign out everywhere removes every device of the account, and nobody else's", async () => {
    const w = await world();
    expect((await signOut(w.laptop, "global")).status).toBe(200);
    expect(await pushRowsOf(w.ana.id)).toEqual([]);
    expect(await pushRowsOf(w.bob.id)).toHaveLength(1);
  });

  it("sign out all other devices keeps this one", async () => {
    const w = await world();
    expect((await signOut(w.laptop, "others")).status).toBe(200);
    expect(await endpointsOf(w.ana.id)).toEqual([w.laptopEndpoint]);
    expect((await pushRowsOf(w.ana.id))[0]!.sessionId).toBe(sessionIdOf(w.laptop));
  });

  it("a password reset removes every device of the account", async () => {
    const w = await world();
    await api("/api/auth/password-reset", { body: { email: w.ana.email } });
    const token = await mailedToken(w.ana.email, "reset");
    expect((await api("/api/auth/password-reset/confirm", { body: { token, password: "Brand-New-Pass-5!" } })).status).toBe(200);
    expect(await pushRowsOf(w.ana.id)).toEqual([]);
    expect(await pushRowsOf(w.bob.id)).toHaveLength(1);
  });

  it("a reused refresh token removes its session's device and keeps the other", async () => {
    const w = await world();
    expect((await api("/api/auth/refresh", { method: "POST", cookie: w.phone.cookie })).status).toBe(200);
    // Presented again after the tab-race grace: a copy exists somewhere; the family ends.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + REFRESH_RACE_GRACE_MS + 1000 });
    expect((await api("/api/auth/refresh", { method: "POST", cookie: cookieHeader({ bl_refresh: w.phone.refresh }) })).status).toBe(401);
    vi.useRealTimers();
    expect(await endpointsOf(w.ana.id)).toEqual([w.laptopEndpoint]);
  });

  it("a moderator's suspension removes every device of the account", async () => {
    const w = await world();
    const moderator = await signedInUser();
    await db().update(users).set({ role: "moderator" }).where(eq(users.id, moderator.id));
    const res = await api("/api/moderation/actions", { cookie: moderator.cookie, body: { targetType: "profile", targetId: w.ana.id, action: "suspend" } });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    expect(await pushRowsOf(w.ana.id)).toEqual([]);
    expect(await pushRowsOf(w.bob.id)).toHaveLength(1);
  });

  it("asking to delete the account removes every device at once", async () => {
    const w = await world();
    expect((await api("/api/account/delete", { cookie: w.phone.cookie, body: { password: w.ana.password } })).status).toBe(200);
    expect(await pushRowsOf(w.ana.id)).toEqual([]);
  });

  it("the idle timeout ends the session but keeps its device: pushes still reach a closed app", async () => {
    const w = await world();
    // The phone was last active two hours ago: its next request finds the session idle and ends it.
    await db().update(authSessions).set({ lastActiveAt: Date.now() - 2 * 60 * 60_000 }).where(eq(authSessions.id, sessionIdOf(w.phone)));
    expect((await api("/api/notifications/preferences", { cookie: w.phone.cookie })).status).toBe(401);
    const [session] = await db().select().from(authSessions).where(eq(authSessions.id, sessionIdOf(w.phone)));
    expect(session).toMatchObject({ revokeReason: "inactivity" });
    expect(await endpointsOf(w.ana.id)).toEqual([w.laptopEndpoint, w.phoneEndpoint].sort());
    // Signing in again on the phone takes the same row over with the new session.
    const again = await signIn(w.ana.email, w.ana.password);
    await json(await registerPush(again, { kind: "fcm", token: w.phoneEndpoint }), 201);
    const rows = await pushRowsOf(w.ana.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.endpoint === w.phoneEndpoint)!.sessionId).toBe(sessionIdOf(again));
  });

  it("a session deleted by the daily clean-up takes its devices with it (the foreign key cascades)", async () => {
    const w = await world();
    await db().delete(authSessions).where(eq(authSessions.id, sessionIdOf(w.phone)));
    expect(await endpointsOf(w.ana.id)).toEqual([w.laptopEndpoint]);
  });

  it("a session that ended between its check and the write registers nothing", async () => {
    const ana = await signedInUser();
    const sessionId = sessionIdOf(ana);
    await revokeSessions(db(), { sessionId }, "sign_out");
    const stored = await registerDevice(db(), { userId: ana.id, sessionId, kind: "fcm", endpoint: fcmToken(), p256dh: null, auth: null, now: Date.now(), max: 20 });
    expect(stored).toBeNull();
    // Nor can a session of another account be named.
    const bob = await signedInUser();
    expect(await registerDevice(db(), { userId: ana.id, sessionId: sessionIdOf(bob), kind: "fcm", endpoint: fcmToken(), p256dh: null, auth: null, now: Date.now(), max: 20 })).toBeNull();
    expect(await pushRowsOf(ana.id)).toEqual([]);
    expect(await pushRowsOf(bob.id)).toEqual([]);
  });
});

describe("leaving", () => {
  const cronCtx = (now = Date.now()) => ({ env, db: db(), log: logger, now, origin: "http://localhost" });

  it("the deletion removes the account's devices, settings and notifications, and the ones it caused others", async () => {
    const ana = await signedInUser();
    const bob = await createUser();
    await json(await registerPush(ana, await webPushBody()), 201);
    await json(await api("/api/notifications/preferences", { method: "PUT", cookie: ana.cookie, body: { categories: { orders: { email: false } } } }), 200);
    await insertNotification(ana.id, { actorId: bob.id });
    await insertNotification(ana.id, { type: "order.placed", category: "orders", path: "/orders/1" });
    // Ana liked Bob's post: Bob's notification carries her name.
    await insertNotification(bob.id, { actorId: ana.id });
    // Bob's own, caused by nobody in particular, stays.
    const bobsOwn = await insertNotification(bob.id, { type: "order.refunded", category: "orders" });

    expect((await api("/api/account/delete", { cookie: ana.cookie, body: { password: ana.password } })).status).toBe(200);
    // During the grace period the settings stay (signing in cancels the deletion); the devices went with the sessions.
    expect(await pushRowsOf(ana.id)).toEqual([]);
    expect(await preferenceRowOf(ana.id)).not.toBeNull();
    // A device registered since (the row is written directly: the account's sessions have ended).
    await db().insert(pushSubscriptions).values({ userId: ana.id, sessionId: null, kind: "fcm", endpoint: fcmToken(), lastSeenAt: Date.now() });

    expect(await deleteAccountNow(cronCtx(Date.now() + 31 * DAY_MS), ana.id)).toBe("deleted");
    expect(await pushRowsOf(ana.id)).toEqual([]);
    expect(await preferenceRowOf(ana.id)).toBeNull();
    expect(await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, ana.id))).toEqual([]);
    expect(await notificationsOf(ana.id)).toEqual([]);
    expect((await notificationsOf(bob.id)).map((row) => row.id)).toEqual([bobsOwn.id]);
  });

  it("the data export holds the settings, the devices without address or keys, and the notifications", async () => {
    const ana = await signedInUser();
    const web = await webPushBody();
    const token = fcmToken();
    await json(await registerPush(ana, web), 201);
    await json(await registerPush(ana, { kind: "apns", token }), 201);
    await json(await api("/api/notifications/preferences", { method: "PUT", cookie: ana.cookie, body: { categories: { likes: { push: false } }, quietHours: { startMinute: 1320, endMinute: 420 }, timeZone: "Europe/Lisbon" } }), 200);
    const event = await insertNotification(ana.id, { type: "comment.created", category: "comments", path: "/post/abc" });
    // Someone else's notification is not Ana's data.
    const bob = await createUser();
    await insertNotification(bob.id, { type: "follow.created", category: "follows", path: "/profile/secret-of-bob" });

    const requested = await json<{ id: string }>(await api("/api/account/export", { method: "POST", cookie: ana.cookie }), 202);
    await prepareRequestedExports(cronCtx());
    const res = await api(`/api/account/export/${requested.id}`, { cookie: ana.cookie });
    expect(res.status).toBe(200);
    const text = await res.text();
    const data = JSON.parse(text) as {
      notifications: {
        preferences: { categories: Record<string, { push: boolean; email: boolean }>; quietHours: unknown; timeZone: string };
        devices: Record<string, unknown>[];
        received: Record<string, unknown>[];
      };
    };
    expect(data.notifications.preferences.categories.likes).toEqual({ push: false, email: false });
    expect(data.notifications.preferences.categories.orders).toEqual({ push: true, email: true });
    expect(data.notifications.preferences.quietHours).toEqual({ startMinute: 1320, endMinute: 420 });
    expect(data.notifications.preferences.timeZone).toBe("Europe/Lisbon");
    expect(data.notifications.devices).toHaveLength(2);
    for (const device of data.notifications.devices) {
      expect(Object.keys(device).sort()).toEqual(["createdAt", "kind", "lastSeenAt"]);
    }
    expect(data.notifications.devices.map((d) => d.kind).sort()).toEqual(["apns", "web"]);
    expect(data.notifications.received).toEqual([{ type: "comment.created", createdAt: event.createdAt, path: "/post/abc" }]);
    // The devices' secrets and someone else's notification are nowhere in the file.
    for (const secret of [web.endpoint, web.keys.p256dh, web.keys.auth, token, "secret-of-bob"]) expect(text, secret).not.toContain(secret);
  });
});
