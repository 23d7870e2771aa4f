// Notification settings, push devices and one-click unsubscribe (issue #30; the routes are listed
// at the top of shared/notifications-api.ts; DESIGN.md "Notifications"). A device belongs to the
// session that registered it and ends with it (worker/db/queries/sessions.ts revokeSessions).
import { Hono, type Context } from "hono";
import { NOTIFICATION_API_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { pushSubscriptionBody, removePushSubscriptionBody, updateNotificationPreferencesBody, type NotificationPreferences } from "@shared/notifications-api";
import { registerDevice, removeOwnDevice } from "../db/queries/notification-settings";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { readPreferences, savePreferences } from "../services/notifications/preferences";
import { isAllowedPushEndpoint } from "../services/notifications/senders";
import { applyUnsubscribe, unsubscribePageResponse, unsubscribeTarget } from "../services/notifications/unsubscribe";
import { limitUser } from "../services/rate-limit";

/** Push devices one account keeps; registering one more removes its least recently seen. */
export const PUSH_DEVICES_MAX = 20;

// ---- Push devices: what may be stored ----------------------------------------------------------

// The endpoint guard is the sender's own (isAllowedPushEndpoint): what may be stored is exactly
// what may later be sent to.

/** base64url (padding tolerated) to bytes, or null when it is not. */
function base64urlBytes(text: string): Uint8Array | null {
  const plain = text.replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(plain) || plain.length % 4 === 1) return null;
  try {
    return Uint8Array.from(atob(plain.replace(/-/g, "+").replace(/_/g, "/")), (ch) => ch.charCodeAt(0));
  } catch {
    return null;
  }
}

/**
 * Whether a browser's keys are what RFC 8291 encrypts to: p256dh an uncompressed P-256 point (65
 * bytes from 0x04) that lies on the curve (WebCrypto refuses any other), auth a 16-byte secret.
 */
async function validPushKeys(keys: { p256dh: string; auth: string }): Promise<boolean> {
  const point = base64urlBytes(keys.p256dh);
  const secret = base64urlBytes(keys.auth);
  if (!point || !secret || point.length !== 65 || point[0] !== 0x04 || secret.length !== 16) return false;
  try {
    await crypto.subtle.importKey("raw", point, { name: "ECDH", namedCurve: "P-256" }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** A native token as FCM and APNs issue them: printable ASCII without spaces. */
const DEVICE_TOKEN = /^[\x21-\x7e]+$/;

// ---- Preferences ---------------------------------------------------------------------------------

/** Mounted at /notifications. */
export const notificationRoutes = new Hono<AppEnv>()
  .get("/preferences", async (c) => {
    const { userId } = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json((await readPreferences(c.var.ctx, userId)) satisfies NotificationPreferences, 200);
  })
  .put("/preferences", signedIn, validate("json", updateNotificationPreferencesBody), async (c) => {
    const { userId } = requireUser(c);
    const body = c.req.valid("json");
    await limitUser(c.var.ctx, "notification_settings", userId);
    return c.json((await savePreferences(c.var.ctx, userId, body)) satisfies NotificationPreferences, 200);
  })
  // One-click unsubscribe (RFC 8058): no session and no Origin (a mail provider's server posts
  // it; worker/middleware/origin.ts exempts exactly this path), the token is the credential. The
  // body ("List-Unsubscribe=One-Click", or the page's form with the same field) is not read:
  // nothing in it could change what the token says.
  .post("/unsubscribe/:token", async (c) => {
    const html = wantsHtml(c);
    const target = await unsubscribeTarget(c.var.ctx, c.req.param("token"));
    if (!target) {
      if (html) return unsubscribePageResponse({ kind: "invalid" });
      throw new ApiError("not_found", NOTIFICATION_API_TEXTS.unsubscribe.invalid);
    }
    await applyUnsubscribe(c.var.ctx, target);
    if (html) return unsubscribePageResponse({ kind: "done", category: target.category });
    return c.json({ ok: true as const }, 200);
  });

/** The page's own form navigates (Accept: text/html); a mail provider's one-click POST does not. */
function wantsHtml(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").includes("text/html");
}

// ---- Push devices --------------------------------------------------------------------------------

/** Mounted at /push. */
export const pushRoutes = new Hono<AppEnv>()
  .post("/subscriptions", signedIn, validate("json", pushSubscriptionBody), async (c) => {
    const { userId, sessionId } = requireUser(c);
    const body = c.req.valid("json");
    let device: { kind: "web" | "fcm" | "apns"; endpoint: string; p256dh: string | null; auth: string | null };
    if (body.kind === "web") {
      if (!isAllowedPushEndpoint(c.env, body.endpoint)) throw new ApiError("validation_failed", NOTIFICATION_API_TEXTS.endpointNotAllowed);
      if (!(await validPushKeys(body.keys))) throw new ApiError("validation_failed", NOTIFICATION_API_TEXTS.invalidPushKeys);
      device = { kind: "web", endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth };
    } else {
      if (!DEVICE_TOKEN.test(body.token)) throw new ApiError("validation_failed", NOTIFICATION_API_TEXTS.invalidDeviceToken);
      device = { kind: body.kind, endpoint: body.token, p256dh: null, auth: null };
    }
    await limitUser(c.var.ctx, "push_device", userId);
    const id = await registerDevice(c.var.db, { ...device, userId, sessionId, now: c.var.ctx.now, max: PUSH_DEVICES_MAX });
    // The session ended between its check and the write: the device was not stored.
    if (!id) throw new ApiError("unauthorized", REQUEST_TEXTS.authenticationRequired);
    return c.json({ id }, 201);
  })
  // The caller's own row only, and 204 whatever was there: the answer never tells whether another
  // account has a device at that address.
  .delete("/subscriptions", signedIn, validate("json", removePushSubscriptionBody), async (c) => {
    const { userId } = requireUser(c);
    const body = c.req.valid("json");
    await limitUser(c.var.ctx, "push_device", userId);
    if ("endpoint" in body) await removeOwnDevice(c.var.db, { userId, kinds: ["web"], endpoint: body.endpoint });
    else await removeOwnDevice(c.var.db, { userId, kinds: ["fcm", "apns"], endpoint: body.token });
    return c.body(null, 204);
  });

/** Mounted at / before the SPA: the page a mail's unsubscribe link opens. A GET never unsubscribes (mail scanners follow links). */
export const unsubscribePageRoutes = new Hono<AppEnv>().get("/unsubscribe/:token", async (c) => {
  const token = c.req.param("token");
  const target = await unsubscribeTarget(c.var.ctx, token);
  return unsubscribePageResponse(target ? { kind: "confirm", token, category: target.category } : { kind: "invalid" });
});
