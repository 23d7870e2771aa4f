// Notification preferences (issue #30; shared/notifications-api.ts): defaults without a row, a
// partial save merges into the row and answers the new state, refusals say what is wrong and
// write nothing, and the VAPID key is offered only when web push can really be sent.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { EMAIL_ON_BY_DEFAULT, NOTIFICATION_CATEGORIES, type NotificationPreferences } from "@shared/notifications-api";
import { NOTIFICATION_API_TEXTS } from "@shared/messages";
import { RULES } from "@shared/rate-limit-rules";
import { consume, rateSubject } from "../../../worker/services/rate-limit";
import { api, apiInEnvironment, AUTH_REQUIRED, expectError, json, preferenceRowOf, registerPush, signedInUser, webPushBody, type SignedInUser } from "../helpers";

const T = NOTIFICATION_API_TEXTS;

const getPreferences = (who: SignedInUser) => api("/api/notifications/preferences", { cookie: who.cookie });
const putPreferences = (who: SignedInUser, body: unknown) => api("/api/notifications/preferences", { method: "PUT", cookie: who.cookie, body });

/** What the test bindings offer: the key only when both halves are configured. */
const configuredKey = env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PUBLIC_KEY : null;

describe("GET /api/notifications/preferences", () => {
  it("answers the defaults without a row: push on everywhere, mail on for the business categories, no quiet hours, UTC", async () => {
    const ana = await signedInUser();
    const prefs = await json<NotificationPreferences>(await getPreferences(ana), 200);
    expect(prefs).toEqual({
      categories: Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, { push: true, email: EMAIL_ON_BY_DEFAULT.includes(c) }])),
      quietHours: null,
      timeZone: "UTC",
      vapidPublicKey: configuredKey,
      devices: 0,
    });
    expect(prefs.categories.orders.email).toBe(true);
    expect(prefs.categories.likes.email).toBe(false);
    // Reading writes nothing.
    expect(await preferenceRowOf(ana.id)).toBeNull();
  });

  it("counts the caller's push devices, not anyone else's", async () => {
    const [ana, bob] = await Promise.all([signedInUser(), signedInUser()]);
    expect((await registerPush(ana, await webPushBody())).status).toBe(201);
    expect((await registerPush(ana, await webPushBody())).status).toBe(201);
    expect((await registerPush(bob, await webPushBody())).status).toBe(201);
    expect((await json<NotificationPreferences>(await getPreferences(ana), 200)).devices).toBe(2);
    expect((await json<NotificationPreferences>(await getPreferences(bob), 200)).devices).toBe(1);
  });

  it("refuses a visitor", async () => {
    await expectError(await api("/api/notifications/preferences"), 401, AUTH_REQUIRED.message);
    await expectError(await api("/api/notifications/preferences", { method: "PUT", body: { timeZone: "UTC" } }), 401, AUTH_REQUIRED.message);
  });

  it("offers the VAPID public key only when the private key is configured too", async () => {
    const ana = await signedInUser();
    const read = async (bindings: Record<string, string | undefined>) =>
      (await json<NotificationPreferences>(await apiInEnvironment("/api/notifications/preferences", bindings, { cookie: ana.cookie }), 200)).vapidPublicKey;
    expect(await read({ VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined })).toBeNull();
    expect(await read({ VAPID_PUBLIC_KEY: "BPublicKeyOnly", VAPID_PRIVATE_KEY: undefined })).toBeNull();
    expect(await read({ VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: "private-only" })).toBeNull();
    expect(await read({ VAPID_PUBLIC_KEY: "BThePublicKey", VAPID_PRIVATE_KEY: "the-private-key" })).toBe("BThePublicKey");
  });
});

