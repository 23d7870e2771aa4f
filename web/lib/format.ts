// Small number-to-text helpers for counts shown on posts (likes, comments) by several features.

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** "1.2K" for counts shown next to icons; exact numbers go into accessible names. */
export function formatCount(n: number): string {
  return compact.format(Math.max(0, n));
}

/** "1 like", "12 likes". */
export function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}

/** "3:05 PM", "12:00 AM" in the device's time zone (second document §2: chat times as h:mm AM/PM). */
export function formatClockTime(ms: number): string {
  const at = new Date(ms);
  const hours = at.getHours();
  const minutes = String(at.getMinutes()).padStart(2, "0");
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}
