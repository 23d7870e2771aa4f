// Messages and activity for the SPA (second document §2 Messages and Activity; the contract in
// shared/messaging-api.ts; decision records 0040 and 0041): key factories, query options and the
// writes. Calls go through the typed hc client and `unwrap`, so failures carry the server's text.
import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type {
  ActivityFeed,
  ChatMessage,
  ConversationPage,
  ConversationSummary,
  MessagePage,
  OpenedConversation,
  UnreadCounts,
} from "@shared/messaging-api";
import { api, unwrap } from "@web/lib/api-client";
import { cursorPages, cursorParam } from "@web/lib/paging";

export const messagingKeys = {
  all: ["messaging"] as const,
  unread: () => [...messagingKeys.all, "unread"] as const,
  conversationLists: () => [...messagingKeys.all, "conversations"] as const,
  conversations: (q: string) => [...messagingKeys.conversationLists(), q] as const,
  conversation: (id: string) => [...messagingKeys.all, "conversation", id] as const,
  messages: (id: string) => [...messagingKeys.all, "messages", id] as const,
  activity: () => [...messagingKeys.all, "activity"] as const,
};

export const messagingCalls = {
  unread: (signal?: AbortSignal): Promise<UnreadCounts> => unwrap(api.api.unread.$get({}, { init: { signal } })),
  conversations: (q: string, cursor: string | null, signal?: AbortSignal): Promise<ConversationPage> =>
    unwrap(api.api.conversations.$get({ query: { ...(q ? { q } : {}), ...cursorParam(cursor) } }, { init: { signal } })),
  conversation: (conversationId: string, signal?: AbortSignal): Promise<ConversationSummary> =>
    unwrap(api.api.conversations[":conversationId"].$get({ param: { conversationId } }, { init: { signal } })),
  messages: (conversationId: string, before: string | null, signal?: AbortSignal): Promise<MessagePage> =>
    unwrap(
      api.api.conversations[":conversationId"].messages.$get({ param: { conversationId }, query: before ? { before } : {} }, { init: { signal } }),
    ),
  messagesSince: (conversationId: string, since: string, signal?: AbortSignal): Promise<MessagePage> =>
    unwrap(api.api.conversations[":conversationId"].messages.$get({ param: { conversationId }, query: { since } }, { init: { signal } })),
  open: (userId: string): Promise<OpenedConversation> => unwrap(api.api.conversations.$post({ json: { userId } })),
  send: (conversationId: string, clientId: string, content: string): Promise<ChatMessage> =>
    unwrap(api.api.conversations[":conversationId"].messages.$post({ param: { conversationId }, json: { clientId, content } })),
  markRead: (conversationId: string): Promise<{ lastReadAt: number }> =>
    unwrap(api.api.conversations[":conversationId"].read.$put({ param: { conversationId } })),
  activity: (signal?: AbortSignal): Promise<ActivityFeed> => unwrap(api.api.activity.$get({}, { init: { signal } })),
  markActivityRead: (activityId: string): Promise<{ id: string; isRead: true }> =>
    unwrap(api.api.activity[":activityId"].read.$put({ param: { activityId } })),
  markAllActivityRead: (): Promise<{ unreadCount: number }> => unwrap(api.api.activity["read-all"].$post()),
};

export function unreadQueryOptions() {
  return queryOptions({ queryKey: messagingKeys.unread(), queryFn: ({ signal }) => messagingCalls.unread(signal), staleTime: 60_000 });
}

export function conversationsQueryOptions(q: string) {
  return infiniteQueryOptions({
    queryKey: messagingKeys.conversations(q),
    queryFn: ({ pageParam, signal }) => messagingCalls.conversations(q, pageParam, signal),
    ...cursorPages,
  });
}

export function conversationQueryOptions(conversationId: string) {
  return queryOptions({ queryKey: messagingKeys.conversation(conversationId), queryFn: ({ signal }) => messagingCalls.conversation(conversationId, signal) });
}

export type MessagesData = InfiniteData<MessagePage, string | null>;

/** Pages newest first (the first page is the newest messages); older pages load on scroll up. */
export function messagesQueryOptions(conversationId: string) {
  return infiniteQueryOptions({
    queryKey: messagingKeys.messages(conversationId),
    queryFn: ({ pageParam, signal }) => messagingCalls.messages(conversationId, pageParam, signal),
    ...cursorPages,
    // Live frames and catch-up keep it current; a refetch would drop the older pages' place.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function activityQueryOptions() {
  return queryOptions({ queryKey: messagingKeys.activity(), queryFn: ({ signal }) => messagingCalls.activity(signal) });
}

/** The messages of a loaded conversation, oldest first. */
export function flattenMessages(data: Pick<MessagesData, "pages"> | undefined): ChatMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.items);
}

/**
 * Adds messages to the cached conversation (deduplicated by id, kept in seq order), so the
 * sender's own message shows once whether the POST's answer or the room's frame comes first.
 */
export function addMessages(queryClient: QueryClient, conversationId: string, incoming: readonly ChatMessage[]): void {
  queryClient.setQueryData<MessagesData>(messagingKeys.messages(conversationId), (current) => {
    if (!current || current.pages.length === 0) return current;
    const known = new Set(current.pages.flatMap((page) => page.items.map((m) => m.id)));
    const fresh = incoming.filter((m) => m.conversationId === conversationId && !known.has(m.id));
    if (fresh.length === 0) return current;
    const [newest, ...older] = current.pages;
    const items = [...newest!.items, ...fresh].sort((a, b) => a.seq - b.seq);
    return { ...current, pages: [{ ...newest!, items }, ...older] };
  });
}

/**
 * Drops a message from the cached conversation (moderation hid it from this reader), whether the
 * conversation is on screen or not. Nothing else of the cache changes.
 */
export function removeMessage(queryClient: QueryClient, conversationId: string, messageId: string): void {
  queryClient.setQueryData<MessagesData>(messagingKeys.messages(conversationId), (current) => {
    if (!current || !current.pages.some((page) => page.items.some((m) => m.id === messageId))) return current;
    return { ...current, pages: current.pages.map((page) => ({ ...page, items: page.items.filter((m) => m.id !== messageId) })) };
  });
}

/**
 * A conversation's messages changed somewhere else: its cached pages are marked stale but not
 * refetched now. On screen, its room delivers the message; off screen, it is fetched when shown.
 */
export function markMessagesStale(queryClient: QueryClient, conversationId: string): void {
  void queryClient.invalidateQueries({ queryKey: messagingKeys.messages(conversationId), refetchType: "none" });
}

/** Badges and lists that depend on messages or activity: refetched after any change. */
export function refreshMessagingSummaries(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
  void queryClient.invalidateQueries({ queryKey: messagingKeys.conversationLists() });
}
