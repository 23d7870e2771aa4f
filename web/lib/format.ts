// Small number-to-text helpers for counts shown on posts (likes, comments) by several features.

export { formatCount, plural } from "@shared/rules/counts";

/** "3:05 PM", "12:00 AM" in the device's time zone (second document §2: chat times as h:mm AM/PM). */
export function formatClockTime(ms: number): string {
  const at = new Date(ms);
  const hours = at.getHours();
  const minutes = String(at.getMinutes()).padStart(2, "0");
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? "AM" : "PM"}`;
}
