// Helpers for the social tests (likes, bookmarks, comments, follows, the comment room): members
// with a signed-in cookie, posts inserted straight into D1, typed JSON reads, and WebSocket
// listeners on a post's room that collect every frame they receive.
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { type CommentRoomServerMessage, commentRoomPath, parseServerMessage } from "../../../shared/realtime";
import { posts, profiles } from "../../../worker/db/schema";
import { api, type ApiOptions, ORIGIN } from "../helpers";
import { db, insertPost, makeUser, signIn } from "../posts/helpers";

export { api, expectError, ORIGIN } from "../helpers";
export { db, insertPost } from "../posts/helpers";

export interface Member {
  id: string;
  cookie: string;
  username: string;
}

/** A user with a profile and a live session. */
export async function member(opts: { username?: string } = {}): Promise<Member> {
  const id = await makeUser(opts);
  const [profile] = await db().select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, id));
  return { id, cookie: await signIn(id), username: profile!.username };
}

/** A member who owns one post. */
export async function memberWithPost(): Promise<Member & { postId: string }> {
  const owner = await member();
  return { ...owner, postId: await insertPost(owner.id) };
}

export async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect({ status: res.status, body: text.slice(0, 300) }).toMatchObject({ status });
  return JSON.parse(text) as T;
}

/** Sends a request as `who` (a Member, a cookie string, or null for a visitor). */
export function as(who: Member | string | null, path: string, options: Omit<ApiOptions, "cookie"> = {}): Promise<Response> {
  const cookie = who === null ? undefined : typeof who === "string" ? who : who.cookie;
  return api(path, { ...options, ...(cookie ? { cookie } : {}) });
}

export async function postCounts(postId: string) {
  const [row] = await db()
    .select({ likesCount: posts.likesCount, commentsCount: posts.commentsCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

// ---------------------------------------------------------------------------------------------
// WebSocket listeners

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
export async function listen(postId: string, who: Member | string | null = null, headers: Record<string, string> = {}): Promise<Listener> {
  const h = new Headers({ upgrade: "websocket", ...headers });
  const cookie = who === null ? undefined : typeof who === "string" ? who : who.cookie;
  if (cookie) h.set("cookie", cookie);
  const res = await exports.default.fetch(new Request(`${ORIGIN}${commentRoomPath(postId)}`, { headers: h }));
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
