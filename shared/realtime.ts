// The realtime contract of the comment rooms (spec social-feed-search §4 "Realtime channel
// states", §9 heartbeat 25 s and reconnect delays; DESIGN.md "Realtime"; decision record 0009).
// The Worker, the CommentRoom Durable Object and the SPA all import these types, so a message
// renamed on one side breaks the build on the other.
//
// Frames are JSON text. A frame that does not parse into one of the unions below is dropped by
// whoever receives it: the parse helpers never throw, because a socket handler that throws on a
// malformed frame would take the whole room down with it.
import { RECONNECT_DELAYS_MS } from "./constants";
import type { PersonRef } from "./people";

// ---------------------------------------------------------------------------------------------
// The comment shape (also what the HTTP comment routes answer with)

type CommentAuthor = PersonRef;

export interface Comment {
  id: string;
  postId: string;
  userId: string;
  /** The top-level comment this one replies to; null for a top-level comment. */
  parentId: string | null;
  content: string;
  createdAt: number;
  /**
   * The moment of the post's audio this comment is pinned to, in milliseconds from the start;
   * null for a comment that is not pinned (decision record 0089).
   */
  atMs: number | null;
  /**
   * Opaque (shared/cursor.ts): pass the newest comment's cursor back as `?since=` to get the
   * comments created after it. Clients never build one.
   */
  cursor: string;
  author: CommentAuthor;
  /** For the signed-in reader: the comment's author and the post's owner may delete it. */
  viewer: { canDelete: boolean };
}

// ---------------------------------------------------------------------------------------------
// Messages

/** Server → client frames of a post's comment room. */
export type CommentRoomServerMessage =
  | { type: "comment.created"; comment: Comment }
  /** `commentsCount`: the post's count after the delete (replies go with their comment). */
  | { type: "comment.deleted"; commentId: string; postId: string; commentsCount?: number }
  | { type: "pong"; t: number }
  | { type: "welcome"; postId: string; serverTime: number };

/** Client → server frames. */
export type CommentRoomClientMessage = { type: "ping"; t: number };

/** What the Worker hands the room to broadcast: the room never receives anything else by RPC. */
export type CommentRoomBroadcast = Extract<CommentRoomServerMessage, { type: "comment.created" | "comment.deleted" }>;

/** Spec §9 "heartbeat 25 s": clients send a ping this often. */
export const HEARTBEAT_INTERVAL_MS = 25_000;

/** Client frames are tiny (a ping); anything larger is refused by the room. */
export const MAX_CLIENT_FRAME_BYTES = 1024;

/**
 * The close code of a socket refused because its room is full or its client (an IP or a user)
 * already has too many sockets open there. 4000–4999 are private to applications; 4429 echoes
 * HTTP 429. Clients wait REFUSED_RETRY_MS before trying again instead of the usual schedule.
 */
export const CLOSE_TOO_MANY_LISTENERS = 4429;

/**
 * The close code of a socket whose session ended (sign-out, sign out everywhere, password reset,
 * suspension, deletion): 4401 echoes HTTP 401. The client's next upgrade is refused while signed out.
 */
export const CLOSE_SESSION_ENDED = 4401;

/** How long a client waits after a CLOSE_TOO_MANY_LISTENERS refusal before it tries again. */
export const REFUSED_RETRY_MS = 60_000;

/**
 * The delay before reconnect attempt `attempt` (0-based): 1, 2, 5, 10 s, then 10 s forever.
 * `delays` replaces the schedule (tests use short ones); an empty schedule retries at once.
 */
export function reconnectDelayMs(attempt: number, delays: readonly number[] = RECONNECT_DELAYS_MS): number {
  if (delays.length === 0) return 0;
  return delays[Math.min(Math.max(Math.floor(attempt), 0), delays.length - 1)] ?? 0;
}

