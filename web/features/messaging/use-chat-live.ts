// The open conversation's ChatRoom (second document §2 Messages; first document §4 channel
// states, §9 heartbeat 25 s and reconnect 1, 2, 5, 10, 10… s; decision record 0040). New messages
// go straight into the cached conversation; each time the socket reopens, everything after the
// newest message held with none missing before it (catchUpPoint) is fetched with `?since=` and
// its server-issued cursor, so nothing sent
// while the connection was down is lost; a conversation that held no message yet is fetched
// whole. Typing frames pass through and are never stored. From the first drop until the room is
// joined again the person is told it is reconnecting, through every attempt in between, and the
// screen is told when the room is back (it resends what did not go out: issue #33).
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { MESSAGING_LIMITS } from "@shared/constants";
import type { ChatMessage } from "@shared/messaging-api";
import { chatRoomPath, type ChatClientMessage, type ChatServerMessage, parseChatServerMessage } from "@shared/messaging-realtime";
import { HEARTBEAT_INTERVAL_MS, reconnectDelayMs, withJitter } from "@shared/realtime";
import { ApiClientError } from "@web/lib/api-client";
import { type ChannelState, createLiveSocket, type LiveSocket, liveUrl, type SocketLike } from "@web/lib/live-socket";
import { addMessages, flattenMessages, messagingCalls, messagingKeys, type MessagesData } from "./api";

/**
 * Where catching up starts: the newest message held below which no seq is missing. Seq numbers a
 * conversation's messages 1, 2, 3…, and a message can be held without those before it — my own,
 * added from the POST's answer while the room was down, after the other side wrote one I have not
 * seen. Catching up from the newest would skip that one for good (the load run of issue #33 found
 * it). A message hidden by moderation leaves a gap too; catching up across it costs one small
 * fetch. Only the newest page's worth is looked at: a gap older than that is not from a drop.
 */
function catchUpPoint(held: readonly ChatMessage[]): ChatMessage | undefined {
  const floor = Math.max(0, held.length - MESSAGING_LIMITS.catchUp);
  for (let i = held.length - 2; i >= floor; i -= 1) {
    if (held[i]!.seq + 1 !== held[i + 1]!.seq) return held[i];
  }
  return held.at(-1);
}

/** Tries of one catch-up, the first included; the next reconnect starts again. */
const CATCH_UP_ATTEMPTS = 5;

export interface ChatLive {
  state: ChannelState;
  /** The room was lost and is not joined again yet (every attempt in between included). */
  reconnecting: boolean;
  /** The other participant is typing right now. */
  otherTyping: boolean;
  /** Tells the other participant that I am (or stopped) typing; sent at most every few seconds. */
  sendTyping: (typing: boolean) => void;
}

