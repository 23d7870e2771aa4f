// The numbers of /analytics (decision record 0051). The daily roll-up folds one
// UTC day of the raw rows — profile visits and service views (user_interactions), post views
// (post_views), follows and orders — into one row per user (analytics_daily) and one per service
// (analytics_service_daily); the page reads those rows for older days and counts the last two
// days (today and yesterday, which the 04:00 run may not have reached yet) live for the one user,
// over index ranges bounded by that user and those two days.
import { eq, sql } from "drizzle-orm";
import { DAY_MS } from "@shared/constants";
import type { Db } from "../client";
import { analyticsDaily, analyticsServiceDaily } from "../schema";
import { saleConditions } from "./earnings";

/**
 * Sales the seller counts (shared/rules/earnings.ts): earned or pending, the very orders /payments
 * sums, by the order's creation day. The roll-up writes `+o.status` and `+o.item_type`: the unary
 * plus keeps SQLite from choosing the status or item index over the one-day range of
 * orders_created_idx.
 */
const COUNTED = saleConditions("o").counted;
const COUNTED_IN_ROLLUP = saleConditions("o", { plain: false }).counted;

/** A half-open range of milliseconds, [start, end). */
interface TimeRange {
  start: number;
  end: number;
}

/**
 * The statements that rewrite one UTC day of the roll-up: the day's rows are deleted and inserted
 * again from the raw rows, in one batch (one transaction on D1), so a rerun — or a run after a
 * refund changed an order — leaves exactly the rows a first run would. Only users and services
 * with something to count get a row. A user's own post views and service views are not counted.
 */
export function rollUpDayStatements(db: Db, day: string, { start, end }: TimeRange) {
  // Both selects list the table's columns in its order, as insert(…).select() writes them all.
  const perUser = sql`select user_id, ${day}, sum(profile_views), sum(post_views), sum(new_followers), sum(sales), sum(earnings_cents) from (
      select ui.target_user_id as user_id, count(*) as profile_views, 0 as post_views, 0 as new_followers, 0 as sales, 0 as earnings_cents
        from user_interactions ui
        where ui.created_at >= ${start} and ui.created_at < ${end} and ui.interaction_type = 'profile_visit' and ui.target_user_id is not null
        group by ui.target_user_id
      union all
      select p.user_id, 0, count(*), 0, 0, 0
        from post_views v join posts p on p.id = v.post_id
        where v.created_at >= ${start} and v.created_at < ${end} and (v.user_id is null or v.user_id <> p.user_id)
        group by p.user_id
      union all
      select f.following_id, 0, 0, count(*), 0, 0
        from follows f
        where f.created_at >= ${start} and f.created_at < ${end}
        group by f.following_id
      union all
      select o.seller_id, 0, 0, 0, count(*), sum(o.price_cents)
        from orders o
        where o.created_at >= ${start} and o.created_at < ${end} and ${COUNTED_IN_ROLLUP}
        group by o.seller_id
    ) group by user_id`;
  const perService = sql`select service_id, user_id, ${day}, sum(views), sum(sales), sum(earnings_cents) from (
      select s.id as service_id, s.user_id as user_id, count(*) as views, 0 as sales, 0 as earnings_cents
        from user_interactions ui join services s on s.id = ui.service_id
        where ui.created_at >= ${start} and ui.created_at < ${end} and ui.interaction_type = 'service_view' and ui.user_id <> s.user_id
        group by s.id
      union all
      select s.id, s.user_id, 0, count(*), sum(o.price_cents)
        from orders o join services s on s.id = o.item_id
        where o.created_at >= ${start} and o.created_at < ${end} and +o.item_type = 'service' and ${COUNTED_IN_ROLLUP}
        group by s.id
    ) group by service_id`;
  return [
    db.delete(analyticsDaily).where(eq(analyticsDaily.day, day)),
    db.insert(analyticsDaily).select(perUser),
    db.delete(analyticsServiceDaily).where(eq(analyticsServiceDaily.day, day)),
    db.insert(analyticsServiceDaily).select(perService),
  ] as const;
}

/** Rewrites one UTC day of the roll-up (see rollUpDayStatements). */
export async function rollUpDay(db: Db, day: string, range: TimeRange): Promise<void> {
  await db.batch(rollUpDayStatements(db, day, range));
}

/** What re-counting one order's day needs to know of the order. */
export interface OrderDayRef {
  sellerId: string;
  itemType: "service" | "product";
  itemId: string;
  offerId: string | null;
  createdAt: number;
}