describe("PUT /api/notifications/preferences", () => {
  it("merges partial saves into one row and answers the new state each time", async () => {
    const ana = await signedInUser();
    const first = await json<NotificationPreferences>(await putPreferences(ana, { categories: { orders: { email: false } }, timeZone: "Europe/Berlin" }), 200);
    expect(first.categories.orders).toEqual({ push: true, email: false });
    expect(first.timeZone).toBe("Europe/Berlin");

    // A later save of other fields keeps the first one's choices.
    const second = await json<NotificationPreferences>(
      await putPreferences(ana, { categories: { orders: { push: false }, likes: { email: true } }, quietHours: { startMinute: 22 * 60, endMinute: 7 * 60 } }),
      200,
    );
    expect(second.categories.orders).toEqual({ push: false, email: false });
    expect(second.categories.likes).toEqual({ push: true, email: true });
    expect(second.categories.messages).toEqual({ push: true, email: true });
    expect(second.quietHours).toEqual({ startMinute: 1320, endMinute: 420 });
    expect(second.timeZone).toBe("Europe/Berlin");

    // What a fresh read answers is what the save answered.
    expect(await json<NotificationPreferences>(await getPreferences(ana), 200)).toEqual(second);
    const row = await preferenceRowOf(ana.id);
    expect(row).toMatchObject({ quietStartMinute: 1320, quietEndMinute: 420, timeZone: "Europe/Berlin" });
    expect(JSON.parse(row!.categories)).toEqual({ orders: { push: false, email: false }, likes: { email: true } });
  });

  it("stores only what differs from the defaults: a flag set back to its default leaves the row", async () => {
    const ana = await signedInUser();
    await json(await putPreferences(ana, { categories: { orders: { email: false }, likes: { push: false } } }), 200);
    const back = await json<NotificationPreferences>(await putPreferences(ana, { categories: { orders: { email: true } } }), 200);
    expect(back.categories.orders).toEqual({ push: true, email: true });
    expect(back.categories.likes).toEqual({ push: false, email: false });
    const stored = JSON.parse((await preferenceRowOf(ana.id))!.categories) as Record<string, Record<string, boolean>>;
    expect(stored.orders ?? {}).toEqual({});
    expect(stored.likes).toEqual({ push: false });
  });

  it("removes quiet hours with null, and an absent field leaves them", async () => {
    const ana = await signedInUser();
    await json(await putPreferences(ana, { quietHours: { startMinute: 60, endMinute: 120 } }), 200);
    expect((await json<NotificationPreferences>(await putPreferences(ana, { timeZone: "Asia/Tokyo" }), 200)).quietHours).toEqual({ startMinute: 60, endMinute: 120 });
    const cleared = await json<NotificationPreferences>(await putPreferences(ana, { quietHours: null }), 200);
    expect(cleared.quietHours).toBeNull();
    expect(await preferenceRowOf(ana.id)).toMatchObject({ quietStartMinute: null, quietEndMinute: null, timeZone: "Asia/Tokyo" });
    // A window that starts when it ends is none.
    await json(await putPreferences(ana, { quietHours: { startMinute: 60, endMinute: 120 } }), 200);
    expect((await json<NotificationPreferences>(await putPreferences(ana, { quietHours: { startMinute: 300, endMinute: 300 } }), 200)).quietHours).toBeNull();
    expect(await preferenceRowOf(ana.id)).toMatchObject({ quietStartMinute: null, quietEndMinute: null });
  });

  it("stores a time zone as the runtime names it", async () => {
    const ana = await signedInUser();
    expect((await json<NotificationPreferences>(await putPreferences(ana, { timeZone: "america/new_york" }), 200)).timeZone).toBe("America/New_York");
  });

  it.each([
    ["an unknown time zone", { timeZone: "Mars/Olympus_Mons" }, T.unknownTimeZone],
    ["an empty time zone", { timeZone: "" }, T.unknownTimeZone],
    ["a minute past the day", { quietHours: { startMinute: 1440, endMinute: 60 } }, T.quietMinute],
    ["a negative minute", { quietHours: { startMinute: 0, endMinute: -1 } }, T.quietMinute],
    ["a fractional minute", { quietHours: { startMinute: 10.5, endMinute: 60 } }, T.quietMinute],
    ["a minute as text", { quietHours: { startMinute: "22:00", endMinute: 60 } }, T.quietMinute],
    ["an unknown category", { categories: { newsletters: { email: false } } }, T.unknownCategory],
  ])("refuses %s with its text and writes nothing", async (_name, body, message) => {
    const ana = await signedInUser();
    await expectError(await putPreferences(ana, body), 400, message);
    expect(await preferenceRowOf(ana.id)).toBeNull();
  });

  it("refuses fields that are not settings (the row's user comes from the session only)", async () => {
    const [ana, bob] = await Promise.all([signedInUser(), signedInUser()]);
    await expectError(await putPreferences(ana, { userId: bob.id, categories: { orders: { email: false } } }), 400);
    expect(await preferenceRowOf(ana.id)).toBeNull();
    expect(await preferenceRowOf(bob.id)).toBeNull();
  });

  it("is limited per user, and a refused save writes nothing", async () => {
    const ana = await signedInUser();
    for (let i = 0; i < RULES.notification_settings.limit; i += 1) await consume(env, "notification_settings", rateSubject("user", ana.id));
    await expectError(await putPreferences(ana, { categories: { likes: { push: false } } }), 429);
    expect(await preferenceRowOf(ana.id)).toBeNull();
  });
});
