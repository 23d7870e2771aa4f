// /analytics, the signed-in user's own numbers (spec marketplace-messaging-account
// §2 "Analytics"; decision records 0051 and 0052). The period is a search parameter, so a link or
// back/forward keeps it.
import { createFileRoute } from "@tanstack/react-router";
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, type AnalyticsPeriod } from "@shared/constants";
import { analyticsQueryOptions } from "@web/features/analytics/api";
import { AnalyticsScreen } from "@web/features/analytics/components/analytics-screen";
import { optionalOneOf } from "@web/lib/search-params";

export const Route = createFileRoute("/_authed/analytics")({
  // The four cards in one row and the two lists side by side need the desktop width.
  staticData: { layout: "wide" },
  validateSearch: (search): { days?: AnalyticsPeriod } => ({ days: optionalOneOf(search.days, ANALYTICS_PERIODS) }),
  loaderDeps: ({ search }) => ({ period: search.days ?? DEFAULT_ANALYTICS_PERIOD }),
  // Started here, not awaited (decision record 0016).
  loader: ({ context, deps }) => {
    void context.queryClient.prefetchQuery(analyticsQueryOptions(deps.period));
  },
  component: AnalyticsRoute,
});

function AnalyticsRoute() {
  const { days } = Route.useSearch();
  const navigate = Route.useNavigate();
  const period: AnalyticsPeriod = days ?? DEFAULT_ANALYTICS_PERIOD;
  return (
    <AnalyticsScreen
      period={period}
      onPeriodChange={(next) => void navigate({ search: next === DEFAULT_ANALYTICS_PERIOD ? {} : { days: next }, replace: true })}
    />
  );
}
