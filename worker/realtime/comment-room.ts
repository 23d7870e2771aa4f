// One room per post for live comments (spec social-feed-search §4 "New comments from anyone cause
// the list for that post to refetch", realtime channel states; §9 heartbeat 25 s; DESIGN.md
// "Realtime"; decision record 0009).
//
// The room holds no data of its own. Comments are written to D1 by the Worker first and then
// handed to the room over RPC (`broadcast`), which only fans them out to the sockets listening
// right now. If the room restarts, or a socket drops, nothing is lost: clients reconnect after
// 1, 2, 5, 10, 10… s and fetch what they missed from D1 with `?since=`.
//
// Sockets use the WebSocket Hibernation API: the runtime keeps them open while the object sleeps
// or is evicted, and everything a socket needs to be served again (its post and its reader) is in
// its serialized attachment, rebuilt from `ctx.getWebSockets()` on each wake. No in-memory field
// is ever the only copy of anything.
import { DurableObject } from "cloudflare:workers";
import {
  CLOSE_TOO_MANY_LISTENERS,
  type Comment,
  type CommentRoomBroadcast,
  type CommentRoomServerMessage,
  encodeMessage,
  parseClientMessage,
} from "@shared/realtime";
import { createDb } from "../db/client";
import { readersNotShown } from "../db/queries/audience";
import type { Bindings } from "../env";
import { canDeleteComment } from "../lib/permissions";
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
  sessionTag,
} from "./socket-utils";

/** Set by the Worker on the internal upgrade request; never taken from a client. */
export const ROOM_POST_HEADER = "x-backline-room-post";
export const ROOM_USER_HEADER = "x-backline-room-user";
/** The signed-in reader's session, sent with ROOM_USER_HEADER. */
export const ROOM_SESSION_HEADER = "x-backline-room-session";

/** The client's IP as the edge saw it (CF-Connecting-IP); set by the Worker like the others. */
export const ROOM_IP_HEADER = "x-backline-room-ip";

/**
 * A bound on listeners per post, far above any real audience, so that many clients together
 * cannot exhaust the object's memory (decision records 0009 and 0020).
 */
export const MAX_LISTENERS_PER_ROOM = 5000;
/**
 * Sockets one IP may hold in one room: room for a household, an office or a carrier NAT whose
 * readers watch the same post, while one client opening sockets in a loop is stopped at once.
 */
export const MAX_LISTENERS_PER_IP = 32;
/** Sockets one signed-in user may hold in one room, from any IP: a handful of tabs and devices. */
export const MAX_LISTENERS_PER_USER = 8;

/** Why a new socket must be refused given the sockets already in the room, or null to admit it. */
export function refusalReason(counts: { total: number; sameIp: number; sameUser: number }): string | null {
  if (counts.total >= MAX_LISTENERS_PER_ROOM) return "Too many listeners in this room";
  if (counts.sameIp >= MAX_LISTENERS_PER_IP) return "Too many connections from this address";
  if (counts.sameUser >= MAX_LISTENERS_PER_USER) return "Too many connections for this account";
  return null;
}

// Hibernation tags let the room count a client's sockets with getWebSockets(tag) without waking
// or reading every attachment.
const ipTag = (ip: string) => `ip:${ip}`;
const userTag = (userId: string) => `user:${userId}`;

/** Per-socket state, stored with the socket so it survives hibernation and eviction. */
interface ListenerAttachment extends SessionClock {
  postId: string;
  /** The signed-in reader, or null for a visitor (posts are public). */
  userId: string | null;
  connectedAt: number;
}

export interface BroadcastOptions {
  /** The post's owner, who may delete any comment on it (for each reader's `viewer.canDelete`). */
  postOwnerId: string;
  /**
   * The deleted comment's author, for `comment.deleted`: a reader who never saw the comment (a
   * block or a mute) is not told of its removal either. A new comment names its own author.
   */
  authorId?: string;
}

