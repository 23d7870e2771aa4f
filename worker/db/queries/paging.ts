// Keyset pages on the Worker's side (decision records 0006 and 0078). A list query reads
// `limit + 1` rows in its keyset order (the extra one only says that there is more) and answers a
// `Page` (shared/paging.ts) whose `nextCursor` is the position of the last item kept. This is the
// one place a page's cursor is built: routes receive pages, never rows and a "has more" flag.
import { type Cursor, encodeCursor } from "@shared/cursor";
import type { Page } from "@shared/paging";

type Keyed = { createdAt: number; id: string };

/** The position of a row keyed on (created_at, id), the order of most lists. */
const byCreated = (row: Keyed): Cursor => ({ createdAt: row.createdAt, id: row.id });

/**
 * The items that were kept and whether more follow, as a page: the cursor is the position of the
 * last item. For lists merged from several keyset reads, which know "more" their own way.
 */
export function pageFrom<Row>(items: Row[], more: boolean, positionOf: (row: Row) => Cursor): Page<Row> {
  const last = items.at(-1);
  return { items, nextCursor: more && last ? encodeCursor(positionOf(last)) : null };
}

/** `limit + 1` rows read in keyset order as a page of at most `limit`; keyed on (created_at, id) unless told. */
export function pageOf<Row extends Keyed>(rows: Row[], limit: number): Page<Row>;
export function pageOf<Row>(rows: Row[], limit: number, positionOf: (row: Row) => Cursor): Page<Row>;
export function pageOf<Row>(rows: Row[], limit: number, positionOf?: (row: Row) => Cursor): Page<Row> {
  const more = rows.length > limit;
  return pageFrom(more ? rows.slice(0, limit) : rows, more, positionOf ?? (byCreated as unknown as (row: Row) => Cursor));
}

/** The same page with its items mapped (rows to the API's shapes); the cursor stays. */
export function mapPage<Row, Item>(page: Page<Row>, map: (row: Row) => Item): Page<Item> {
  return { items: page.items.map(map), nextCursor: page.nextCursor };
}
