// /analytics (decision records 0051 and 0052).
export { analyticsQueryOptions } from "./api";
export { AnalyticsScreen } from "./components/analytics-screen";
