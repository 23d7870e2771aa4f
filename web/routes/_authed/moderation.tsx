// /moderation (issue #27 item 4; decision record 0083): the moderators' queue. Anyone without the
// role is sent to the feed before the screen loads; the server checks the role on every call.
import { createFileRoute, redirect } from "@tanstack/react-router";
import { moderationQueueQueryOptions } from "@web/features/moderation/api";
import { ModerationScreen } from "@web/features/moderation/components/moderation-screen";

export const Route = createFileRoute("/_authed/moderation")({
  beforeLoad: ({ context }) => {
    if (!context.user.isModerator) throw redirect({ to: "/feed", replace: true });
  },
  // Started here, not awaited (decision record 0016).
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(moderationQueueQueryOptions());
  },
  component: ModerationScreen,
});
