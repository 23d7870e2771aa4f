// How profile facts read on screen: the joined date as month and year (second document §2
// Dashboard "joined month and year"), and a website shown without its scheme.

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric" });

/** "March 2026". */
export function formatJoined(joinedAt: number): string {
  const date = new Date(joinedAt);
  return Number.isNaN(date.getTime()) ? "" : monthYear.format(date);
}

/** "https://www.maya.fm/work/" → "maya.fm/work": what a reader recognises, not the whole URL. */
export function websiteLabel(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === "/" ? "" : parsed.pathname.replace(/\/$/, "");
    return `${parsed.hostname.replace(/^www\./, "")}${path}`;
  } catch {
    return url;
  }
}
