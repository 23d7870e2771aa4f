// Keyset cursors (decision record 0006). A cursor is an opaque string the Worker hands out (a
// page's `nextCursor`, a comment's `cursor`) and takes back unchanged; this module is the only
// code that knows what is inside. It lives in shared/ because the query schemas of shared/ use
// `cursorSchema`; the SPA never imports it (tests/web/cursor-opacity.test.ts checks that), so a
// change of format is a server-only change.
import { z } from "zod";

import { REQUEST_TEXTS } from "./messages";

/** A position in a list ordered by (created_at, id): the last item a client holds. */
export interface Cursor {
  createdAt: number;
  id: string;
}

function toBase64Url(text: string): string {
  return btoa(text).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** base64url of `${createdAt}.${id}`: stable across deploys and reveals only what the page showed. */
export function encodeCursor(cursor: Cursor): string {
  return toBase64Url(`${cursor.createdAt}.${cursor.id}`);
}

/** The position inside a cursor we issued; null for anything else, and for no cursor at all. */
export function decodeCursor(raw: string | null | undefined): Cursor | null {
  if (raw == null || !/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return null;
  let text: string;
  try {
    text = atob(raw.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{1,64})$/.exec(text);
  return match ? { createdAt: Number(match[1]), id: match[2]! } : null;
}

/**
 * A cursor in a query string, decoded. Through the Worker's validator a cursor we did not issue
 * answers 400 'Invalid cursor' in the error envelope; an empty value means "from the start", as a
 * missing one does.
 */
export const cursorSchema = z.string({ error: REQUEST_TEXTS.invalidCursor }).transform((raw, ctx): Cursor | undefined => {
  if (raw === "") return undefined;
  const cursor = decodeCursor(raw);
  if (!cursor) {
    ctx.addIssue({ code: "custom", message: REQUEST_TEXTS.invalidCursor });
    return z.NEVER;
  }
  return cursor;
});

/**
 * A position in a search list (decision record 0095). A search list is ranked or sorted in parts
 * (phases: exact names before ranked matches, badge holders before the rest), so a position
 * names its phase, the last row's sort value (`score`) and its key, how far the ranked walk read
 * (`walk`) and how many rows were consumed before it (`served`). The next page starts right after
 * that row, found again by its key, so rows that arrive or change score in between neither repeat
 * nor skip the rows of the list. An empty key is the start of the phase.
 */
export interface SearchCursor {
  phase: number;
  score: number;
  key: string;
  walk: number;
  served: number;
}

const SEARCH_CURSOR_RE = /^s\.(\d{1,2})\.(\d{1,6})\.(\d{1,7})\.([A-Za-z0-9_-]{0,64})\.(-?\d{1,22}(?:\.\d{1,40})?(?:e[+-]?\d{1,3})?)$/;

export function encodeSearchCursor(cursor: SearchCursor): string {
  return toBase64Url(`s.${cursor.phase}.${cursor.walk}.${cursor.served}.${cursor.key}.${cursor.score}`);
}

/** The position inside a search cursor we issued; null for anything else. */
export function decodeSearchCursor(raw: string | null | undefined): SearchCursor | null {
  if (raw == null || !/^[A-Za-z0-9_-]{1,200}$/.test(raw)) return null;
  let text: string;
  try {
    text = atob(raw.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return null;
  }
  const match = SEARCH_CURSOR_RE.exec(text);
  if (!match) return null;
  const score = Number(match[5]);
  if (!Number.isFinite(score)) return null;
  return { phase: Number(match[1]), walk: Number(match[2]), served: Number(match[3]), key: match[4]!, score };
}

/** A search cursor in a query string: 400 'Invalid cursor' for one we did not issue, like cursorSchema. */
export const searchCursorSchema = z.string({ error: REQUEST_TEXTS.invalidCursor }).transform((raw, ctx): SearchCursor | undefined => {
  if (raw === "") return undefined;
  const cursor = decodeSearchCursor(raw);
  if (!cursor) {
    ctx.addIssue({ code: "custom", message: REQUEST_TEXTS.invalidCursor });
    return z.NEVER;
  }
  return cursor;
});