/**
 * Re-counts the sales and earnings of one order's creation day for its seller (and its service),
 * keeping that day's views and followers: called whenever an order starts or stops counting (paid,
 * refunded, a dispute opened or closed), so a day the roll-up wrote before stays equal to what
 * /payments sums, however long ago it was. Only the sales columns are rewritten, from orders
 * (which are never purged); the raw views of an old day may be gone, so a whole re-roll could not
 * be used. Each part is one seller's range of orders_seller_created_idx within one day.
 */
export async function recountOrderDay(db: Db, order: OrderDayRef): Promise<void> {
  const start = Math.floor(order.createdAt / DAY_MS) * DAY_MS;
  const end = start + DAY_MS;
  const day = new Date(start).toISOString().slice(0, 10);
  const perUser = sql`insert into analytics_daily (user_id, day, profile_views, post_views, new_followers, sales, earnings_cents)
    select ${order.sellerId}, ${day}, 0, 0, 0, count(*), coalesce(sum(o.price_cents), 0)
      from orders o
      where o.seller_id = ${order.sellerId} and o.created_at >= ${start} and o.created_at < ${end} and ${COUNTED}
    on conflict (user_id, day) do update set sales = excluded.sales, earnings_cents = excluded.earnings_cents`;
  if (order.itemType !== "service" || order.offerId !== null) {
    await db.run(perUser);
    return;
  }
  // The service's own row; none when the service is gone (its rows went with it).
  const perService = sql`insert into analytics_service_daily (service_id, user_id, day, views, sales, earnings_cents)
    select s.id, s.user_id, ${day}, 0,
        (select count(*) from orders o where o.seller_id = s.user_id and o.created_at >= ${start} and o.created_at < ${end} and o.item_type = 'service' and o.item_id = s.id and ${COUNTED}),
        (select coalesce(sum(o.price_cents), 0) from orders o where o.seller_id = s.user_id and o.created_at >= ${start} and o.created_at < ${end} and o.item_type = 'service' and o.item_id = s.id and ${COUNTED})
      from services s
      where s.id = ${order.itemId}
    on conflict (service_id, day) do update set sales = excluded.sales, earnings_cents = excluded.earnings_cents`;
  await db.run(perUser);
  await db.run(perService);
}

export interface DayTotals {
  profileViews: number;
  postViews: number;
  newFollowers: number;
  earningsCents: number;
}

/** The rolled-up days of one user from `from` to `to` (inclusive), a range of the primary key. */
export function rolledUpDaysQuery(db: Db, userId: string, from: string, to: string) {
  return db
    .select({
      day: analyticsDaily.day,
      profileViews: analyticsDaily.profileViews,
      postViews: analyticsDaily.postViews,
      newFollowers: analyticsDaily.newFollowers,
      earningsCents: analyticsDaily.earningsCents,
    })
    .from(analyticsDaily)
    .where(sql`${analyticsDaily.userId} = ${userId} and ${analyticsDaily.day} >= ${from} and ${analyticsDaily.day} <= ${to}`);
}

/**
 * One user's numbers in a range of the last two days, counted from the raw rows. Each part is an
 * index range bounded by the user and the time: the visits by user_interactions_target_user_idx,
 * the post views by post_views_post_created_idx per post of the user (posts_user_created_idx),
 * the followers by follows_following_created_idx and the sales by orders_seller_created_idx.
 */
export function liveTotalsQuery(userId: string, { start, end }: TimeRange) {
  return sql`select
    (select count(*) from user_interactions ui where ui.target_user_id = ${userId} and ui.created_at >= ${start} and ui.created_at < ${end} and ui.interaction_type = 'profile_visit') as profileViews,
    (select count(*) from post_views v where v.post_id in (select p.id from posts p where p.user_id = ${userId}) and v.created_at >= ${start} and v.created_at < ${end} and (v.user_id is null or v.user_id <> ${userId})) as postViews,
    (select count(*) from follows f where f.following_id = ${userId} and f.created_at >= ${start} and f.created_at < ${end}) as newFollowers,
    (select coalesce(sum(o.price_cents), 0) from orders o where o.seller_id = ${userId} and o.created_at >= ${start} and o.created_at < ${end} and ${COUNTED}) as earningsCents`;
}

