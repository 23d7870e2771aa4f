// Second document §2 Messages (/messages): the conversation list and the open chat, with the
// `conversation` and `userId` query parameters (decision record 0040).
import { createFileRoute } from "@tanstack/react-router";
import { conversationsQueryOptions } from "@web/features/messaging/api";
import { MessagesScreen } from "@web/features/messaging/components/messages-screen";
import { optionalString } from "@web/lib/search-params";

const id = { min: 1, max: 64 };

export const Route = createFileRoute("/_authed/messages")({
  validateSearch: (search): { conversation?: string; userId?: string } => ({
    conversation: optionalString(search.conversation, id),
    userId: optionalString(search.userId, id),
  }),
  // Started here, not awaited (decision record 0016): the panes appear at once with their states.
  loader: ({ context }) => {
    void context.queryClient.prefetchInfiniteQuery(conversationsQueryOptions(""));
  },
  staticData: { layout: "wide" },
  component: MessagesPage,
});

function MessagesPage() {
  const { user } = Route.useRouteContext();
  const { conversation, userId } = Route.useSearch();
  return <MessagesScreen viewerId={user.id} conversationId={conversation ?? null} withUserId={userId ?? null} />;
}
