// The `?cursor=&limit=` query of every list (shared/paging.ts holds the page contract and its
// limits): the Worker validates with it; the cursor comes out decoded.
import { z } from "zod";
import { cursorSchema } from "../cursor";
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from "../paging";

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