export async function liveTotals(db: Db, userId: string, range: TimeRange): Promise<DayTotals> {
  const [row] = await db.all<DayTotals>(liveTotalsQuery(userId, range));
  return {
    profileViews: Number(row?.profileViews ?? 0),
    postViews: Number(row?.postViews ?? 0),
    newFollowers: Number(row?.newFollowers ?? 0),
    earningsCents: Number(row?.earningsCents ?? 0),
  };
}

interface ServiceTotals {
  serviceId: string;
  title: string;
  views: number;
  sales: number;
  earningsCents: number;
}

/**
 * One user's services' rolled-up totals from `from` to `to`: summed per service from a range of
 * analytics_service_daily_user_day_idx alone (it carries the numbers), then each service's name
 * read once, not once per day (issue #33 item 4).
 */
export function rolledUpServicesQuery(userId: string, from: string, to: string) {
  return sql`select t.serviceId as serviceId, s.name as title, t.views as views, t.sales as sales, t.earningsCents as earningsCents
    from (
      select d.service_id as serviceId, sum(d.views) as views, sum(d.sales) as sales, sum(d.earnings_cents) as earningsCents
        from analytics_service_daily d
        where d.user_id = ${userId} and d.day >= ${from} and d.day <= ${to}
        group by d.service_id
    ) t join services s on s.id = t.serviceId`;
}

/** The same totals for the days not rolled up yet, from the raw rows of this seller only. */
export function liveServicesQuery(userId: string, { start, end }: TimeRange) {
  return sql`select s.id as serviceId, s.name as title, sum(views) as views, sum(sales) as sales, sum(earnings_cents) as earningsCents from (
      select ui.service_id as service_id, count(*) as views, 0 as sales, 0 as earnings_cents
        from user_interactions ui
        where ui.target_user_id = ${userId} and ui.created_at >= ${start} and ui.created_at < ${end} and ui.interaction_type = 'service_view' and ui.user_id <> ${userId} and ui.service_id is not null
        group by ui.service_id
      union all
      select o.item_id, 0, count(*), sum(o.price_cents)
        from orders o
        where o.seller_id = ${userId} and o.created_at >= ${start} and o.created_at < ${end} and o.item_type = 'service' and ${COUNTED}
        group by o.item_id
    ) t join services s on s.id = t.service_id and s.user_id = ${userId}
    group by s.id`;
}

export async function serviceTotals(db: Db, userId: string, days: { from: string; to: string }, live: TimeRange): Promise<ServiceTotals[]> {
  const [past, recent] = await Promise.all([db.all<ServiceTotals>(rolledUpServicesQuery(userId, days.from, days.to)), db.all<ServiceTotals>(liveServicesQuery(userId, live))]);
  const byId = new Map<string, ServiceTotals>();
  for (const row of [...past, ...recent]) {
    const seen = byId.get(row.serviceId);
    byId.set(row.serviceId, {
      serviceId: row.serviceId,
      title: row.title,
      views: (seen?.views ?? 0) + Number(row.views),
      sales: (seen?.sales ?? 0) + Number(row.sales),
      earningsCents: (seen?.earningsCents ?? 0) + Number(row.earningsCents),
    });
  }
  return [...byId.values()];
}

interface RecentFollowRow {
  id: string;
  at: number;
  userId: string;
  username: string | null;
  displayName: string | null;
  avatarUrl: string | null;
}

interface RecentSaleRow {
  id: string;
  at: number;
  itemName: string;
  amountCents: number;
}

/** The newest followers (follows_following_created_idx) and sales (orders_seller_created_idx). */
export function recentFollowsQuery(userId: string, limit: number) {
  return sql`select f.id as id, f.created_at as at, f.follower_id as userId, pr.username as username, pr.display_name as displayName, pr.avatar_url as avatarUrl
    from follows f left join profiles pr on pr.user_id = f.follower_id
    where f.following_id = ${userId}
    order by f.created_at desc, f.id desc limit ${limit}`;
}

export function recentSalesQuery(userId: string, limit: number) {
  return sql`select o.id as id, o.created_at as at, o.item_name as itemName, o.price_cents as amountCents
    from orders o
    where o.seller_id = ${userId} and ${COUNTED}
    order by o.created_at desc, o.id desc limit ${limit}`;
}

export async function recentActivityRows(db: Db, userId: string, limit: number) {
  const [follows, sales] = await Promise.all([db.all<RecentFollowRow>(recentFollowsQuery(userId, limit)), db.all<RecentSaleRow>(recentSalesQuery(userId, limit))]);
  return { follows, sales };
}
