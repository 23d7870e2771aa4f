// The signed-in tab's live channel (DESIGN.md "Realtime": one live channel per user for badges
// and activity; decision record 0041). One socket per tab, opened by the signed-in layout. Frames
// say what changed; the tab refetches the counts and the lists it holds, and does so again each
// time the socket (re)opens, so nothing missed while it was down stays missing.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { parseUserChannelServerMessage, USER_CHANNEL_PATH, type UserChannelClientMessage, type UserChannelServerMessage } from "@shared/messaging-realtime";
import { HEARTBEAT_INTERVAL_MS } from "@shared/realtime";
import { createLiveSocket, liveUrl, type SocketLike } from "@web/lib/live-socket";
import { markMessagesStale, messagingKeys, refreshMessagingSummaries, removeMessage, unreadQueryOptions } from "./api";

export function useLiveBadges({ createSocket }: { createSocket?: (url: string) => SocketLike } = {}): { messages: number; activity: number } {
  const queryClient = useQueryClient();
  const unread = useQuery(unreadQueryOptions());

  useEffect(() => {
    const refreshActivity = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.activity() });
    const socket = createLiveSocket<UserChannelServerMessage, UserChannelClientMessage>({
      url: () => liveUrl(USER_CHANNEL_PATH),
      parse: parseUserChannelServerMessage,
      createSocket,
      heartbeat: { intervalMs: HEARTBEAT_INTERVAL_MS, message: () => ({ type: "ping", t: Date.now() }) },
      onOpen: ({ previousOpens }) => {
        // The first open comes with the first fetch; a reopen may have missed frames.
        if (previousOpens > 0) {
          refreshMessagingSummaries(queryClient);
          refreshActivity();
        }
      },
      onMessage: (message) => {
        switch (message.type) {
          case "message.created":
            // A notice (decision record 0077): an open conversation receives the message on its
            // own room; a cached one that is not on screen fetches it when it is next shown.
            markMessagesStale(queryClient, message.conversationId);
            refreshMessagingSummaries(queryClient);
            refreshActivity();
            break;
          case "message.hidden":
            // Moderation hid a message sent to me (decision record 0083): it leaves the chat at
            // once, and the list's preview, the badges and activity are fetched again.
            removeMessage(queryClient, message.conversationId, message.messageId);
            refreshMessagingSummaries(queryClient);
            refreshActivity();
            break;
          case "conversation.read":
          case "conversation.opened":
            refreshMessagingSummaries(queryClient);
            break;
          case "activity.created":
          case "activity.read":
            void queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
            refreshActivity();
            break;
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
    const onOnline = () => socket.reconnectNow();
    window.addEventListener("online", onOnline);
    return () => {
      window.removeEventListener("online", onOnline);
      socket.close();
    };
  }, [queryClient, createSocket]);

  return { messages: unread.data?.messages ?? 0, activity: unread.data?.activity ?? 0 };
}
