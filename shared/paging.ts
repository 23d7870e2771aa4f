// Paging, the one contract every list of the API shares (decision records 0006 and 0078): a page
// is `{ items, nextCursor }`, the query is `?cursor=&limit=`, and the limits are here. The cursor
// itself is opaque: only shared/cursor.ts knows what is inside it, and the SPA never imports that
// module (tests/web/cursor-opacity.test.ts), while it does import this one. The query's zod
// schemas are shared/schemas/paging.ts: the SPA pages with these constants alone, and a module
// that builds schemas at load time would bring zod into every screen that lists something.

/** Items per page of every list when the client does not say; the SPA asks for exactly this many. */
export const PAGE_DEFAULT_LIMIT = 10;
/** The most items one page returns, whatever the client asks for. */
export const PAGE_MAX_LIMIT = 50;

/** One page of a list, newest first unless the list says otherwise. */
export interface Page<Item> {
  items: Item[];
  /** Opaque (shared/cursor.ts); pass back as `?cursor=` for the next page. Null on the last page. */
  nextCursor: string | null;
}
