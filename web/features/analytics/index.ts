// /analytics (issue #15 part 3; decision records 0051 and 0052).
export { analyticsQueryOptions } from "./api";
export { AnalyticsScreen } from "./components/analytics-screen";
