// The daily roll-up (decision record 0051) with a controlled "now": days are UTC days, a rerun
// gives the same rows, and each row holds only its own user's numbers.
import { describe, expect, it } from "vitest";
import { rollUpAnalytics } from "../../../worker/cron/analytics-rollup";
import { CRON_JOBS } from "../../../worker/cron";
import { createUser, db, insertPost, insertPricedService } from "../helpers";
import { DAY, HOUR, NOON, dailyRows, follow, sell, serviceRows, viewPost, viewService, visitProfile } from "./fixtures";

describe("analytics roll-up", () => {
  it("is registered in the daily schedule, before the purges of the rows it reads", () => {
    const names = CRON_JOBS["0 4 * * *"].map((job) => job.name);
    expect(names).toContain("roll-up-analytics");
    expect(names.indexOf("roll-up-analytics")).toBeLessThan(names.indexOf("purge-old-interactions"));
  });

  it("folds the last three complete UTC days into one row per user per day, and a rerun changes nothing", async () => {
    const [seller, visitor, buyer] = await Promise.all([createUser(), createUser(), createUser()]);
    const postId = await insertPost(seller.id);
    const serviceId = await insertPricedService(seller.id);
    const yesterday = NOON - DAY;
    // 23:59 and 00:01 UTC around midnight fall on two different days.
    const lateYesterday = Date.UTC(2026, 2, 9, 23, 59);
    const earlyToday = Date.UTC(2026, 2, 10, 0, 1);
    await visitProfile(visitor.id, seller.id, yesterday);
    await visitProfile(buyer.id, seller.id, lateYesterday);
    await visitProfile(visitor.id, seller.id, earlyToday);
    await viewPost(postId, visitor.id, yesterday);
    await viewPost(postId, null, yesterday);
    // The seller's own look at their post is not a view of theirs to count.
    await viewPost(postId, seller.id, yesterday);
    await follow(visitor.id, seller.id, yesterday - DAY);
    await viewService(buyer.id, serviceId, seller.id, yesterday);
    await sell({ buyerId: buyer.id, sellerId: seller.id, serviceId, at: yesterday, priceCents: 12_000 });
    // Unpaid and refunded orders earned nothing.
    await sell({ buyerId: buyer.id, sellerId: seller.id, serviceId, at: yesterday, status: "pending" });
    await sell({ buyerId: buyer.id, sellerId: seller.id, serviceId, at: yesterday, status: "refunded" });

    // The 04:00 UTC run of March 10th rewrites March 7th, 8th and 9th.
    const run = Date.UTC(2026, 2, 10, 4);
    expect(await rollUpAnalytics({ db: db(), now: run })).toEqual({ days: ["2026-03-07", "2026-03-08", "2026-03-09"] });
    const first = await dailyRows(seller.id);
    expect(first).toEqual([
      { userId: seller.id, day: "2026-03-08", profileViews: 0, postViews: 0, newFollowers: 1, sales: 0, earningsCents: 0 },
      { userId: seller.id, day: "2026-03-09", profileViews: 2, postViews: 2, newFollowers: 0, sales: 1, earningsCents: 12_000 },
    ]);
    expect(await serviceRows(seller.id)).toEqual([{ serviceId, userId: seller.id, day: "2026-03-09", views: 1, sales: 1, earningsCents: 12_000 }]);
    // Nobody did anything to the visitor and the buyer: they have no rows.
    expect(await dailyRows(visitor.id)).toEqual([]);
    expect(await dailyRows(buyer.id)).toEqual([]);

    await rollUpAnalytics({ db: db(), now: run });
    await rollUpAnalytics({ db: db(), now: run + HOUR });
    expect(await dailyRows(seller.id)).toEqual(first);
    expect(await serviceRows(seller.id)).toHaveLength(1);
  });

  it("rewrites a day whose raw rows changed since the last run (an unfollow, a refund)", async () => {
    const [seller, fan] = await Promise.all([createUser(), createUser()]);
    const serviceId = await insertPricedService(seller.id);
    const day = NOON - DAY;
    await follow(fan.id, seller.id, day);
    const orderId = await sell({ buyerId: fan.id, sellerId: seller.id, serviceId, at: day, priceCents: 5_000 });
    await rollUpAnalytics({ db: db(), now: NOON });
    expect((await dailyRows(seller.id)).map((row) => [row.newFollowers, row.earningsCents])).toEqual([[1, 5_000]]);

    const { follows, orders } = await import("../../../worker/db/schema");
    const { eq } = await import("drizzle-orm");
    await db().delete(follows).where(eq(follows.followerId, fan.id));
    await db().update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
    await rollUpAnalytics({ db: db(), now: NOON + DAY });
    // A day with nothing left to count has no row at all.
    expect(await dailyRows(seller.id)).toEqual([]);
    expect(await serviceRows(seller.id)).toEqual([]);
  });
});
