// Cursors are opaque end to end (decision record 0006): the SPA passes back the `nextCursor` of a
// page or the `cursor` of a comment it was given and never builds or reads one. So no SPA module
// may import the cursor codec, and none may base64-encode anything that could pass for one.
import { describe, expect, it } from "vitest";

const sources = import.meta.glob<string>(["../../web/**/*.{ts,tsx}", "!../../web/routeTree.gen.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
});

/**
 * Base64 that cannot be a cursor, each with its reason: the app sign-in's PKCE verifier and
 * challenge (RFC 7636: base64url of 32 random bytes and of their SHA-256; decision record 0093).
 */
const NOT_CURSORS = new Set(["../../web/features/auth/app-handoff.ts"]);

describe("the SPA and cursors", () => {
  it("finds the SPA's sources", () => {
    expect(Object.keys(sources).length).toBeGreaterThan(20);
  });

  it("never imports shared/cursor and never base64-encodes", () => {
    const offenders = Object.entries(sources)
      .filter(([path, text]) => /shared\/cursor["']/.test(text) || (/\bbtoa\(/.test(text) && !NOT_CURSORS.has(path)))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });
});
