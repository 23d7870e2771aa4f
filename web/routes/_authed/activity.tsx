// Second document §2 Activity (/activity): likes and comments on my posts, follows of me and
// messages to me, with read state on the server (decision record 0041).
import { createFileRoute } from "@tanstack/react-router";
import { activityQueryOptions } from "@web/features/messaging/api";
import { ActivityScreen } from "@web/features/messaging/components/activity-screen";

export const Route = createFileRoute("/_authed/activity")({
  // Started here, not awaited (decision record 0016).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(activityQueryOptions());
  },
  component: ActivityScreen,
});