/**
 * A reconnect delay drawn at random from its upper half, [delay/2, delay] ("equal jitter"). Every
 * client of a room that went away (a server restart, a room reset) dropped in the same instant;
 * with the bare schedule they would all come back in the same instant too, each retry. The load
 * run (issue #33) counted 41 upgrades in one second for 40 sockets after a restart without it.
 * The schedule's values stay the longest a client waits.
 */
export function withJitter(delayMs: number, random: () => number = Math.random): number {
  return Math.round(delayMs / 2 + random() * (delayMs / 2));
}

/** The path a client opens a WebSocket on to listen to a post's comments. */
export function commentRoomPath(postId: string): string {
  return `/api/posts/${encodeURIComponent(postId)}/comments/live`;
}

// ---------------------------------------------------------------------------------------------
// Parsing

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export const isString = (value: unknown): value is string => typeof value === "string";
export const isFiniteNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

function isAuthor(value: unknown): value is CommentAuthor {
  return (
    isObject(value) &&
    isString(value.userId) &&
    isString(value.username) &&
    isString(value.displayName) &&
    (value.avatarUrl === null || isString(value.avatarUrl)) &&
    typeof value.verified === "boolean"
  );
}

/** True when `value` has every field of a Comment with the right type. */
export function isComment(value: unknown): value is Comment {
  return (
    isObject(value) &&
    isString(value.id) &&
    isString(value.postId) &&
    isString(value.userId) &&
    (value.parentId === null || isString(value.parentId)) &&
    isString(value.content) &&
    isFiniteNumber(value.createdAt) &&
    (value.atMs === null || isFiniteNumber(value.atMs)) &&
    isString(value.cursor) &&
    isAuthor(value.author) &&
    isObject(value.viewer) &&
    typeof value.viewer.canDelete === "boolean"
  );
}

/** A frame's JSON object, or null. Accepts a string or an already-parsed value. */
export function toObject(data: unknown): Json | null {
  let value = data;
  if (isString(data)) {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return isObject(value) ? value : null;
}

/** Validates a server → client frame (used by the SPA and the tests). */
export function parseServerMessage(data: unknown): CommentRoomServerMessage | null {
  const value = toObject(data);
  if (!value || !isString(value.type)) return null;
  const message = value as { type: CommentRoomServerMessage["type"] } & Json;
  switch (message.type) {
    case "comment.created":
      return isComment(message.comment) ? { type: message.type, comment: message.comment } : null;
    case "comment.deleted":
      if (!isString(message.commentId) || !isString(message.postId)) return null;
      return isFiniteNumber(message.commentsCount)
        ? { type: message.type, commentId: message.commentId, postId: message.postId, commentsCount: message.commentsCount }
        : { type: message.type, commentId: message.commentId, postId: message.postId };
    case "pong":
      return isFiniteNumber(message.t) ? { type: message.type, t: message.t } : null;
    case "welcome":
      return isString(message.postId) && isFiniteNumber(message.serverTime)
        ? { type: message.type, postId: message.postId, serverTime: message.serverTime }
        : null;
    default: {
      // Unknown types from a newer server are dropped, not fatal; the check below still fails the
      // build if a type is added to the union without a case here.
      const _exhaustive: never = message.type;
      void _exhaustive;
      return null;
    }
  }
}

/** Validates a client → server frame (used by the room). Oversized frames are refused. */
export function parseClientMessage(data: unknown): CommentRoomClientMessage | null {
  if (isString(data) && data.length > MAX_CLIENT_FRAME_BYTES) return null;
  const value = toObject(data);
  if (!value || !isString(value.type)) return null;
  const message = value as { type: CommentRoomClientMessage["type"] } & Json;
  switch (message.type) {
    case "ping":
      return isFiniteNumber(message.t) ? { type: "ping", t: message.t } : null;
    default: {
      const _exhaustive: never = message.type;
      void _exhaustive;
      return null;
    }
  }
}

/** Serialises a frame; one place, so both sides agree on the encoding. */
export function encodeMessage(message: CommentRoomServerMessage | CommentRoomClientMessage): string {
  return JSON.stringify(message);
}
