// shared/cursor.ts: the one cursor module (decision record 0006). Cursors round-trip, anything
// we did not issue decodes to null, and the query schema turns a bad one into 'Invalid cursor'.
import { describe, expect, it } from "vitest";
import { cursorSchema, decodeCursor, encodeCursor } from "@shared/cursor";
import { REQUEST_TEXTS } from "@shared/messages";

describe("encodeCursor / decodeCursor", () => {
  it("round-trips a position and gives null for no cursor or a foreign one", () => {
    const cursor = { createdAt: 1_700_000_000_123, id: "0b7c5a2e-4f1d-4a51-9d2e-1f0e6c3b9a77" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    for (const bad of [null, undefined, "", "%%%", btoa("abc.def"), btoa("12.'; drop table posts"), "x".repeat(300)]) {
      expect(decodeCursor(bad), String(bad)).toBeNull();
    }
  });

  it("is URL-safe: no padding, no + or /", () => {
    for (let i = 0; i < 50; i += 1) {
      expect(encodeCursor({ createdAt: 1_700_000_000_000 + i * 7919, id: `id-${i}_x` })).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });
});

describe("cursorSchema", () => {
  it("decodes a cursor, treats an empty one as none, and refuses others with 'Invalid cursor'", () => {
    const cursor = { createdAt: 42, id: "abc" };
    expect(cursorSchema.parse(encodeCursor(cursor))).toEqual(cursor);
    expect(cursorSchema.parse("")).toBeUndefined();
    const refused = cursorSchema.safeParse(btoa("yesterday"));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([REQUEST_TEXTS.invalidCursor]);
  });
});
