// GET /api/analytics and the overview behind it, with a controlled "now" where the days matter:
// the four totals against the previous period, the days (rolled up and live), the top services and
// the recent activity — of the signed-in user only.
import { describe, expect, it } from "vitest";
import { metricChange, type AnalyticsOverview } from "@shared/analytics-api";
import { rollUpAnalytics } from "../../../worker/cron/analytics-rollup";
import { analyticsOverview } from "../../../worker/services/analytics";
import { api, AUTH_REQUIRED, createUser, db, expectError, insertPost, insertPricedService, json, signedInUser } from "../helpers";
import { DAY, HOUR, NOON, follow, sell, viewPost, viewService, visitProfile } from "./fixtures";

/** The nightly runs from one day to another, as the schedule would have made them. */
async function rollUpEveryDay(from: number, to: number) {
  for (let run = from; run <= to; run += DAY) await rollUpAnalytics({ db: db(), now: run });
}

describe("metricChange", () => {
  it("says 'new' from nothing to something, 'same' from nothing to nothing, and rounds the percentage", () => {
    expect(metricChange(0, 0)).toEqual({ kind: "same", percent: 0 });
    expect(metricChange(5, 0)).toEqual({ kind: "new" });
    expect(metricChange(0, 4)).toEqual({ kind: "down", percent: 100 });
    expect(metricChange(3, 2)).toEqual({ kind: "up", percent: 50 });
    expect(metricChange(2, 3)).toEqual({ kind: "down", percent: 33 });
    expect(metricChange(1001, 1000)).toEqual({ kind: "same", percent: 0 });
    expect(metricChange(1, 3)).toEqual({ kind: "down", percent: 67 });
  });
});

describe("GET /api/analytics", () => {
  it("asks a visitor to sign in and refuses a period that is not 7, 30 or 90 days", async () => {
    await expectError(await api("/api/analytics"), AUTH_REQUIRED.status, AUTH_REQUIRED.message);
    const ana = await signedInUser();
    await expectError(await api("/api/analytics?days=14", { cookie: ana.cookie }), 400, "Invalid request");
  });

  it("shows a new account zeros for every day of the period, and nothing invented", async () => {
    const ana = await signedInUser();
    const body = await json<AnalyticsOverview>(await api("/api/analytics?days=7", { cookie: ana.cookie }), 200);
    expect(body.period).toBe(7);
    expect(body.days).toHaveLength(7);
    expect(body.days.every((day) => day.profileViews + day.postViews + day.newFollowers + day.earningsCents === 0)).toBe(true);
    for (const metric of Object.values(body.metrics)) expect(metric).toEqual({ current: 0, previous: 0, change: { kind: "same", percent: 0 } });
    expect(body.topServices).toEqual({ byViews: [], bySales: [] });
    expect(body.recentActivity).toEqual([]);
    // 30 days when no period is asked for; the last day is today (UTC).
    const fallback = await json<AnalyticsOverview>(await api("/api/analytics", { cookie: ana.cookie }), 200);
    expect(fallback.days).toHaveLength(30);
    expect(fallback.to).toBe(new Date().toISOString().slice(0, 10));
  });

  it("moves at once after a profile visit through the API and a sale, for the seller only", async () => {
    const [seller, visitor] = await Promise.all([signedInUser(), signedInUser()]);
    const serviceId = await insertPricedService(seller.id);
    expect((await api(`/api/users/${seller.id}/visits`, { method: "POST", cookie: visitor.cookie })).status).toBe(204);
    expect((await api(`/api/services/${serviceId}/views`, { method: "POST", cookie: visitor.cookie })).status).toBe(204);
    await sell({ buyerId: visitor.id, sellerId: seller.id, serviceId, at: Date.now(), priceCents: 7_500 });

    const mine = await json<AnalyticsOverview>(await api("/api/analytics?days=7", { cookie: seller.cookie }), 200);
    expect(mine.metrics.profileViews).toEqual({ current: 1, previous: 0, change: { kind: "new" } });
    expect(mine.metrics.earningsCents.current).toBe(7_500);
    expect(mine.days.at(-1)).toMatchObject({ profileViews: 1, earningsCents: 7_500 });
    expect(mine.topServices.byViews).toEqual([expect.objectContaining({ serviceId, views: 1, sales: 1, earningsCents: 7_500 })]);
    expect(mine.recentActivity).toEqual([expect.objectContaining({ kind: "sale", amountCents: 7_500 })]);

    // The visitor's own page holds none of the seller's numbers.
    const theirs = await json<AnalyticsOverview>(await api("/api/analytics?days=7", { cookie: visitor.cookie }), 200);
    expect(theirs.metrics.profileViews.current).toBe(0);
    expect(theirs.metrics.earningsCents.current).toBe(0);
    expect(theirs.topServices.byViews).toEqual([]);
    expect(theirs.recentActivity).toEqual([]);
  });
});

