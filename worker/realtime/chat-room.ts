// One room per conversation for live messages (second document §2 Messages; first document §4
// channel states, §9 heartbeat 25 s and reconnect delays; DESIGN.md "Realtime"; decision record
// 0040). It follows the CommentRoom: the room stores nothing. Messages are written to D1 by the
// Worker first and handed to the room over RPC (`broadcast`) to fan out to the sockets open now;
// a client that was away catches up over HTTP with `?since=` when its socket reopens. Typing
// indicators are the one thing that only ever passes through the room: they are never stored.
//
// Only the conversation's two participants reach this object: the Worker checks the session,
// the Origin and the membership before forwarding the upgrade, and passes the user in a header
// a client cannot set. Sockets use the WebSocket Hibernation API; each socket's conversation and
// user live in its attachment and its tags, rebuilt from ctx.getWebSockets() on every wake.
import { DurableObject } from "cloudflare:workers";
import { type ChatBroadcast, encodeFrame, parseChatClientMessage } from "@shared/messaging-realtime";
import { CLOSE_TOO_MANY_LISTENERS } from "@shared/realtime";
import { createDb } from "../db/client";
import { isBlockedBetween } from "../db/queries/audience";
import type { Bindings } from "../env";
import { allows } from "../lib/modes";
import { sessionsActiveUntil } from "../services/auth/sessions";
import {
  closeEndedSessions,
  closeQuietly,
  type EndedSessions,
  forgetRoomIfLastSocket,
  keepLiveSessions,
  notAnUpgrade,
  readAttachment,
  readClientFrame,
  refuseSocket,
  reply,
  runSessionAlarm,
  scheduleSessionCheck,
  type SessionClock,
  sessionClockOf,
  sendToAll,
  sessionTag,
} from "./socket-utils";

/** Set by the Worker on the internal upgrade request; never taken from a client. */
export const CHAT_CONVERSATION_HEADER = "x-backline-chat-conversation";
export const CHAT_USER_HEADER = "x-backline-chat-user";
export const CHAT_SESSION_HEADER = "x-backline-chat-session";

/** Sockets one participant may hold in one conversation: a handful of tabs and devices. */
const MAX_CHAT_SOCKETS_PER_USER = 8;

const userTag = (userId: string) => `user:${userId}`;

interface ChatAttachment extends SessionClock {
  conversationId: string;
  userId: string;
  connectedAt: number;
}

export class ChatRoom extends DurableObject<Bindings> {
  override async fetch(request: Request): Promise<Response> {
    const refused = notAnUpgrade(request);
    if (refused) return refused;
    const conversationId = request.headers.get(CHAT_CONVERSATION_HEADER);
    const userId = request.headers.get(CHAT_USER_HEADER);
    const sessionId = request.headers.get(CHAT_SESSION_HEADER);
    if (!conversationId || !userId || !sessionId) return new Response("Missing conversation, user or session", { status: 400 });
    // Counting and accepting happen with no await in between, so two upgrades cannot both take
    // the last free slot.
    if (this.ctx.getWebSockets(userTag(userId)).length >= MAX_CHAT_SOCKETS_PER_USER) {
      return refuseSocket(CLOSE_TOO_MANY_LISTENERS, "Too many connections for this account");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    // The session tag lets the session's end close this socket (decision record 0085).
    this.ctx.acceptWebSocket(server, [userTag(userId), sessionTag(sessionId)]);
    const attachment: ChatAttachment = { conversationId, userId, connectedAt: Date.now(), ...sessionClockOf(request, sessionId) };
    server.serializeAttachment(attachment);
    server.send(encodeFrame({ type: "welcome", conversationId, serverTime: Date.now() }));
    // A quiet socket's session is looked at when it can first have expired or idled out.
    await scheduleSessionCheck(this.ctx, attachment.activeUntil);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Fans a stored change out to every socket in the room whose session is live; answers how many
   * it reached. Sockets whose session ended by expiring or idling out close instead.
   */
  async broadcast(message: ChatBroadcast): Promise<number> {
    return sendToAll(await this.liveSockets(this.ctx.getWebSockets()), encodeFrame(message));
  }

  /** The sockets fit to be sent a frame now (socket-utils keepLiveSessions). */
  private liveSockets(sockets: readonly WebSocket[]): Promise<WebSocket[]> {
    const db = createDb(this.env.DB);
    return keepLiveSessions<ChatAttachment>(this.ctx, (ids, now) => sessionsActiveUntil(db, ids, now), sockets);
  }

  /** How many sockets are open (tests and diagnostics). */
  async listeners(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /**
   * Resets this object the way an eviction or a crash does (the load harness's fault, issue #33):
   * every socket drops at once and the next request meets a fresh instance. Where modes.ts does
   * not allow it, nothing happens and false is answered. A reset ends this call with an error,
   * which the caller takes as done.
   */
  async evict(): Promise<false> {
    if (!allows(this.env, "roomEviction")) return false;
    this.ctx.abort("evicted on request");
    return false;
  }

  /** Closes `userId`'s sockets of ended sessions; answers how many of theirs stay open. */
  async endSessions(userId: string, ended: EndedSessions): Promise<number> {
    return closeEndedSessions(this.ctx.getWebSockets(userTag(userId)), (socket) => this.ctx.getTags(socket), ended);
  }

  override async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const message = readClientFrame(socket, data, parseChatClientMessage);
    if (!message) return;
    switch (message.type) {
      case "ping": {
        const [live] = await this.liveSockets([socket]);
        if (live) reply(live, encodeFrame({ type: "pong", t: message.t }));
        break;
      }
      case "typing": {
        const sender = readAttachment<ChatAttachment>(socket);
        if (!sender || (await this.liveSockets([socket])).length === 0) return;
        // To the other participant's sockets only: one's own tabs need no typing indicator.
        const others = this.ctx.getWebSockets().filter((s) => !this.ctx.getTags(s).includes(userTag(sender.userId)));
        if (others.length === 0) return;
        // Across a block the conversation is read-only and neither side learns what the other
        // does in it (decision record 0082): a typing frame is dropped, after one read of the
        // pair's blocks, made only when the other side is listening.
        const otherId = readAttachment<ChatAttachment>(others[0]!)?.userId;
        if (!otherId || (await isBlockedBetween(createDb(this.env.DB), sender.userId, otherId))) return;
        sendToAll(await this.liveSockets(others), encodeFrame({ type: "typing", userId: sender.userId, typing: message.typing }));
        break;
      }
      default: {
        const _exhaustive: never = message;
        void _exhaustive;
      }
    }
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(socket, code, reason);
    const closing = readAttachment<ChatAttachment>(socket);
    if (closing) await forgetRoomIfLastSocket(this.env, { kind: "chat", name: closing.conversationId }, closing.userId, socket, this.ctx.getWebSockets(userTag(closing.userId)));
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