export function useChatLive(
  conversationId: string | null,
  {
    viewerId,
    onIncoming,
    onRejoin,
    createSocket,
  }: {
    viewerId: string;
    onIncoming?: (message: ChatMessage) => void;
    /** The room is joined again after a drop: the server is reachable again. */
    onRejoin?: () => void;
    createSocket?: (url: string) => SocketLike;
  },
): ChatLive {
  const queryClient = useQueryClient();
  const [state, setState] = useState<ChannelState>("closed");
  const [reconnecting, setReconnecting] = useState(false);
  const [otherTyping, setOtherTyping] = useState(false);
  const socketRef = useRef<LiveSocket<ChatClientMessage> | null>(null);
  const lastTypingSent = useRef(0);
  const incoming = useRef(onIncoming);
  incoming.current = onIncoming;
  const rejoined = useRef(onRejoin);
  rejoined.current = onRejoin;

  useEffect(() => {
    if (!conversationId) return;
    let typingTimer: ReturnType<typeof setTimeout> | undefined;
    let catchUp: AbortController | null = null;
    const key = messagingKeys.messages(conversationId);
    const received = (messages: ChatMessage[]) => {
      addMessages(queryClient, conversationId, messages);
      for (const message of messages) if (message.senderId !== viewerId) incoming.current?.(message);
    };
    const socket = createLiveSocket<ChatServerMessage, ChatClientMessage>({
      url: () => liveUrl(chatRoomPath(conversationId)),
      parse: parseChatServerMessage,
      createSocket,
      heartbeat: { intervalMs: HEARTBEAT_INTERVAL_MS, message: () => ({ type: "ping", t: Date.now() }) },
      onStateChange: (next) => {
        setState(next);
        // "joining" between two failed attempts is still reconnecting; only a join (or leaving) ends it.
        if (next === "errored") setReconnecting(true);
        else if (next === "joined" || next === "closed") setReconnecting(false);
      },
      onOpen: ({ previousOpens }) => {
        if (previousOpens > 0) rejoined.current?.();
        const newest = catchUpPoint(flattenMessages(queryClient.getQueryData<MessagesData>(key)));
        if (!newest) {
          // Nothing held to catch up from. On the first open the first fetch brings everything;
          // on a reopen the conversation was empty when it was loaded, and a message sent while
          // the room was down would otherwise never show: fetch it whole again (it is small).
          if (previousOpens > 0) void queryClient.invalidateQueries({ queryKey: key });
          return;
        }
        catchUp?.abort();
        const controller = new AbortController();
        catchUp = controller;
        const fetchAfter = (cursor: string): Promise<void> =>
          messagingCalls.messagesSince(conversationId, cursor, controller.signal).then(({ items }) => {
            received(items);
            const last = items.at(-1);
            // A full page may have more behind it.
            if (last && items.length >= MESSAGING_LIMITS.catchUp) return fetchAfter(last.cursor);
          });
        // A catch-up that fails (the network, or a server busy right after a restart) is tried
        // again on the reconnect schedule: it is a read, so trying again doubles nothing, and
        // without it what was sent meanwhile stays missing until the next drop (issue #33).
        const attempt = (n: number) => {
          const from = catchUpPoint(flattenMessages(queryClient.getQueryData<MessagesData>(key)));
          if (!from) return;
          fetchAfter(from.cursor).catch((error: unknown) => {
            if (controller.signal.aborted) return;
            console.warn(`Catching up on conversation ${conversationId} failed:`, error);
            const worthRetrying = !(error instanceof ApiClientError) || error.status === 0 || error.status >= 500;
            if (!worthRetrying || n + 1 >= CATCH_UP_ATTEMPTS) return;
            const timer = setTimeout(() => attempt(n + 1), withJitter(reconnectDelayMs(n)));
            controller.signal.addEventListener("abort", () => clearTimeout(timer), { once: true });
          });
        };
        attempt(0);
      },
      onMessage: (message) => {
        switch (message.type) {
          case "message.created":
            received([message.message]);
            if (message.message.senderId !== viewerId) setOtherTyping(false);
            break;
          case "typing":
            if (message.userId === viewerId) break;
            clearTimeout(typingTimer);
            setOtherTyping(message.typing);
            if (message.typing) typingTimer = setTimeout(() => setOtherTyping(false), MESSAGING_LIMITS.typingTtlMs);
            break;
          case "read":
          case "welcome":
          case "pong":
            break;
          default: {
            const _exhaustive: never = message;
            return _exhaustive;
          }
        }
      },
    });
    socketRef.current = socket;
    const onOnline = () => socket.reconnectNow();
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("online", onOnline);
      clearTimeout(typingTimer);
      catchUp?.abort();
      socket.close();
      socketRef.current = null;
      setState("closed");
      setReconnecting(false);
      setOtherTyping(false);
    };
  }, [conversationId, viewerId, queryClient, createSocket]);

  const sendTyping = useCallback((typing: boolean) => {
    const now = Date.now();
    // A frame every couple of seconds keeps the indicator alive on the other side.
    if (typing && now - lastTypingSent.current < MESSAGING_LIMITS.typingTtlMs / 2) return;
    lastTypingSent.current = typing ? now : 0;
    socketRef.current?.send({ type: "typing", typing });
  }, []);

  return { state, reconnecting, otherTyping, sendTyping };
}
