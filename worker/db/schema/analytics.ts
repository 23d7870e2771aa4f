// The daily roll-up the /analytics page reads (decision record 0051) and
// the portfolio a user features on their profile (decision record 0053).
import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn } from "./columns";
import { services } from "./marketplace";
import { posts } from "./posts";
import { users } from "./users";

/**
 * One row per user per UTC day on which something happened to them; written by the daily
 * roll-up (worker/cron/analytics-rollup.ts), which rewrites a day as a whole, so a rerun gives the
 * same rows, and whose sales columns are re-counted when an order of that day starts or stops
 * counting (recountOrderDay). `day` is the UTC date as YYYY-MM-DD.
 */
export const analyticsDaily = sqliteTable(
  "analytics_daily",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    profileViews: integer("profile_views", { mode: "number" }).notNull().default(0),
    postViews: integer("post_views", { mode: "number" }).notNull().default(0),
    newFollowers: integer("new_followers", { mode: "number" }).notNull().default(0),
    sales: integer("sales", { mode: "number" }).notNull().default(0),
    earningsCents: integer("earnings_cents", { mode: "number" }).notNull().default(0),
  },
  // "My days between two dates" is a range of the primary key.
  (t) => [primaryKey({ columns: [t.userId, t.day] }), index("analytics_daily_day_idx").on(t.day)],
);

/** One row per service per UTC day with views or sales: the "top services" of /analytics. */
export const analyticsServiceDaily = sqliteTable(
  "analytics_service_daily",
  {
    serviceId: text("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    views: integer("views", { mode: "number" }).notNull().default(0),
    sales: integer("sales", { mode: "number" }).notNull().default(0),
    earningsCents: integer("earnings_cents", { mode: "number" }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.day] }),
    // "My services' days in the period", summed from the index alone (the top services of
    // /analytics for a seller with hundreds of services; issue #33 item 4).
    index("analytics_service_daily_user_day_idx").on(t.userId, t.day, t.serviceId, t.views, t.sales, t.earningsCents),
    index("analytics_service_daily_day_idx").on(t.day),
  ],
);

/** A post the user features on their profile, with a title and a note, in the owner's order. */
export const portfolioItems = sqliteTable(
  "portfolio_items",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    postId: text("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    position: integer("position", { mode: "number" }).notNull(),
    title: text("title").notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("portfolio_items_user_post_unique").on(t.userId, t.postId),
    // The profile's tab reads one user's items in order.
    uniqueIndex("portfolio_items_user_position_unique").on(t.userId, t.position),
    index("portfolio_items_post_idx").on(t.postId),
    check("portfolio_items_position_check", sql`${t.position} >= 0`),
  ],
);
