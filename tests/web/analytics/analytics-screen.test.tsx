// /analytics (decision records 0051 and 0052): zeros and how numbers appear for
// a new account, the four cards with their change, the chart's table alternative, the period and
// metric radio groups, and the failure state. The canvas chart is stubbed (jsdom has no canvas).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AnalyticsDay, AnalyticsOverview, MetricKey } from "@shared/analytics-api";
import { ANALYTICS_TEXTS } from "@shared/messages";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, mockApi, renderApp, resetApp } from "../auth/helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));
vi.mock("@web/features/analytics/components/analytics-chart", () => ({
  default: ({ metric }: { metric: MetricKey }) => <div data-testid="analytics-chart" data-metric={metric} />,
}));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
});
afterEach(resetApp);

function days(count: number, fill: (i: number) => Partial<AnalyticsDay> = () => ({})): AnalyticsDay[] {
  return Array.from({ length: count }, (_, i) => ({
    day: new Date(Date.UTC(2026, 2, 10) - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    profileViews: 0,
    postViews: 0,
    newFollowers: 0,
    earningsCents: 0,
    ...fill(i),
  }));
}

const ZERO = { current: 0, previous: 0, change: { kind: "same", percent: 0 } } as const;

function overview(period: 7 | 30 | 90, overrides: Partial<AnalyticsOverview> = {}): AnalyticsOverview {
  const list = days(period);
  return {
    period,
    from: list[0]!.day,
    to: list.at(-1)!.day,
    metrics: { profileViews: ZERO, postViews: ZERO, newFollowers: ZERO, earningsCents: ZERO },
    days: list,
    topServices: { byViews: [], bySales: [] },
    recentActivity: [],
    ...overrides,
  };
}

const busy = overview(7, {
  metrics: {
    profileViews: { current: 3, previous: 2, change: { kind: "up", percent: 50 } },
    postViews: { current: 2, previous: 3, change: { kind: "down", percent: 33 } },
    newFollowers: { current: 1, previous: 0, change: { kind: "new" } },
    earningsCents: { current: 12_000, previous: 12_000, change: { kind: "same", percent: 0 } },
  },
  days: days(7, (i) => (i === 6 ? { profileViews: 3, earningsCents: 12_000 } : {})),
  topServices: {
    byViews: [{ serviceId: "s1", title: "Mixing", views: 4, sales: 1, earningsCents: 12_000 }],
    bySales: [{ serviceId: "s1", title: "Mixing", views: 4, sales: 1, earningsCents: 12_000 }],
  },
  recentActivity: [
    { kind: "sale", id: "o1", at: Date.now() - 60_000, orderId: "o1", itemName: "Mixing", amountCents: 12_000 },
    { kind: "follow", id: "f1", at: Date.now() - 120_000, user: { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null } },
  ],
});

describe("/analytics", () => {
  it("shows a new account zeros and how numbers appear, never sample numbers", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/unread": { messages: 0, activity: 0 }, "GET /api/analytics": overview(30) });
    renderApp("/analytics");
    expect(await screen.findByTestId("analytics-empty")).toHaveTextContent(ANALYTICS_TEXTS.empty);
    const values = screen.getAllByTestId("metric-value").map((node) => node.textContent);
    expect(values).toEqual(["0", "0", "0", "$0"]);
    expect(screen.getAllByTestId("metric-change").map((node) => node.textContent)).toEqual(Array(4).fill("no change"));
    // Both top lists, by views and by sales, say why they are empty.
    expect(screen.getAllByText(ANALYTICS_TEXTS.noServices)).toHaveLength(2);
    expect(screen.getByText(ANALYTICS_TEXTS.noActivity)).toBeInTheDocument();
  });

  it("shows the four cards with their change, the top services and the recent activity", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/unread": { messages: 0, activity: 0 }, "GET /api/analytics": busy });
    renderApp("/analytics?days=7");
    const views = await screen.findByTestId("metric-profileViews");
    expect(views).toHaveTextContent("Profile views3+50% against the previous 7 days");
    expect(screen.getByTestId("metric-postViews")).toHaveTextContent("\u221233%");
    expect(screen.getByTestId("metric-newFollowers")).toHaveTextContent("new");
    expect(screen.getByTestId("metric-earningsCents")).toHaveTextContent("$120no change");
    expect(screen.queryByTestId("analytics-empty")).toBeNull();
    expect(screen.getByRole("region", { name: ANALYTICS_TEXTS.byViews })).toHaveTextContent("Mixing4 views");
    expect(screen.getByRole("region", { name: ANALYTICS_TEXTS.bySales })).toHaveTextContent("Mixing1 sale");
    const activity = within(screen.getByTestId("analytics-activity")).getAllByRole("link");
    expect(activity.map((link) => link.textContent)).toEqual([expect.stringContaining("Sold Mixing for $120"), expect.stringContaining("Jonah Brooks followed you")]);
  });

  it("has a table of the chart's numbers and a radio group choosing the metric", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/unread": { messages: 0, activity: 0 }, "GET /api/analytics": busy });
    const user = userEvent.setup();
    renderApp("/analytics?days=7");
    expect(await screen.findByTestId("analytics-chart")).toHaveAttribute("data-metric", "profileViews");
    const table = screen.getByRole("table", { hidden: true });
    expect(within(table).getAllByRole("row", { hidden: true })).toHaveLength(8);
    expect(within(table).getByRole("columnheader", { name: "Profile views", hidden: true })).toBeInTheDocument();

    const metric = screen.getByRole("group", { name: ANALYTICS_TEXTS.chartMetricLabel });
    await user.click(within(metric).getByRole("radio", { name: "Earnings" }));
    expect(screen.getByTestId("analytics-chart")).toHaveAttribute("data-metric", "earningsCents");
    expect(within(table).getAllByRole("cell", { hidden: true }).at(-1)).toHaveTextContent("$120");
    // The radios move with the arrow keys, as a radio group does.
    await user.keyboard("{ArrowLeft}");
    expect(within(metric).getByRole("radio", { name: "New followers" })).toBeChecked();
  });

  it("asks for another period through the radio group and keeps it in the address", async () => {
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/unread": { messages: 0, activity: 0 },
      "GET /api/analytics": (call: { search: string }) => Response.json(overview(call.search.includes("days=90") ? 90 : 30)),
    });
    const user = userEvent.setup();
    const { router } = renderApp("/analytics");
    const period = await screen.findByRole("group", { name: ANALYTICS_TEXTS.periodLabel });
    expect(within(period).getByRole("radio", { name: "Last 30 days" })).toBeChecked();
    await user.click(within(period).getByRole("radio", { name: "Last 90 days" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ days: 90 }));
    await waitFor(() => expect(api.calls.some((call) => call.path === "/api/analytics" && call.search === "?days=90")).toBe(true));
    await waitFor(() => expect(within(screen.getByRole("table", { hidden: true })).getAllByRole("row", { hidden: true })).toHaveLength(91));
  });

  it("says when the numbers failed to load and tries again", async () => {
    let fail = true;
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/unread": { messages: 0, activity: 0 },
      "GET /api/analytics": () => (fail ? apiError(500, "internal", "Boom") : Response.json(overview(30))),
    });
    const user = userEvent.setup();
    renderApp("/analytics");
    expect(await screen.findByRole("alert")).toHaveTextContent(ANALYTICS_TEXTS.loadFailed);
    fail = false;
    await user.click(screen.getByRole("button", { name: ANALYTICS_TEXTS.retry }));
    expect(await screen.findByTestId("analytics-empty")).toBeInTheDocument();
  });
});
