// /analytics for the SPA (the contract in shared/analytics-api.ts): the key
// factory and query options of the overview, one query per period.
import { queryOptions } from "@tanstack/react-query";
import type { AnalyticsOverview } from "@shared/analytics-api";
import type { AnalyticsPeriod } from "@shared/constants";
import { api, unwrap } from "@web/lib/api-client";

const analyticsKeys = {
  all: ["analytics"] as const,
  overview: (period: AnalyticsPeriod) => [...analyticsKeys.all, "overview", period] as const,
};

export function analyticsQueryOptions(period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: analyticsKeys.overview(period),
    queryFn: ({ signal }): Promise<AnalyticsOverview> =>
      unwrap(api.api.analytics.$get({ query: { days: String(period) as "7" | "30" | "90" } }, { init: { signal } })),
    // Today's numbers are live, so a return to the page a minute later asks again.
    staleTime: 60_000,
  });
}
