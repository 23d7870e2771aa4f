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
import { closeQuietly, notAnUpgrade, readClientFrame, refuseSocket, sendToAll } from "./socket-utils";

/** Set by the Worker on the internal upgrade request; never taken from a client. */
export const USER_CHANNEL_USER_HEADER = "x-backline-user-channel-user";

/** One socket per tab: far more tabs and devices than anyone keeps open. */
const MAX_USER_CHANNEL_SOCKETS = 16;

interface ChannelAttachment {
  userId: string;
  connectedAt: number;
}

export class UserChannel extends DurableObject<Bindings> {
  override async fetch(request: Request): Promise<Response> {
    const refused = notAnUpgrade(request);
    if (refused) return refused;
    const userId = request.headers.get(USER_CHANNEL_USER_HEADER);
    if (!userId) return new Response("Missing user", { status: 400 });
    if (this.ctx.getWebSockets().length >= MAX_USER_CHANNEL_SOCKETS) {
      return refuseSocket(CLOSE_TOO_MANY_LISTENERS, "Too many connections for this account");
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    server.serializeAttachment({ userId, connectedAt: Date.now() } satisfies ChannelAttachment);
    server.send(encodeFrame({ type: "welcome", serverTime: Date.now() }));
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Tells every tab of the user; answers how many sockets it reached. */
  async notify(message: UserChannelBroadcast): Promise<number> {
    return sendToAll(this.ctx.getWebSockets(), encodeFrame(message));
  }

  async listeners(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  override async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const message = readClientFrame(socket, data, parseUserChannelClientMessage);
    if (!message) return;
    socket.send(encodeFrame({ type: "pong", t: message.t }));
  }

  override async webSocketClose(socket: WebSocket, code: number, reason: string): Promise<void> {
    closeQuietly(socket, code, reason);
  }

  override async webSocketError(socket: WebSocket): Promise<void> {
    closeQuietly(socket, 1011, "Socket error");
  }
}
