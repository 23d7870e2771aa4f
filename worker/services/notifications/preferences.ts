// A person's notification choices as the consumer and the routes read them (issue #30 item 4;
// shared/notifications-api.ts). No row means the defaults. Quiet hours are read in the person's
// own time zone: a push due inside them is held until they end, never dropped.
import {
  EMAIL_ON_BY_DEFAULT,
  NOTIFICATION_CATEGORIES,
  type CategoryPreference,
  type NotificationCategory,
  type QuietHours,
} from "@shared/notifications-api";

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

export function defaultCategory(category: NotificationCategory): CategoryPreference {
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
export function isTimeZone(zone: string): boolean {
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
