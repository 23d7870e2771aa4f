// Small pieces every hibernating room shares (CommentRoom, ChatRoom, UserChannel).
import { REQUEST_TEXTS } from "@shared/messages";
import { CLOSE_SESSION_ENDED } from "@shared/realtime";
import type { Bindings } from "../env";

/** A 426 for a request that is not a WebSocket upgrade, or null when it is one. */
export function notAnUpgrade(request: Request): Response | null {
  if (request.headers.get("upgrade")?.toLowerCase() === "websocket") return null;
  return new Response(REQUEST_TEXTS.expectedWebSocket, { status: 426 });
}

/** Closes a socket, ignoring one that is already closed; 1005/1006 cannot be sent, so they become 1000. */
export function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code === 1005 || code === 1006 ? 1000 : code, reason);
  } catch {
    // Already closed.
  }
}

/** A socket's attachment, or null when it has none or it cannot be read. */
export function readAttachment<T>(socket: WebSocket): T | null {
  try {
    return (socket.deserializeAttachment() as T | null) ?? null;
  } catch {
    return null;
  }
}

/**
 * A client's frame, parsed; null when there is nothing to answer. A binary frame closes the socket
 * (1003): every room speaks JSON text. An unknown or malformed frame is ignored, so a newer
 * client's extra message types never cost it its connection.
 */
export function readClientFrame<Message>(socket: WebSocket, data: string | ArrayBuffer, parse: (text: string) => Message | null): Message | null {
  if (typeof data !== "string") {
    closeQuietly(socket, 1003, "Text frames only");
    return null;
  }
  return parse(data);
}

/**
 * Answers one socket (a pong): false when it closed meanwhile. A binary frame closes the socket
 * while the text frames sent behind it are still delivered, and a client may close right after
 * a ping; a send then throws, and a handler must not fail for a socket that is gone.
 */
export function reply(socket: WebSocket, frame: string): boolean {
  try {
    socket.send(frame);
    return true;
  } catch {
    return false;
  }
}

/** Sends a frame to each socket; a socket that cannot take it is closed (its client reconnects and catches up). */
export function sendToAll(sockets: readonly WebSocket[], frame: string): number {
  let delivered = 0;
  for (const socket of sockets) {
    try {
      socket.send(frame);
      delivered += 1;
    } catch {
      closeQuietly(socket, 1011, "Send failed");
    }
  }
  return delivered;
}

/**
 * Completes the handshake and closes at once with a reason: the only way a browser learns why it
 * was refused (a refused upgrade reaches its script as a bare 1006). The socket is accepted
 * outside the hibernation set, so it is never counted or broadcast to.
 */
export function refuseSocket(code: number, reason: string): Response {
  const { 0: client, 1: server } = new WebSocketPair();
  server.accept();
  server.close(code, reason);
  return new Response(null, { status: 101, webSocket: client });
}

/**
 * Which of a user's sessions ended: some by id, or all of them but one (none kept for "sign out
 * everywhere", a password reset, a suspension or a deletion).
 */
export type EndedSessions = { sessionIds: readonly string[] } | { allBut: string | null };

/**
 * A room where a user holds sockets (decision record 0085). Their UserChannel keeps the list so
 * the end of a session can reach every socket it opened: a conversation's ChatRoom, a post's
 * CommentRoom. A room takes itself off the list when the user's last socket there closes.
 */
export interface TrackedRoom {
  kind: "chat" | "comments";
  /** The room's Durable Object name: the conversation or post id. */
  name: string;
}

/** Every socket of a signed-in session carries this tag, so the session's end can find it. */
export const sessionTag = (sessionId: string) => `session:${sessionId}`;
const SESSION_TAG_PREFIX = "session:";

/**
 * Closes the sockets of `candidates` (one user's sockets) that belong to an ended session, with
 * CLOSE_SESSION_ENDED; answers how many of the candidates stay open. `tagsOf` is the room's
 * ctx.getTags.
 */
export function closeEndedSessions(candidates: readonly WebSocket[], tagsOf: (socket: WebSocket) => string[], ended: EndedSessions): number {
  let open = 0;
  for (const socket of candidates) {
    const sessionId = tagsOf(socket).find((tag) => tag.startsWith(SESSION_TAG_PREFIX))?.slice(SESSION_TAG_PREFIX.length) ?? null;
    // A socket with no session tag predates this rule: it is ended with any of its user's sessions.
    const isEnded = sessionId === null || ("sessionIds" in ended ? ended.sessionIds.includes(sessionId) : sessionId !== ended.allBut);
    if (isEnded) closeQuietly(socket, CLOSE_SESSION_ENDED, "Session ended");
    else open += 1;
  }
  return open;
}

/**
 * When the user's last socket in a room closes, the room comes off their channel's list
 * (user-channel.ts TrackedRoom). A failure only leaves the entry for the next session end to prune.
 */
export async function forgetRoomIfLastSocket(
  env: Pick<Bindings, "USER_CHANNEL">,
  room: TrackedRoom,
  userId: string,
  closing: WebSocket,
  usersSockets: readonly WebSocket[],
): Promise<void> {
  if (usersSockets.some((socket) => socket !== closing && socket.readyState === WebSocket.OPEN)) return;
  try {
    await env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId)).untrackRoom(room);
  } catch {
    // The entry stays; endSessions drops it once it finds no socket there.
  }
}
