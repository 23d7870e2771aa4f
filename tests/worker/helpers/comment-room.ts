// Listeners on a post's comment room: sockets opened through the Worker, as a browser opens them,
// that collect every frame they receive.
import { env } from "cloudflare:test";
import { type CommentRoomServerMessage, commentRoomPath, parseServerMessage } from "@shared/realtime";
import { api } from "./request";

export interface Listener {
  socket: WebSocket;
  messages: CommentRoomServerMessage[];
  /** Raw frames that did not parse (should stay empty). */
  rejected: string[];
  closed: Promise<CloseEvent>;
  /** Resolves with the first message (from now or already received) that matches. */
  next<T extends CommentRoomServerMessage["type"]>(
    type: T,
    match?: (message: Extract<CommentRoomServerMessage, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<CommentRoomServerMessage, { type: T }>>;
  send(data: unknown): void;
  close(): void;
}

/** Opens a socket on a post's comment room through the Worker, as a browser would. */
export async function listen(postId: string, who: { cookie: string } | string | null = null, headers: Record<string, string> = {}): Promise<Listener> {
  const cookie = who === null ? undefined : typeof who === "string" ? who : who.cookie;
  const res = await api(commentRoomPath(postId), { headers: { upgrade: "websocket", ...headers }, cookie });
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  const socket = res.webSocket;
  const messages: CommentRoomServerMessage[] = [];
  const rejected: string[] = [];
  const waiters = new Set<() => void>();
  let resolveClosed!: (event: CloseEvent) => void;
  const closed = new Promise<CloseEvent>((resolve) => (resolveClosed = resolve));
  socket.addEventListener("message", (event) => {
    const parsed = parseServerMessage(event.data);
    if (parsed) messages.push(parsed);
    else rejected.push(String(event.data));
    for (const wake of waiters) wake();
  });
  socket.addEventListener("close", (event) => {
    resolveClosed(event);
    for (const wake of waiters) wake();
  });
  socket.accept();
  return {
    socket,
    messages,
    rejected,
    closed,
    next(type, match = () => true, timeoutMs = 3000) {
      type M = Extract<CommentRoomServerMessage, { type: typeof type }>;
      const find = () => messages.find((m): m is M => m.type === type && match(m as M));
      return new Promise<M>((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const wake = () => {
          const hit = find();
          if (hit) {
            waiters.delete(wake);
            clearTimeout(timer);
            resolve(hit);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no ${type} message within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`));
        }, timeoutMs);
        waiters.add(wake);
      });
    },
    send(data) {
      socket.send(typeof data === "string" ? data : JSON.stringify(data));
    },
    close() {
      try {
        socket.close(1000, "done");
      } catch {
        // Already closed.
      }
    },
  };
}

/** The room stub of a post, for RPC calls and eviction in tests. */
export function roomOf(postId: string) {
  return env.COMMENT_ROOM.get(env.COMMENT_ROOM.idFromName(postId));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
