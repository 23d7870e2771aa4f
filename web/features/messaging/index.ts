// Messages and activity (second document §2; decision records 0040 and 0041).
export { activityQueryOptions, conversationsQueryOptions, messagingCalls } from "./api";
export { ActivityScreen } from "./components/activity-screen";
export { MessagesScreen } from "./components/messages-screen";
export { useLiveBadges } from "./use-live-badges";
