// Small pieces every hibernating room shares (CommentRoom, ChatRoom, UserChannel).
import { REQUEST_TEXTS } from "@shared/messages";

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
