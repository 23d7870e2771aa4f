// /messages/{conversationId}: the path a message's push opens (issue #30; shared/notifications-api.ts
// PushPayload.path). The conversation screen itself is /messages?conversation={id} (decision
// record 0040), so this path only forwards there, replacing itself in the history.
import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/_authed/messages_/$conversationId")({
  beforeLoad: ({ params }) => {
    throw redirect({ to: "/messages", search: { conversation: params.conversationId }, replace: true });
  },
});
