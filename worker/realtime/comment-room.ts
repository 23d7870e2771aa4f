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
  type Comment,
  type CommentRoomBroadcast,
  type CommentRoomServerMessage,
  encodeMessage,
  parseClientMessage,
} from "../../shared/realtime";
import type { Bindings } from "../env";
import { canDeleteComment } from "../lib/permissions";

/** Set by the Worker on the internal upgrade request; never taken from a client. */
export const ROOM_POST_HEADER = "x-backline-room-post";
export const ROOM_USER_HEADER = "x-backline-room-user";

/**
 * A bound on listeners per post, far above any real audience, so one client opening sockets in a
 * loop cannot exhaust the object's memory.
 */
export const MAX_LISTENERS_PER_ROOM = 5000;

/** Per-socket state, stored with the socket so it survives hibernation and eviction. */
export interface ListenerAttachment {
  postId: string;
  /** The signed-in reader, or null for a visitor (posts are public). */
  userId: string | null;
  connectedAt: number;
}

export interface BroadcastOptions {
  /** The post's owner, who may delete any comment on it (for each reader's `viewer.canDelete`). */
  postOwnerId: string;
}

export class CommentRoom extends DurableObject<Bindings> {
  /** The Worker forwards the upgrade here after checking that the post exists. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("Expected a WebSocket upgrade", { status: 426 });
    }
    const postId = request.headers.get(ROOM_POST_HEADER);
    if (!postId) return new Response("Missing post", { status: 400 });
    if (this.ctx.getWebSockets().length >= MAX_LISTENERS_PER_ROOM) {
      return new Response("Too many listeners", { status: 503 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const attachment: ListenerAttachment = {
      postId,
      userId: request.headers.get(ROOM_USER_HEADER) || null,
      connectedAt: Date.now(),
    };
    server.serializeAttachment(attachment);
    server.send(encodeMessage({ type: "welcome", postId, serverTime: Date.now() }));
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Sends a message to every socket in the room and answers how many it reached. Called by the
   * Worker after the D1 write. A new comment is tailored per reader: `viewer.canDelete` is true
   * only for its author and the post's owner, exactly as the HTTP list would say.
   */
  async broadcast(message: CommentRoomBroadcast, options: BroadcastOptions): Promise<number> {
    const frames = framesFor(message, options);
    let delivered = 0;
    for (const socket of this.ctx.getWebSockets()) {
      const attachment = readAttachment(socket);
      try {
        socket.send(frames(attachment?.userId ?? null));
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

  override async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    if (typeof data !== "string") {
      closeQuietly(socket, 1003, "Text frames only");
      return;
    }
    const message = parseClientMessage(data);
    // Unknown or malformed frames are ignored: the only thing a client says is "ping", and a
    // newer client's extra message types must not cost it its connection.
    if (!message) return;
    switch (message.type) {
      case "ping":
        socket.send(encodeMessage({ type: "pong", t: message.t }));
        break;
      default: {
        const _exhaustive: never = message.type;
        void _exhaustive;
      }
    }
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    // Complete the closing handshake; 1005/1006 are reserved and cannot be sent back.
    closeQuietly(socket, code === 1005 || code === 1006 ? 1000 : code, reason);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    closeQuietly(socket, 1011, "Socket error");
  }
}

function readAttachment(socket: WebSocket): ListenerAttachment | null {
  try {
    return (socket.deserializeAttachment() as ListenerAttachment | null) ?? null;
  } catch {
    return null;
  }
}

function closeQuietly(socket: WebSocket, code: number, reason: string): void {
  try {
    socket.close(code, reason);
  } catch {
    // Already closed.
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
