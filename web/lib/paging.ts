// Paging on the SPA's side (decision records 0006 and 0078): every list of the API answers
// `{ items, nextCursor }` (shared/paging.ts) and takes `?cursor=&limit=`. The cursor is opaque:
// the SPA only hands back the `nextCursor` it was given, so nothing here reads or builds one.
import { PAGE_DEFAULT_LIMIT, type Page } from "../../shared/paging";

/** `?cursor=` when there is one; the first page is asked for without it. */
export function cursorParam(cursor: string | null): { cursor?: string } {
  return cursor ? { cursor } : {};
}

/** `?limit=&cursor=` of a list read PAGE_DEFAULT_LIMIT items at a time. */
export function pageQuery(cursor: string | null): { limit: string; cursor?: string } {
  return { limit: String(PAGE_DEFAULT_LIMIT), ...cursorParam(cursor) };
}

/** The cursor options of a `useInfiniteQuery` over such a list: start without one, stop at null. */
export const cursorPages = {
  initialPageParam: null as string | null,
  getNextPageParam: (last: Page<unknown>): string | null => last.nextCursor,
};
