// The right pane of /messages (second document §2 Messages): the other user's name and @username,
// messages (mine on the right, theirs on the left, each with its h:mm AM/PM time), 'Loading
// messages...', 'Start your conversation with {name}'; Enter sends, Shift+Enter is a new line,
// Send is disabled on blank text; older messages load as the list is scrolled up. Live over the
// conversation's ChatRoom (decision record 0040) with a quiet 'Reconnecting...' while it is down.
//
// A message is shown at once as pending, with a client-generated id. If the send fails the spec
// only logs it; we also keep it on screen as 'Not sent' with Retry, which resends the same id, so
// a message that did reach the server before the connection dropped is never stored twice; when
// the conversation's room is joined again after a drop (the server is back), every message still
// 'Not sent' is resent by itself the same way (issue #33). Retry
// is offered only where retrying can work (the network or the server failed): a message the
// server refused (the screen, a held-back link, the rate limit) goes back into the composer with
// the reason above it, to be edited (decision record 0085). Links in a text message show as links
// naming their host. After a message is sent, a card may offer to notify the sender of the
// reply (issue #30: push is asked for at a moment that explains itself, never on load).
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, SendHorizontal } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { TEXT_LIMITS } from "@shared/constants";
import { MESSAGING_TEXTS, MODERATION_TEXTS, SAFETY_TEXTS } from "@shared/messages";
import type { ChatMessage } from "@shared/messaging-api";
import { PushMomentCard } from "@web/components/push-moment-card";
import { ReportDialog } from "@web/components/report-dialog";
import { SafetyMenu } from "@web/components/safety-menu";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Textarea } from "@web/components/ui/textarea";
import { cn } from "@web/lib/cn";
import { formatClockTime } from "@web/lib/format";
import { ApiClientError } from "@web/lib/api-client";
import type { SocketLike } from "@web/lib/live-socket";
import { addMessages, conversationQueryOptions, flattenMessages, messagingCalls, messagesQueryOptions, refreshMessagingSummaries } from "../api";
import { useChatLive } from "../use-chat-live";
import { MessageText } from "./message-text";

interface Pending {
  clientId: string;
  content: string;
  createdAt: number;
  failed: boolean;
}

/** How close to the top (px) the list must be scrolled before the older page is asked for. */
const LOAD_OLDER_WITHIN_PX = 80;

