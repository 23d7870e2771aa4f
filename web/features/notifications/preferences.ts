// Pure helpers of the /settings notifications section: a change applied to the preferences on
// screen, the change that undoes it, and quiet hours between "HH:MM" and minutes after midnight.
import type { CategoryPreference, NotificationCategory, NotificationPreferences, UpdateNotificationPreferencesBody } from "@shared/notifications-api";

/** The preferences with `change` applied, as the server will store them. */
export function applyChange(preferences: NotificationPreferences, change: UpdateNotificationPreferencesBody): NotificationPreferences {
  const categories = { ...preferences.categories };
  for (const [category, flags] of Object.entries(change.categories ?? {}) as Array<[NotificationCategory, Partial<CategoryPreference>]>) {
    categories[category] = { ...categories[category], ...flags };
  }
  return {
    ...preferences,
    categories,
    quietHours: change.quietHours === undefined ? preferences.quietHours : change.quietHours,
    timeZone: change.timeZone ?? preferences.timeZone,
  };
}

/** The change that puts back what `change` replaced in `before`: only those fields, so a later change in flight is kept. */
export function undoOf(before: NotificationPreferences, change: UpdateNotificationPreferencesBody): UpdateNotificationPreferencesBody {
  const undo: UpdateNotificationPreferencesBody = {};
  if (change.categories) {
    undo.categories = {};
    for (const [category, flags] of Object.entries(change.categories) as Array<[NotificationCategory, Partial<CategoryPreference>]>) {
      const previous = before.categories[category];
      undo.categories[category] = {
        ...(flags.push === undefined ? {} : { push: previous.push }),
        ...(flags.email === undefined ? {} : { email: previous.email }),
      };
    }
  }
  if (change.quietHours !== undefined) undo.quietHours = before.quietHours;
  if (change.timeZone !== undefined) undo.timeZone = before.timeZone;
  return undo;
}

/** Minutes after midnight as the "HH:MM" a time input holds. */
export function minutesToTime(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** A time input's "HH:MM" (seconds ignored) as minutes after midnight, or null when it holds none. */
export function timeToMinutes(value: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value);
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours < 24 && minutes < 60 ? hours * 60 + minutes : null;
}

/** The quiet hours a switch turned on starts with: 22:00 until 07:00. */
export const DEFAULT_QUIET_HOURS = { startMinute: 22 * 60, endMinute: 7 * 60 } as const;

/** This browser's IANA time zone (what quiet hours are saved in). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
