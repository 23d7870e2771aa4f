// Paging on the SPA's side (decision records 0006 and 0078): every list of the API answers
// `{ items, nextCursor }` (shared/paging.ts) and takes `?cursor=&limit=`. The cursor is opaque:
// the SPA only hands back the `nextCursor` it was given, so nothing here reads or builds one.
import type { InfiniteData } from "@tanstack/react-query";
import { PAGE_DEFAULT_LIMIT, type Page } from "@shared/paging";

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

/** The loaded pages of such a list, as the infinite query caches them. */
export type LoadedPages<Item> = InfiniteData<Page<Item>, string | null>;

/**
 * The loaded pages with `fn` applied to each page's items. Lists are keyset pages, so an edit is
 * applied in place rather than refetched (a refetch of many pages costs many requests and can
 * make the list jump).
 */
export function mapLoadedItems<Item>(data: LoadedPages<Item> | undefined, fn: (items: Item[]) => Item[]): LoadedPages<Item> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: fn(page.items) })) };
}
