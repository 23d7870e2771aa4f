// Telling the live rooms that something was stored (DESIGN.md "Realtime": rows in D1 first, then
// the broadcast; decision records 0040 and 0041). A failed broadcast is logged, never surfaced:
// the row is already stored, and every client refetches what it missed when its socket reopens.
import type { ChatBroadcast, UserChannelBroadcast } from "@shared/messaging-realtime";
import type { Bindings, Ctx } from "../env";
import type { Logger } from "../lib/logger";
import type { EndedSessions, TrackedRoom } from "../realtime/socket-utils";

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

/**
 * Notes, before a signed-in user's socket is handed to a room, that they hold a socket there, so
 * the end of the session can find it (decision record 0085). Not caught: a socket the session's
 * end could miss is refused rather than opened.
 */
export async function trackRoom(env: LiveEnv, userId: string, room: TrackedRoom): Promise<void> {
  await userChannel(env, userId).trackRoom(room);
}

/**
 * Closes, within the moment it takes to reach the rooms, every socket the ended sessions opened:
 * the user channel's, each conversation's and each post's (decision record 0085). Called after
 * the sessions' rows are revoked, by sign-out, sign out everywhere, a password reset, a refresh
 * token's reuse, and by suspension and deletion. `sessions`: the ended ids, or "all" (with
 * `except`, the one session that stays: "sign out all other devices"). A failure is logged, not
 * thrown: the sessions are already ended in D1, so no socket can be reopened with them.
 */
export async function closeSessionSockets(
  ctx: Pick<Ctx, "env" | "log">,
  input: { userId: string; sessions: readonly string[] | "all"; except?: string },
): Promise<void> {
  const ended: EndedSessions = input.sessions === "all" ? { allBut: input.except ?? null } : { sessionIds: input.sessions };
  try {
    await userChannel(ctx.env, input.userId).endSessions(input.userId, ended);
  } catch (error) {
    ctx.log.error("closing a session's sockets failed", { userId: input.userId, error });
  }
}
