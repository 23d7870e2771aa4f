// Paging, the one contract every list of the API shares (decision records 0006 and 0078): a page
// is `{ items, nextCursor }`, the query is `?cursor=&limit=`, and the limits are here. The cursor
// itself is opaque: only shared/cursor.ts knows what is inside it, and the SPA never imports that
// module (tests/web/cursor-opacity.test.ts), while it does import this one.
import { z } from "zod";
import { cursorSchema } from "./cursor";

/** Items per page of every list when the client does not say; the SPA asks for exactly this many. */
export const PAGE_DEFAULT_LIMIT = 10;
/** The most items one page returns, whatever the client asks for. */
const PAGE_MAX_LIMIT = 50;

/** One page of a list, newest first unless the list says otherwise. */
export interface Page<Item> {
  items: Item[];
  /** Opaque (shared/cursor.ts); pass back as `?cursor=` for the next page. Null on the last page. */
  nextCursor: string | null;
}

/**
 * A `?limit=` between 1 and `max`, `fallback` when missing or not a number. A limit out of range
 * is clamped rather than refused: it is a paging hint, not user input.
 */
export function limitSchema(fallback: number, max: number) {
  return z
    .string()
    .optional()
    .transform((raw) => {
      const n = raw === undefined ? Number.NaN : Number.parseInt(raw, 10);
      return Number.isFinite(n) ? Math.min(Math.max(n, 1), max) : fallback;
    });
}

/** `?cursor=&limit=` of every list; the cursor comes out decoded (400 'Invalid cursor' if it cannot be). */
export const pageQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: limitSchema(PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT),
});
