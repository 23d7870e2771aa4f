// A person's notification choices as the consumer and the routes read them (issue #30 item 4;
// shared/notifications-api.ts). No row means the defaults. Quiet hours are read in the person's
// own time zone: a push due inside them is held until they end, never dropped.
import { NOTIFICATION_API_TEXTS } from "@shared/messages";
import {
  EMAIL_ON_BY_DEFAULT,
  NOTIFICATION_CATEGORIES,
  type CategoryPreference,
  type NotificationCategory,
  type NotificationPreferences,
  type QuietHours,
  type UpdateNotificationPreferencesBody,
} from "@shared/notifications-api";
import { countDevices, getPreferenceRow, upsertPreferences, type PreferencePatch } from "../../db/queries/notification-settings";
import type { Bindings, Ctx } from "../../env";
import { ApiError } from "../../lib/errors";

/** The stored row's fields the rules read (notification_preferences). */
export interface PreferenceRow {
  categories: string;
  quietStartMinute: number | null;
  quietEndMinute: number | null;
  timeZone: string;
}

export interface EffectivePreferences {
  categories: Record<NotificationCategory, CategoryPreference>;
  quietHours: QuietHours | null;
  timeZone: string;
}

function defaultCategory(category: NotificationCategory): CategoryPreference {
  return { push: true, email: EMAIL_ON_BY_DEFAULT.includes(category) };
}

/** The stored JSON read leniently: an unknown category or a non-boolean flag falls back to the default. */
function storedCategories(json: string): Partial<Record<NotificationCategory, Partial<CategoryPreference>>> {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === "object" ? (value as Partial<Record<NotificationCategory, Partial<CategoryPreference>>>) : {};
  } catch {
    return {};
  }
}

export function effectivePreferences(row: PreferenceRow | null | undefined): EffectivePreferences {
  const stored = row ? storedCategories(row.categories) : {};
  const categories = Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((category) => {
      const fallback = defaultCategory(category);
      const own = stored[category] ?? {};
      return [category, { push: typeof own.push === "boolean" ? own.push : fallback.push, email: typeof own.email === "boolean" ? own.email : fallback.email }];
    }),
  ) as Record<NotificationCategory, CategoryPreference>;
  const quietHours = row && row.quietStartMinute !== null && row.quietEndMinute !== null ? { startMinute: row.quietStartMinute, endMinute: row.quietEndMinute } : null;
  return { categories, quietHours, timeZone: row && isTimeZone(row.timeZone) ? row.timeZone : "UTC" };
}

/** Whether `zone` is an IANA time zone this runtime knows. */
function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Minutes after midnight of `at` in `timeZone`. */
function minuteOfDay(at: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "numeric", hourCycle: "h23" }).formatToParts(new Date(at));
  const hour = Number(parts.find((part) => part.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((part) => part.type === "minute")?.value ?? 0);
  return (hour % 24) * 60 + minute;
}

/**
 * When the quiet hours around `at` end (ms), or null when `at` is outside them (or there are
 * none). start > end spans midnight (22:00–07:00); start = end means no quiet hours. The end is
 * found in whole minutes from `at`, so a day-light saving change inside the window moves it by
 * the hour the clock moved, as the person's own clock does.
 */
export function quietUntil(preferences: Pick<EffectivePreferences, "quietHours" | "timeZone">, at: number): number | null {
  const quiet = preferences.quietHours;
  if (!quiet || quiet.startMinute === quiet.endMinute) return null;
  const now = minuteOfDay(at, preferences.timeZone);
  const inside = quiet.startMinute < quiet.endMinute ? now >= quiet.startMinute && now < quiet.endMinute : now >= quiet.startMinute || now < quiet.endMinute;
  if (!inside) return null;
  const minutesLeft = (quiet.endMinute - now + 1440) % 1440 || 1440;
  const startOfMinute = at - (at % 60_000);
  return startOfMinute + minutesLeft * 60_000;
}

// ---- The settings screen's reads and writes (GET/PUT /api/notifications/preferences) ----------

/**
 * The VAPID public key the browser subscribes with, or null while web push cannot be sent: the
 * key alone is no use without the private half that signs each push, and a browser subscribed
 * to a key we cannot sign for would never hear anything.
 */
function vapidPublicKey(env: Pick<Bindings, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY">): string | null {
  return env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? env.VAPID_PUBLIC_KEY : null;
}

/** What the settings screen shows: the effective choices, the key to subscribe with and the number of devices. */
export async function readPreferences(ctx: Pick<Ctx, "env" | "db">, userId: string): Promise<NotificationPreferences> {
  const [row, devices] = await Promise.all([getPreferenceRow(ctx.db, userId), countDevices(ctx.db, userId)]);
  return { ...effectivePreferences(row), vapidPublicKey: vapidPublicKey(ctx.env), devices };
}

/**
 * The merge patch of one save's category flags: a flag set to its default is removed (null), so
 * the row keeps only what the person changed from the defaults, as its schema says.
 */
function categoriesPatch(categories: UpdateNotificationPreferencesBody["categories"]): PreferencePatch["categoriesPatch"] {
  if (!categories) return undefined;
  const patch: NonNullable<PreferencePatch["categoriesPatch"]> = {};
  for (const category of NOTIFICATION_CATEGORIES) {
    const change = categories[category];
    if (!change) continue;
    const fallback = defaultCategory(category);
    const flags: Record<string, boolean | null> = {};
    if (change.push !== undefined) flags.push = change.push === fallback.push ? null : change.push;
    if (change.email !== undefined) flags.email = change.email === fallback.email ? null : change.email;
    patch[category] = flags;
  }
  return patch;
}

/** Merges a partial save into the person's row (creating it) and answers the new state. */
export async function savePreferences(ctx: Pick<Ctx, "env" | "db" | "now">, userId: string, body: UpdateNotificationPreferencesBody): Promise<NotificationPreferences> {
  if (body.timeZone !== undefined && !isTimeZone(body.timeZone)) throw new ApiError("validation_failed", NOTIFICATION_API_TEXTS.unknownTimeZone);
  const patch: PreferencePatch = {};
  const categories = categoriesPatch(body.categories);
  if (categories) patch.categoriesPatch = categories;
  // A window that starts when it ends is no quiet hours (quietUntil reads it so): stored as none.
  if (body.quietHours !== undefined) patch.quietHours = body.quietHours && body.quietHours.startMinute === body.quietHours.endMinute ? null : body.quietHours;
  // Stored as the runtime names it ("europe/berlin" is saved as "Europe/Berlin").
  if (body.timeZone !== undefined) patch.timeZone = new Intl.DateTimeFormat("en-US", { timeZone: body.timeZone }).resolvedOptions().timeZone;
  const [row, devices] = await Promise.all([upsertPreferences(ctx.db, userId, patch, ctx.now), countDevices(ctx.db, userId)]);
  return { ...effectivePreferences(row), vapidPublicKey: vapidPublicKey(ctx.env), devices };
}

/** Turns one category's email off (one-click unsubscribe); a repeat changes nothing more. */
export async function turnEmailOff(ctx: Pick<Ctx, "db" | "now">, userId: string, category: NotificationCategory): Promise<void> {
  const off = defaultCategory(category).email === false ? null : false;
  await upsertPreferences(ctx.db, userId, { categoriesPatch: { [category]: { email: off } } }, ctx.now);
}
