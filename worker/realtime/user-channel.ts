// One live channel per signed-in user (DESIGN.md "Realtime": one live channel per user for badges
// and activity; decision record 0041). Each signed-in tab holds one socket here; the Worker tells
// the channel, after the D1 write, that something changed for this user (a message in any of
// their conversations, a read marker moved in another tab, new activity), and every tab refreshes
// its badges and lists. Frames say what changed, not the totals: the tab reads the numbers over
// HTTP, so a frame lost while a socket was reconnecting costs nothing (the tab refetches on open).
import { DurableObject } from "cloudflare:workers";
import { encodeFrame, parseUserChannelClientMessage, type UserChannelBroadcast } from "@shared/messaging-realtime";
import { CLOSE_TOO_MANY_LISTENERS } from "@shared/realtime";
import type { Bindings } from "../env";
import { logger } from "../lib/logger";
import { createDb } from "../db/client";
import { sessionsActiveUntil } from "../services/auth/sessions";
import {
  closeEndedSessions,
  closeQuietly,
  type EndedSessions,
  keepLiveSessions,
  notAnUpgrade,
  readClientFrame,
  refuseSocket,
  reply,
  runSessionAlarm,
  scheduleSessionCheck,
  type SessionClock,
  sessionClockOf,
  sendToAll,
  sessionTag,
  type TrackedRoom,
} from "./socket-utils";

/** Set by the Worker on the internal upgrade request; never taken from a client. */
export const USER_CHANNEL_USER_HEADER = "x-backline-user-channel-user";
export const USER_CHANNEL_SESSION_HEADER = "x-backline-user-channel-session";

const ROOM_KEY_PREFIX = "room:";
const roomKey = (room: TrackedRoom) => `${ROOM_KEY_PREFIX}${room.kind}:${room.name}`;
function roomOfKey(key: string): TrackedRoom | null {
  const [kind, ...rest] = key.slice(ROOM_KEY_PREFIX.length).split(":");
  const name = rest.join(":");
  return (kind === "chat" || kind === "comments") && name ? { kind, name } : null;
}

/** One socket per tab: far more tabs and devices than anyone keeps open. */
const MAX_USER_CHANNEL_SOCKETS = 16;

interface ChannelAttachment extends SessionClock {
  userId: string;
  sessionId: string;
  connectedAt: number;
}

export class UserChannel extends DurableObject<Bindings> {
  override async fetch(request: Request): Promise<Response> {
    const refused = notAnUpgrade(request);
    if (refused) return refused;
    const userId = request.headers.get(USER_CHANNEL_USER_HEADER);
    const sessionId = request.headers.get(USER_CHANNEL_SESSION_HEADER);
    if (!userId || !sessionId) return new Response("Missing user or session", { status: 400 });
    if (this.ctx.getWebSockets().length >= MAX_USER_CHANNEL_SOCKETS) {
      return refuseSocket(CLOSE_TOO_MANY_LISTENERS, "Too many connections for this account");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, [sessionTag(sessionId)]);
    const attachment: ChannelAttachment = { userId, connectedAt: Date.now(), ...sessionClockOf(request, sessionId), sessionId };
    server.serializeAttachment(attachment);
    server.send(encodeFrame({ type: "welcome", serverTime: Date.now() }));
    // A quiet socket's session is looked at when it can first have expired or idled out.
    await scheduleSessionCheck(this.ctx, attachment.activeUntil);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Tells every tab of the user whose session is live; answers how many sockets it reached.
   * Sockets whose session ended by expiring or idling out close instead.
   */
  async notify(message: UserChannelBroadcast): Promise<number> {
    return sendToAll(await this.liveSockets(this.ctx.getWebSockets()), encodeFrame(message));
  }

  /** The sockets fit to be sent a frame now (socket-utils keepLiveSessions). */
  private liveSockets(sockets: readonly WebSocket[]): Promise<WebSocket[]> {
    const db = createDb(this.env.DB);
    return keepLiveSessions<ChannelAttachment>(this.ctx, (ids, now) => sessionsActiveUntil(db, ids, now), sockets);
  }

  async listeners(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** Notes a room where this user just opened a socket. */
  async trackRoom(room: TrackedRoom): Promise<void> {
    await this.ctx.storage.put(roomKey(room), Date.now());
  }

  /** Takes a room off the list: the user's last socket there closed. */
  async untrackRoom(room: TrackedRoom): Promise<void> {
    await this.ctx.storage.delete(roomKey(room));
  }

  /** The rooms where this user may hold sockets (tests and diagnostics). */
  async trackedRooms(): Promise<TrackedRoom[]> {
    const keys = [...(await this.ctx.storage.list({ prefix: ROOM_KEY_PREFIX })).keys()];
    return keys.map(roomOfKey).filter((room): room is TrackedRoom => room !== null);
  }

  /**
   * Closes every socket the ended sessions opened: this channel's own, then those in each room on
   * the list (a room where none of the user's sockets is left comes off it). Answers how many
   * rooms it reached. A room that cannot be reached stays on the list for the next time.
   */
  async endSessions(userId: string, ended: EndedSessions): Promise<number> {
    closeEndedSessions(this.ctx.getWebSockets(), (socket) => this.ctx.getTags(socket), ended);
    const rooms = await this.trackedRooms();
    await Promise.all(
      rooms.map(async (room) => {
        const stub = room.kind === "chat" ? this.env.CHAT_ROOM.get(this.env.CHAT_ROOM.idFromName(room.name)) : this.env.COMMENT_ROOM.get(this.env.COMMENT_ROOM.idFromName(room.name));
        try {
          const stillOpen = await stub.endSessions(userId, ended);
          if (stillOpen === 0) await this.untrackRoom(room);
        } catch (error) {
          logger.error("ending a session's sockets failed", { room, error });
        }
      }),
    );
    return rooms.length;
  }

  override async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const message = readClientFrame(socket, data, parseUserChannelClientMessage);
    if (!message) return;
    const [live] = await this.liveSockets([socket]);
    if (live) reply(live, encodeFrame({ type: "pong", t: message.t }));
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(socket, code, reason);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    closeQuietly(socket, 1011, "Socket error");
  }

  /** Rings when a socket's session can first have expired or idled out (decision record 0085). */
  override async alarm(): Promise<void> {
    const db = createDb(this.env.DB);
    await runSessionAlarm(this.ctx, (ids, now) => sessionsActiveUntil(db, ids, now));
  }
}