export class CommentRoom extends DurableObject<Bindings> {
  /** The Worker forwards the upgrade here after checking that the post exists. */
  override async fetch(request: Request): Promise<Response> {
    const notUpgrade = notAnUpgrade(request);
    if (notUpgrade) return notUpgrade;
    const postId = request.headers.get(ROOM_POST_HEADER);
    if (!postId) return new Response("Missing post", { status: 400 });
    // A signed-in reader comes with their session, so its end can close this socket (decision
    // record 0085); a user without a session is served as a visitor.
    const sessionId = request.headers.get(ROOM_SESSION_HEADER) || null;
    const userId = sessionId ? request.headers.get(ROOM_USER_HEADER) || null : null;
    // Tags are at most 256 characters; an IP is far shorter, the slice only guards the limit.
    const tags = [ipTag((request.headers.get(ROOM_IP_HEADER) || "unknown").slice(0, 64))];
    if (userId && sessionId) tags.push(userTag(userId), sessionTag(sessionId));
    // Counting and accepting happen with no await in between, so two upgrades cannot both take
    // the last free slot.
    const refused = refusalReason({
      total: this.ctx.getWebSockets().length,
      sameIp: this.ctx.getWebSockets(tags[0]).length,
      sameUser: userId ? this.ctx.getWebSockets(userTag(userId)).length : 0,
    });
    // Never counted, welcomed or broadcast to (see refuseSocket).
    if (refused) return refuseSocket(CLOSE_TOO_MANY_LISTENERS, refused);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server, tags);
    const attachment: ListenerAttachment = { postId, userId, connectedAt: Date.now(), ...sessionClockOf(request, userId ? sessionId : null) };
    server.serializeAttachment(attachment);
    server.send(encodeMessage({ type: "welcome", postId, serverTime: Date.now() }));
    // A quiet socket's session is looked at when it can first have expired or idled out.
    await scheduleSessionCheck(this.ctx, attachment.activeUntil);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends a message to every socket in the room and answers how many it reached. Called by the
   * Worker after the D1 write. A new comment is tailored per reader: `viewer.canDelete` is true
   * only for its author and the post's owner, exactly as the HTTP list would say. And it reaches
   * only the readers the HTTP list would show it to (decision record 0082): not across a block
   * with its author or the post's owner, not to a reader who muted its author or one of its
   * words. That is one D1 read per broadcast for all the room's signed-in readers, none when
   * only visitors listen. Sockets whose session ended by expiring or idling out close first.
   */
  async broadcast(message: CommentRoomBroadcast, options: BroadcastOptions): Promise<number> {
    const frames = framesFor(message, options);
    const db = createDb(this.env.DB);
    const sockets = await keepLiveSessions<ListenerAttachment>(this.ctx, (ids, now) => sessionsActiveUntil(db, ids, now), this.ctx.getWebSockets());
    const readers = new Map<WebSocket, string | null>(sockets.map((socket) => [socket, readAttachment<ListenerAttachment>(socket)?.userId ?? null]));
    const signedIn = [...new Set([...readers.values()].filter((id): id is string => id !== null))];
    const item = audienceOf(message, options);
    const notShown = item ? await readersNotShown(db, signedIn, item) : new Set<string>();
    let delivered = 0;
    for (const [socket, userId] of readers) {
      if (userId !== null && notShown.has(userId)) continue;
      try {
        socket.send(frames(userId));
        delivered += 1;
      } catch {
        // The socket is closing or gone; its client reconnects and catches up over HTTP.
        closeQuietly(socket, 1011, "Send failed");
      }
    }
    return delivered;
  }

  /** How many sockets are listening (tests and diagnostics). */
  async listeners(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  /** Closes `userId`'s sockets of ended sessions; answers how many of theirs stay open. */
  async endSessions(userId: string, ended: EndedSessions): Promise<number> {
    return closeEndedSessions(this.ctx.getWebSockets(userTag(userId)), (socket) => this.ctx.getTags(socket), ended);
  }

  override async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    // The only thing a client says here is "ping".
    const message = readClientFrame(socket, data, parseClientMessage);
    if (!message) return;
    switch (message.type) {
      case "ping": {
        // A socket whose session ended by itself is closed rather than answered.
        const db = createDb(this.env.DB);
        const [live] = await keepLiveSessions<ListenerAttachment>(this.ctx, (ids, now) => sessionsActiveUntil(db, ids, now), [socket]);
        if (live) reply(live, encodeMessage({ type: "pong", t: message.t }));
        break;
      }
      default: {
        const _exhaustive: never = message.type;
        void _exhaustive;
      }
    }
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake (closeQuietly sends 1000 for the reserved 1005/1006).
    closeQuietly(socket, code, reason);
    const closing = readAttachment<ListenerAttachment>(socket);
    if (closing?.userId) await forgetRoomIfLastSocket(this.env, { kind: "comments", name: closing.postId }, closing.userId, socket, this.ctx.getWebSockets(userTag(closing.userId)));
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

/** Whose comment a broadcast is about, for readersNotShown; null when it is about no one's. */
function audienceOf(message: CommentRoomBroadcast, options: BroadcastOptions): { authorId: string; postOwnerId: string; text: string | null } | null {
  switch (message.type) {
    case "comment.created":
      return { authorId: message.comment.userId, postOwnerId: options.postOwnerId, text: message.comment.content };
    case "comment.deleted":
      // Without its author (an older caller), the deletion still reaches no one across a block with the post's owner.
      return { authorId: options.authorId ?? options.postOwnerId, postOwnerId: options.postOwnerId, text: null };
    default: {
      const _exhaustive: never = message;
      return _exhaustive;
    }
  }
}

/** Serialises a broadcast once per distinct reader view rather than once per socket. */
function framesFor(message: CommentRoomBroadcast, options: BroadcastOptions): (userId: string | null) => string {
  switch (message.type) {
    case "comment.created": {
      const comment = message.comment;
      const frame = (canDelete: boolean): string =>
        encodeMessage({ type: "comment.created", comment: { ...comment, viewer: { canDelete } } satisfies Comment });
      const forAll = frame(false);
      const forDeleters = frame(true);
      const rights = { userId: comment.userId, postOwnerId: options.postOwnerId };
      return (userId) => (canDeleteComment(userId, rights) ? forDeleters : forAll);
    }
    case "comment.deleted": {
      const frame = encodeMessage(message satisfies CommentRoomServerMessage);
      return () => frame;
    }
    default: {
      const _exhaustive: never = message;
      return _exhaustive;
    }
  }
}
