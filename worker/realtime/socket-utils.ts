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

/**
 * The earliest moment the socket's session can end by expiring or idling out (services/auth
 * sessions.ts sessionActiveUntil), set by the Worker on the internal upgrade request beside the
 * session id.
 */
export const SESSION_UNTIL_HEADER = "x-backline-session-until";

/** What every signed-in socket keeps in its attachment so a room can tell when to look at its session. */
export interface SessionClock {
  /** The socket's session, or null for a visitor's comment socket. */
  sessionId: string | null;
  /** Until when the session is certainly live; null for a visitor. */
  activeUntil: number | null;
}

/** The session clock of an upgrade request: the session id and its activeUntil header. */
export function sessionClockOf(request: Request, sessionId: string | null): SessionClock {
  if (!sessionId) return { sessionId: null, activeUntil: null };
  const until = Number(request.headers.get(SESSION_UNTIL_HEADER));
  // A missing or broken header is looked at on the next send, never trusted for longer.
  return { sessionId, activeUntil: Number.isFinite(until) && until > 0 ? until : 0 };
}

type SessionCheck = (sessionIds: readonly string[], now: number) => Promise<Map<string, number | null>>;

/**
 * Sessions end by themselves too, by expiring or idling out, with no request to act on (decision
 * record 0085). Each signed-in socket carries its session's activeUntil; before a room sends to
 * sockets, and when its alarm rings, the sockets whose activeUntil has passed are looked at in D1,
 * all in one read. An ended session's sockets close with CLOSE_SESSION_ENDED and are sent nothing;
 * a live one (used or refreshed meanwhile) gets its new activeUntil. Answers the sockets fit to
 * receive a frame now.
 */
export async function keepLiveSessions<A extends SessionClock>(
  ctx: DurableObjectState,
  check: SessionCheck,
  sockets: readonly WebSocket[],
  now = Date.now(),
): Promise<WebSocket[]> {
  const due: { socket: WebSocket; attachment: A }[] = [];
  const live: WebSocket[] = [];
  for (const socket of sockets) {
    const attachment = readAttachment<A>(socket);
    if (attachment?.sessionId && attachment.activeUntil !== null && attachment.activeUntil <= now) due.push({ socket, attachment });
    else live.push(socket);
  }
  if (due.length === 0) return live;
  const until = await check(
    due.map((d) => d.attachment.sessionId!),
    now,
  );
  for (const { socket, attachment } of due) {
    const next = until.get(attachment.sessionId!) ?? null;
    if (next === null) {
      closeQuietly(socket, CLOSE_SESSION_ENDED, "Session ended");
      continue;
    }
    socket.serializeAttachment({ ...attachment, activeUntil: next } satisfies A);
    live.push(socket);
  }
  await scheduleSessionCheck(ctx);
  return live;
}

/**
 * Sets the room's alarm for the earliest activeUntil among its open sockets, so a quiet socket's
 * session is looked at when it can first have ended; clears it when no signed-in socket is left
 * (a room nobody signed in watches costs nothing). `atMost`: a new socket's activeUntil, which
 * only pulls a pending alarm earlier, without reading every socket.
 */
export async function scheduleSessionCheck(ctx: DurableObjectState, atMost?: number | null): Promise<void> {
  if (atMost !== undefined) {
    if (atMost === null) return;
    const pending = await ctx.storage.getAlarm();
    if (pending === null || atMost < pending) await ctx.storage.setAlarm(atMost);
    return;
  }
  let earliest: number | null = null;
  for (const socket of ctx.getWebSockets()) {
    const attachment = readAttachment<SessionClock>(socket);
    if (!attachment?.sessionId || attachment.activeUntil === null || socket.readyState !== WebSocket.OPEN) continue;
    if (earliest === null || attachment.activeUntil < earliest) earliest = attachment.activeUntil;
  }
  if (earliest === null) await ctx.storage.deleteAlarm();
  else await ctx.storage.setAlarm(earliest);
}

/** A room's alarm: looks at every socket whose session may have ended, then sets the next alarm. */
export async function runSessionAlarm(ctx: DurableObjectState, check: SessionCheck): Promise<void> {
  const sockets = ctx.getWebSockets();
  await keepLiveSessions(ctx, check, sockets);
  // keepLiveSessions only reschedules when something was due; an alarm may also ring early.
  await scheduleSessionCheck(ctx);
}