export function ChatPane({
  conversationId,
  viewerId,
  onBack,
  createSocket,
}: {
  conversationId: string;
  viewerId: string;
  /** The phone's back step to the list. */
  onBack: () => void;
  createSocket?: (url: string) => SocketLike;
}) {
  const queryClient = useQueryClient();
  const conversation = useQuery(conversationQueryOptions(conversationId));
  const messages = useInfiniteQuery(messagesQueryOptions(conversationId));
  const [pending, setPending] = useState<Pending[]>([]);
  const [text, setText] = useState("");
  /** Why the server refused the last message; its text went back into the composer. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** A message of mine reached the server while this conversation was open. */
  const [sentOne, setSentOne] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const heightBeforeOlder = useRef<number | null>(null);

  const markRead = useCallback(() => {
    messagingCalls
      .markRead(conversationId)
      .then(() => refreshMessagingSummaries(queryClient))
      .catch((error: unknown) => console.warn(`Marking conversation ${conversationId} read failed:`, error));
  }, [conversationId, queryClient]);

  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  const retryRef = useRef<(item: Pending) => void>(() => {});
  // Back online: what failed to go out goes out now, with its own client id.
  const resendFailed = useCallback(() => {
    for (const item of pendingRef.current) if (item.failed) retryRef.current(item);
  }, []);
  const live = useChatLive(conversationId, { viewerId, onIncoming: markRead, onRejoin: resendFailed, createSocket });

  // Opening a conversation marks it read.
  useEffect(() => {
    markRead();
    setPending([]);
  }, [markRead]);

  const shown = flattenMessages(messages.data);
  const storedClientIds = new Set(shown.map((m) => m.clientId));
  const stillPending = pending.filter((p) => !storedClientIds.has(p.clientId));
  const other = conversation.data?.otherUser;

  // Stay at the bottom as messages arrive; keep the reader's place when an older page is added.
  const count = shown.length + stillPending.length;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (heightBeforeOlder.current !== null) {
      el.scrollTop += el.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
      return;
    }
    el.scrollTop = el.scrollHeight;
  }, [count]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el || el.scrollTop > LOAD_OLDER_WITHIN_PX || !messages.hasNextPage || messages.isFetchingNextPage) return;
    heightBeforeOlder.current = el.scrollHeight;
    void messages.fetchNextPage();
  };

  const deliver = (item: Pending) => {
    messagingCalls
      .send(conversationId, item.clientId, item.content)
      .then((stored: ChatMessage) => {
        addMessages(queryClient, conversationId, [stored]);
        refreshMessagingSummaries(queryClient);
        setSentOne(true);
      })
      .catch((error: unknown) => {
        if (error instanceof ApiClientError && refusedForGood(error)) {
          // Sending the same text again would be refused again: back to the composer with why.
          setPending((list) => list.filter((p) => p.clientId !== item.clientId));
          setRefusal(error.message);
          setText((current) => (current.trim() === "" ? item.content : current));
          return;
        }
        console.error("Sending a message failed:", error);
        setPending((list) => list.map((p) => (p.clientId === item.clientId ? { ...p, failed: true } : p)));
      });
  };

  const send = () => {
    const content = text.trim();
    // §5: a blank message is ignored.
    if (!content) return;
    const item: Pending = { clientId: crypto.randomUUID(), content, createdAt: Date.now(), failed: false };
    setPending((list) => [...list, item]);
    setText("");
    setRefusal(null);
    live.sendTyping(false);
    deliver(item);
  };

  const retry = (item: Pending) => {
    setPending((list) => list.map((p) => (p.clientId === item.clientId ? { ...p, failed: false } : p)));
    deliver(item);
  };
  retryRef.current = retry;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <section className="flex h-full min-h-0 flex-1 flex-col" aria-label={other ? other.displayName : MESSAGING_TEXTS.title}>
      <header className="flex items-center gap-3 border-b px-3 py-2.5">
        <button
          type="button"
          onClick={onBack}
          aria-label={MESSAGING_TEXTS.backToConversations}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring md:hidden"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </button>
        {other ? (
          <>
            <Avatar src={other.avatarUrl} name={other.displayName} size="sm" />
            <div className="min-w-0 flex-1">
              <h2 className="truncate font-semibold leading-tight">{other.displayName}</h2>
              <p className="truncate text-xs text-muted-foreground">@{other.username}</p>
            </div>
          </>
        ) : (
          <div className="flex-1" />
        )}
        {live.reconnecting ? (
          <span role="status" className="shrink-0 text-xs text-muted-foreground" data-testid="reconnecting">
            {MESSAGING_TEXTS.reconnecting}
          </span>
        ) : null}
        {other ? <SafetyMenu user={{ userId: other.userId, username: other.username }} viewerId={viewerId} /> : null}
      </header>

      <div ref={scroller} onScroll={onScroll} className="min-h-0 flex-1 space-y-2 overflow-y-auto px-3 py-4" data-testid="message-list" aria-live="polite">
        {messages.isFetchingNextPage ? <p className="text-center text-xs text-muted-foreground">{MESSAGING_TEXTS.loadOlder}</p> : null}
        {messages.isPending ? (
          <p role="status" className="py-10 text-center text-sm text-muted-foreground">
            {MESSAGING_TEXTS.loadingMessages}
          </p>
        ) : shown.length === 0 && stillPending.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{MESSAGING_TEXTS.startConversationWith(other?.displayName ?? "")}</p>
        ) : null}
        {shown.map((message) => (
          <Bubble
            key={message.id}
            own={message.senderId === viewerId}
            content={message.content}
            time={formatClockTime(message.createdAt)}
            link={message.linkPath ? { path: message.linkPath, label: MESSAGING_TEXTS.linkLabels[message.kind] } : undefined}
          >
            {message.senderId === viewerId ? null : <ReportMessage messageId={message.id} />}
          </Bubble>
        ))}
        {stillPending.map((item) => (
          <Bubble key={item.clientId} own content={item.content} time={item.failed ? MESSAGING_TEXTS.notSent : MESSAGING_TEXTS.sending} faded>
            {item.failed ? (
              <button type="button" className="ml-2 font-semibold underline" onClick={() => retry(item)}>
                {MESSAGING_TEXTS.retry}
              </button>
            ) : null}
          </Bubble>
        ))}
      </div>

      {live.otherTyping && other ? (
        <p className="px-4 pb-1 text-xs text-muted-foreground" data-testid="typing">
          {MESSAGING_TEXTS.typing(other.displayName)}
        </p>
      ) : null}

      {/* Across a block, or with a deleted account, the conversation stays readable and says, neutrally, that it is closed (0082, 0084). */}
      {conversation.data?.canReply === false ? (
        <p role="status" className="border-t p-4 text-center text-sm text-muted-foreground" data-testid="cannot-reply">
          {SAFETY_TEXTS.cannotReply}
        </p>
      ) : (
        <>
      {sentOne && other ? <PushMomentCard moment="message" userId={viewerId} name={other.displayName} className="mx-3 mb-2" /> : null}
      {refusal ? (
        <p id="composer-refusal" role="alert" className="border-t px-4 pt-2 text-sm text-destructive" data-testid="composer-refusal">
          {MESSAGING_TEXTS.notSentBecause(refusal)}
        </p>
      ) : null}

      <form
        className={cn("flex items-end gap-2 p-3", !refusal && "border-t")}
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <Textarea
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            live.sendTyping(event.target.value.trim() !== "");
          }}
          onKeyDown={onKeyDown}
          placeholder={MESSAGING_TEXTS.messagePlaceholder}
          aria-label={MESSAGING_TEXTS.messageLabel}
          aria-describedby={refusal ? "composer-refusal" : undefined}
          aria-invalid={refusal ? true : undefined}
          maxLength={TEXT_LIMITS.message}
          rows={1}
          className="max-h-32 min-h-10 flex-1 resize-none"
        />
        <Button type="submit" size="icon" disabled={text.trim() === ""} aria-label={MESSAGING_TEXTS.send}>
          <SendHorizontal aria-hidden />
        </Button>
      </form>
        </>
      )}
    </section>
  );
}

