// Telling the live rooms that something was stored (DESIGN.md "Realtime": rows in D1 first, then
// the broadcast; decision records 0040 and 0041). A failed broadcast is logged, never surfaced:
// the row is already stored, and every client refetches what it missed when its socket reopens.
import type { ChatBroadcast, UserChannelBroadcast } from "@shared/messaging-realtime";
import type { Bindings } from "../env";
import type { Logger } from "../lib/logger";

type LiveEnv = Pick<Bindings, "CHAT_ROOM" | "USER_CHANNEL">;

export function chatRoom(env: LiveEnv, conversationId: string) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(conversationId));
}

export function userChannel(env: LiveEnv, userId: string) {
  return env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId));
}

/** Broadcasts a stored change to a conversation's room. */
export async function broadcastToChat(env: LiveEnv, log: Logger, conversationId: string, message: ChatBroadcast): Promise<void> {
  try {
    await chatRoom(env, conversationId).broadcast(message);
  } catch (error) {
    log.error("chat broadcast failed", { conversationId, error });
  }
}

/** Tells every open tab of each user (duplicates and nulls skipped) about a stored change. */
export async function notifyUsers(env: LiveEnv, log: Logger, userIds: readonly (string | null)[], message: UserChannelBroadcast): Promise<void> {
  const targets = [...new Set(userIds.filter((id): id is string => id !== null))];
  await Promise.all(
    targets.map(async (userId) => {
      try {
        await userChannel(env, userId).notify(message);
      } catch (error) {
        log.error("user channel notify failed", { userId, type: message.type, error });
      }
    }),
  );
}
