// shared/realtime.ts: the frame validators both sides rely on never throw, accept exactly the
// contract's shapes, and the reconnect schedule is the spec's 1, 2, 5, 10, 10… s.
import { describe, expect, it } from "vitest";
import {
  type Comment,
  commentRoomPath,
  encodeMessage,
  HEARTBEAT_INTERVAL_MS,
  isComment,
  MAX_CLIENT_FRAME_BYTES,
  parseClientMessage,
  parseServerMessage,
  reconnectDelayMs,
} from "@shared/realtime";

const comment: Comment = {
  id: "c1",
  postId: "p1",
  userId: "u1",
  parentId: null,
  content: "Nice",
  createdAt: 1,
  atMs: null,
  cursor: "MS5jMQ",
  author: { userId: "u1", username: "ana", displayName: "Ana", avatarUrl: null, verified: false },
  viewer: { canDelete: false },
};

describe("parseServerMessage", () => {
  it("accepts every server message of the contract, as text or as a parsed value", () => {
    const messages = [
      { type: "comment.created", comment },
      { type: "comment.deleted", commentId: "c1", postId: "p1" },
      { type: "comment.deleted", commentId: "c1", postId: "p1", commentsCount: 7 },
      { type: "pong", t: 5 },
      { type: "welcome", postId: "p1", serverTime: 10 },
    ] as const;
    for (const message of messages) {
      expect(parseServerMessage(encodeMessage(message))).toEqual(message);
      expect(parseServerMessage(message)).toEqual(message);
    }
  });

  it("drops malformed or unknown frames instead of throwing, and strips unknown fields", () => {
    for (const bad of ["", "{", "null", "[]", 42, null, { type: "comment.created" }, { type: "comment.created", comment: { ...comment, createdAt: "1" } }, { type: "pong" }, { type: "other" }]) {
      expect(parseServerMessage(bad)).toBeNull();
    }
    expect(parseServerMessage({ type: "pong", t: 1, extra: "x" })).toEqual({ type: "pong", t: 1 });
    expect(isComment({ ...comment, author: { ...comment.author, verified: "yes" } })).toBe(false);
    // A pinned moment is a number or null, never a string or missing (decision record 0089).
    expect(isComment({ ...comment, atMs: 83_000 })).toBe(true);
    expect(isComment({ ...comment, atMs: "83000" })).toBe(false);
    const { atMs: _atMs, ...withoutMoment } = comment;
    expect(isComment(withoutMoment)).toBe(false);
  });
});

describe("parseClientMessage", () => {
  it("accepts a ping and refuses everything else, including oversized frames", () => {
    expect(parseClientMessage('{"type":"ping","t":3}')).toEqual({ type: "ping", t: 3 });
    expect(parseClientMessage('{"type":"ping"}')).toBeNull();
    expect(parseClientMessage('{"type":"pong","t":3}')).toBeNull();
    expect(parseClientMessage(JSON.stringify({ type: "ping", t: 1, pad: "x".repeat(MAX_CLIENT_FRAME_BYTES) }))).toBeNull();
  });
});

describe("timings and paths", () => {
  it("uses the spec's heartbeat and reconnect schedule", () => {
    expect(HEARTBEAT_INTERVAL_MS).toBe(25_000);
    expect([0, 1, 2, 3, 4, 5, 50].map((attempt) => reconnectDelayMs(attempt))).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000]);
    expect(reconnectDelayMs(-1)).toBe(1000);
  });

  it("builds the live path the Worker serves", () => {
    expect(commentRoomPath("abc-123")).toBe("/api/posts/abc-123/comments/live");
  });
});
