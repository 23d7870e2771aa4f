// /messages (second document §2 Messages): two panes, the conversation list (350 px) and the open
// chat (600 px high), side by side from the md breakpoint; on a phone one pane at a time, with a
// back step from the chat to the list. A back button goes to /feed. `?conversation=` opens a
// conversation; `?userId=` opens or creates the one with that user and then shows it (on failure,
// the spec only logs it and stays on /messages).
import { useNavigate } from "@tanstack/react-router";
import { MessagesSquare } from "lucide-react";
import { useEffect, useRef } from "react";
import { MESSAGING_TEXTS } from "@shared/messages";
import { BackLink } from "@web/components/back-link";
import { appPaths } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import type { SocketLike } from "@web/lib/live-socket";
import { messagingCalls } from "../api";
import { ChatPane } from "./chat-pane";
import { ConversationList } from "./conversation-list";

export function MessagesScreen({
  viewerId,
  conversationId,
  withUserId,
  createSocket,
}: {
  viewerId: string;
  conversationId: string | null;
  withUserId: string | null;
  createSocket?: (url: string) => SocketLike;
}) {
  const navigate = useNavigate();
  const opening = useRef<string | null>(null);

  useEffect(() => {
    if (!withUserId || opening.current === withUserId) return;
    opening.current = withUserId;
    messagingCalls
      .open(withUserId)
      .then(({ id }) => navigate({ to: "/messages", search: { conversation: id }, replace: true }))
      .catch((error: unknown) => {
        console.error("Opening a conversation failed:", error);
        return navigate({ to: "/messages", search: {}, replace: true });
      });
  }, [withUserId, navigate]);

  const chatOpen = conversationId !== null;
  return (
    <div className="flex flex-col px-0 pt-2 md:px-4 md:pt-4">
      <div className={cn("mb-2 flex items-center gap-2 px-3 md:px-1", chatOpen && "max-md:hidden")}>
        <BackLink to={appPaths.feed} label={MESSAGING_TEXTS.backToFeed} className="-ml-1" />
        <h1 className="font-display text-2xl font-bold tracking-tight">{MESSAGING_TEXTS.title}</h1>
      </div>
      <div
        className={cn(
          "flex overflow-hidden border-y bg-card md:h-[600px] md:rounded-[var(--radius-card)] md:border",
          // A phone shows one pane filling the space between the header and the bottom bar.
          chatOpen ? "h-[calc(100dvh-3.5rem-4rem-env(safe-area-inset-bottom)-0.5rem)]" : "h-[calc(100dvh-3.5rem-4rem-env(safe-area-inset-bottom)-3.75rem)]",
        )}
        data-testid="messages-panes"
      >
        <aside className={cn("flex min-h-0 w-full flex-col md:w-[350px] md:shrink-0 md:border-r", chatOpen && "max-md:hidden")} aria-label={MESSAGING_TEXTS.title}>
          <ConversationList viewerId={viewerId} selectedId={conversationId} />
        </aside>
        <div className={cn("flex min-h-0 min-w-0 flex-1 flex-col", !chatOpen && "max-md:hidden")}>
          {conversationId ? (
            <ChatPane
              key={conversationId}
              conversationId={conversationId}
              viewerId={viewerId}
              createSocket={createSocket}
              onBack={() => void navigate({ to: "/messages", search: {} })}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-muted-foreground">
              <MessagesSquare className="size-10" aria-hidden />
              <p>{MESSAGING_TEXTS.selectConversation}</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
