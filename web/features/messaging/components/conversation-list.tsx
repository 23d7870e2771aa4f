// The left pane of /messages (second document §2 Messages): a search by display name or username
// (case-insensitive, on the server), the list's three states, and rows with avatar or initials,
// name, relative time, a preview ('You: ' for my own last message, 'Start a conversation' when
// there is none) and the unread count.
import { useInfiniteQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Search } from "lucide-react";
import { useState } from "react";
import { MESSAGING_TEXTS } from "@shared/messages";
import type { ConversationSummary } from "@shared/messaging-api";
import { RelativeTime } from "@web/components/relative-time";
import { Avatar } from "@web/components/ui/avatar";
import { Input } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { conversationsQueryOptions } from "../api";

export function ConversationList({ viewerId, selectedId }: { viewerId: string; selectedId: string | null }) {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 250);
  const list = useInfiniteQuery(conversationsQueryOptions(q));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="relative border-b p-3">
        <Search className="pointer-events-none absolute top-1/2 left-6 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={MESSAGING_TEXTS.searchPlaceholder}
          aria-label={MESSAGING_TEXTS.searchLabel}
          className="pl-9"
        />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto" data-testid="conversation-list">
        {list.isPending ? (
          <p role="status" className="p-6 text-center text-sm text-muted-foreground">
            {MESSAGING_TEXTS.loadingConversations}
          </p>
        ) : list.isError ? (
          <p role="alert" className="p-6 text-center text-sm text-destructive">
            {MESSAGING_TEXTS.loadConversationsFailed}
          </p>
        ) : items.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{q ? MESSAGING_TEXTS.noConversationsFound : MESSAGING_TEXTS.noConversations}</p>
        ) : (
          <ul aria-label={MESSAGING_TEXTS.title}>
            {items.map((conversation) => (
              <li key={conversation.id}>
                <ConversationRow conversation={conversation} viewerId={viewerId} selected={conversation.id === selectedId} />
              </li>
            ))}
          </ul>
        )}
        {list.hasNextPage ? (
          <button
            type="button"
            className="w-full p-3 text-sm font-medium text-primary hover:underline disabled:opacity-60"
            disabled={list.isFetchingNextPage}
            onClick={() => void list.fetchNextPage()}
          >
            {MESSAGING_TEXTS.moreConversations}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function ConversationRow({ conversation, viewerId, selected }: { conversation: ConversationSummary; viewerId: string; selected: boolean }) {
  const { otherUser, lastMessage, unreadCount } = conversation;
  const preview = lastMessage ? `${lastMessage.senderId === viewerId ? MESSAGING_TEXTS.youPrefix : ""}${lastMessage.content}` : MESSAGING_TEXTS.startConversation;
  return (
    <Link
      to="/messages"
      search={{ conversation: conversation.id }}
      aria-current={selected ? "true" : undefined}
      data-testid="conversation-row"
      className={cn(
        "flex items-center gap-3 border-b border-border/60 px-3 py-3 transition hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
        selected && "bg-muted",
      )}
    >
      <Avatar src={otherUser.avatarUrl} name={otherUser.displayName} size="md" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className="truncate font-semibold">{otherUser.displayName}</span>
          <RelativeTime date={conversation.activityAt} className="shrink-0 text-xs text-muted-foreground" />
        </span>
        <span className="flex items-center justify-between gap-2">
          <span className={cn("truncate text-sm", unreadCount > 0 ? "font-medium text-foreground" : "text-muted-foreground")}>{preview}</span>
          {unreadCount > 0 ? (
            <span
              className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
              aria-label={MESSAGING_TEXTS.unreadBadge(unreadCount)}
              data-testid="unread-badge"
            >
              {unreadCount}
            </span>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