/**
 * A refusal the same request would meet again (validation, a held-back link, a missing
 * conversation, the rate limit): not worth a Retry button. The network and the server's own
 * failures are worth one.
 */
function refusedForGood(error: ApiClientError): boolean {
  return error.code !== "network" && error.status >= 400 && error.status < 500;
}

interface BubbleLink {
  path: string;
  label: string;
}

/** Report on a message someone sent the viewer (decision record 0083). */
function ReportMessage({ messageId }: { messageId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="ml-2 font-semibold underline-offset-2 hover:underline" onClick={() => setOpen(true)}>
        {MODERATION_TEXTS.reportAction}
      </button>
      <ReportDialog targetType="message" targetId={messageId} open={open} onOpenChange={setOpen} />
    </>
  );
}

function Bubble({
  own,
  content,
  time,
  faded,
  link,
  children,
}: {
  own: boolean;
  content: string;
  time: string;
  faded?: boolean;
  /** The app's own messages (an offer, a booking, a review request) open what they are about. */
  link?: BubbleLink | undefined;
  children?: ReactNode;
}) {
  return (
    <div className={cn("flex", own ? "justify-end" : "justify-start")} data-testid={own ? "message-own" : "message-other"}>
      <div
        className={cn(
          "max-w-[80%] rounded-2xl px-3.5 py-2 text-sm shadow-sm",
          own ? "rounded-br-md bg-primary text-primary-foreground" : "rounded-bl-md bg-muted text-foreground",
          faded && "opacity-70",
        )}
      >
        <p className="whitespace-pre-wrap break-words">
          <MessageText content={content} own={own} />
        </p>
        {link ? (
          <Link
            to={link.path}
            className={cn(
              "mt-2 inline-flex min-h-9 items-center rounded-lg px-3 text-sm font-medium underline-offset-2 hover:underline focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2",
              own ? "bg-primary-foreground/15 text-primary-foreground" : "bg-background text-foreground",
            )}
          >
            {link.label}
          </Link>
        ) : null}
        <p className={cn("mt-1 text-[11px]", own ? "text-primary-foreground" : "text-muted-foreground")}>
          {time}
          {children}
        </p>
      </div>
    </div>
  );
}
