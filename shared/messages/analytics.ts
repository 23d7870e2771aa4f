/**
 * /analytics (decision records 0051 and 0052): the spec's four metric cards, chart, top
 * services and recent activity, on the user's own numbers. Days are UTC days.
 */
export const ANALYTICS_TEXTS = {
  title: "Analytics",
  intro: "How people find and buy from you. Days are counted in UTC.",
  periodLabel: "Period",
  periods: { 7: "Last 7 days", 30: "Last 30 days", 90: "Last 90 days" },
  metrics: { profileViews: "Profile views", postViews: "Post views", newFollowers: "New followers", earningsCents: "Earnings" },
  change: {
    new: "new",
    same: "no change",
    against: (days: number) => `against the previous ${days} days`,
  },
  emptyTitle: "No numbers yet",
  empty:
    "Your numbers appear here as people visit your profile, view your posts, follow you and buy your services or products. Today's visits show right away; earlier days are added every night.",
  chartTitle: "Over time",
  chartMetricLabel: "Show on the chart",
  chartTableCaption: (metric: string, period: string) => `${metric} per day, ${period.toLowerCase()}`,
  dayColumn: "Day (UTC)",
  showTable: "Show as a table",
  loadingChart: "Loading the chart",
  topServicesTitle: "Top services",
  byViews: "By views",
  bySales: "By sales",
  views: (n: number) => (n === 1 ? "1 view" : `${n} views`),
  sales: (n: number) => (n === 1 ? "1 sale" : `${n} sales`),
  noServices: "No service was viewed or bought in this period.",
  recentActivityTitle: "Recent activity",
  noActivity: "New followers and sales will be listed here.",
  followed: (name: string) => `${name} followed you`,
  sold: (item: string, amount: string) => `Sold ${item} for ${amount}`,
  loadFailed: "Failed to load analytics",
  retry: "Try Again",
  backToDashboard: "Back to dashboard",
} as const;