describe("analyticsOverview with a controlled now", () => {
  it("reads rolled-up days and counts the last two days live, without counting a day twice", async () => {
    const [seller, fan] = await Promise.all([createUser(), createUser()]);
    const postId = await insertPost(seller.id);
    // Three days ago (rolled up), yesterday (live until the roll-up, live after it too) and today.
    await viewPost(postId, fan.id, NOON - 3 * DAY);
    await viewPost(postId, fan.id, NOON - DAY);
    await viewPost(postId, null, NOON - HOUR);
    await rollUpAnalytics({ db: db(), now: NOON });
    const overview = await analyticsOverview(db(), seller.id, 7, NOON);
    expect(overview.from).toBe("2026-03-04");
    expect(overview.to).toBe("2026-03-10");
    expect(overview.days.map((day) => day.postViews)).toEqual([0, 0, 0, 1, 0, 1, 1]);
    expect(overview.metrics.postViews.current).toBe(3);
  });

  it("puts a day at the period's first UTC midnight in this period and the millisecond before in the previous one", async () => {
    const [seller, fan, other] = await Promise.all([createUser(), createUser(), createUser()]);
    const periodStart = Date.UTC(2026, 2, 4);
    await follow(fan.id, seller.id, periodStart);
    await visitProfile(fan.id, seller.id, periodStart - 1);
    await visitProfile(other.id, seller.id, periodStart - 6 * DAY);
    await visitProfile(fan.id, seller.id, periodStart + DAY);
    // Someone else's numbers never reach this seller's overview.
    await visitProfile(fan.id, other.id, periodStart + DAY);
    await follow(seller.id, other.id, periodStart + DAY);
    await rollUpEveryDay(NOON - 14 * DAY, NOON);

    const overview = await analyticsOverview(db(), seller.id, 7, NOON);
    expect(overview.metrics.newFollowers).toEqual({ current: 1, previous: 0, change: { kind: "new" } });
    expect(overview.metrics.profileViews).toEqual({ current: 1, previous: 2, change: { kind: "down", percent: 50 } });
    expect(overview.days[0]).toEqual({ day: "2026-03-04", profileViews: 0, postViews: 0, newFollowers: 1, earningsCents: 0 });
    expect(overview.recentActivity).toEqual([expect.objectContaining({ kind: "follow", user: expect.objectContaining({ userId: fan.id }) })]);
  });

  it("ranks the top services by views and by sales", async () => {
    const [seller, buyer] = await Promise.all([createUser(), createUser()]);
    const [popular, bestseller] = await Promise.all([insertPricedService(seller.id), insertPricedService(seller.id)]);
    const at = NOON - 5 * DAY;
    await viewService(buyer.id, popular, seller.id, at);
    await viewService(buyer.id, popular, seller.id, at + HOUR);
    await viewService(buyer.id, bestseller, seller.id, at);
    await sell({ buyerId: buyer.id, sellerId: seller.id, serviceId: bestseller, at, priceCents: 20_000 });
    await sell({ buyerId: buyer.id, sellerId: seller.id, serviceId: bestseller, at: NOON - HOUR, priceCents: 20_000 });
    await rollUpEveryDay(NOON - 7 * DAY, NOON);

    const overview = await analyticsOverview(db(), seller.id, 30, NOON);
    expect(overview.topServices.byViews.map((service) => [service.serviceId, service.views])).toEqual([
      [popular, 2],
      [bestseller, 1],
    ]);
    expect(overview.topServices.bySales).toEqual([expect.objectContaining({ serviceId: bestseller, sales: 2, earningsCents: 40_000 })]);
    expect(overview.metrics.earningsCents.current).toBe(40_000);
  });
});
