// The daily analytics roll-up (decision record 0051). Runs at 04:00 UTC and
// rewrites the last ANALYTICS_ROLLUP_DAYS complete UTC days, so one missed run costs nothing and a
// refund or an unfollow of the last days is reflected. The raw rows it reads are kept 90 days
// (purge-old-interactions, purge-old-post-views), far longer than the days it rewrites, so running
// beside those purges in the same schedule never loses a day.
import { DAY_MS } from "@shared/constants";
import { rollUpDay } from "../db/queries/analytics";
import { ANALYTICS_ROLLUP_DAYS, utcDay, utcDayStart } from "../services/analytics";
import type { Ctx } from "../env";

export async function rollUpAnalytics({ db, now }: Pick<Ctx, "db" | "now">) {
  const today = utcDayStart(now);
  const days: string[] = [];
  // Oldest first; each day is its own batch, so a large day does not hold the others.
  for (let back = ANALYTICS_ROLLUP_DAYS; back >= 1; back--) {
    const start = today - back * DAY_MS;
    const day = utcDay(start);
    await rollUpDay(db, day, { start, end: start + DAY_MS });
    days.push(day);
  }
  return { days };
}
