// Sockets on the messaging side's rooms (a conversation's ChatRoom, a user's UserChannel), opened
// through the Worker as a browser opens them, collecting every frame they receive.
import { env } from "cloudflare:test";
import {
  chatRoomPath,
  type ChatServerMessage,
  parseChatServerMessage,
  parseUserChannelServerMessage,
  USER_CHANNEL_PATH,
  type UserChannelServerMessage,
} from "@shared/messaging-realtime";
import { api } from "./request";

export interface FrameListener<M extends { type: string }> {
  socket: WebSocket;
  messages: M[];
  /** Raw frames that did not parse (should stay empty). */
  rejected: string[];
  closed: Promise<CloseEvent>;
  next<T extends M["type"]>(type: T, match?: (message: Extract<M, { type: T }>) => boolean, timeoutMs?: number): Promise<Extract<M, { type: T }>>;
  send(data: unknown): void;
  close(): void;
}

/** The upgrade answer when it is refused (status and body), or the open socket. */
async function upgrade(path: string, cookie: string | undefined, headers: Record<string, string>) {
  return api(path, { headers: { upgrade: "websocket", ...headers }, cookie });
}

function collect<M extends { type: string }>(socket: WebSocket, parse: (data: unknown) => M | null): FrameListener<M> {
  const messages: M[] = [];
  const rejected: string[] = [];
  const waiters = new Set<() => void>();
  let resolveClosed!: (event: CloseEvent) => void;
  const closed = new Promise<CloseEvent>((resolve) => (resolveClosed = resolve));
  socket.addEventListener("message", (event) => {
    const parsed = parse(event.data);
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
      type Hit = Extract<M, { type: typeof type }>;
      const find = () => messages.find((m): m is Hit => m.type === type && match(m as Hit));
      return new Promise<Hit>((resolve, reject) => {
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
          reject(new Error(`no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`));
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

async function open<M extends { type: string }>(path: string, cookie: string | undefined, headers: Record<string, string>, parse: (data: unknown) => M | null) {
  const res = await upgrade(path, cookie, headers);
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  return collect(res.webSocket, parse);
}

/** Opens a socket on a conversation's ChatRoom as `who`. */
export function listenChat(conversationId: string, who: { cookie: string }, headers: Record<string, string> = {}): Promise<FrameListener<ChatServerMessage>> {
  return open(chatRoomPath(conversationId), who.cookie, headers, parseChatServerMessage);
}

/** Opens the user's live channel as `who`. */
export function listenUserChannel(who: { cookie: string }, headers: Record<string, string> = {}): Promise<FrameListener<UserChannelServerMessage>> {
  return open(USER_CHANNEL_PATH, who.cookie, headers, parseUserChannelServerMessage);
}

/** The answer to an upgrade that should be refused (read by expectError). */
export function upgradeChat(conversationId: string, cookie: string | null, headers: Record<string, string> = {}): Promise<Response> {
  return upgrade(chatRoomPath(conversationId), cookie ?? undefined, headers);
}

export function chatRoomOf(conversationId: string) {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(conversationId));
}

export function userChannelOf(userId: string) {
  return env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId));
}
