// Search for services (spec social-feed-search §7 search services): ranked by services_fts with a
// query, newest first in keyset pages without one.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Cursor } from "@shared/cursor";
import type { ServiceSearchResult } from "@shared/search-api";
import { ftsMatchExpression } from "../../../lib/fts-query";
import type { Db } from "../../client";
import { profiles, services } from "../../schema";
import { authorColumns, toAuthor } from "../people";
import { shownTo } from "../audience";
import { mapPage, pageOf } from "../paging";
import { itemRatings } from "../reviews";
import { toServiceCard } from "../catalogue";
import { SERVICE_RANK, servicesFts } from "./fts";
import { visibleContent } from "../visibility";

export interface ServiceSearchOptions {
  q: string;
  limit: number;
  cursor?: Cursor | null;
  /** The searcher: sellers across a block or muted by them are left out (decision record 0082). */
  viewerId?: string | null;
}

function serviceSelection() {
  return {
    id: services.id,
    userId: services.userId,
    name: services.name,
    description: services.description,
    category: services.category,
    needsScheduling: services.needsScheduling,
    pricingModel: services.pricingModel,
    priceCents: services.priceCents,
    packageDetails: services.packageDetails,
    turnaroundDays: services.turnaroundDays,
    createdAt: services.createdAt,
    updatedAt: services.updatedAt,
    hiddenAt: services.hiddenAt,
    ...authorColumns,
  };
}

/**
 * The services search's statement; exported (as SQL) for the query-plan tests. Without a query:
 * every service newest first (§7 "read all services newest first"), keyset on services_created_idx.
 */
export function serviceSearchQuery(db: Db, options: ServiceSearchOptions) {
  const limit = options.limit + 1;
  if (options.q === "") {
    const cursor = options.cursor;
    return db
      .select(serviceSelection())
      .from(services)
      .leftJoin(profiles, eq(profiles.userId, services.userId))
      .where(
        and(
          cursor ? sql`(${services.createdAt}, ${services.id}) < (${cursor.createdAt}, ${cursor.id})` : undefined,
          shownTo(options.viewerId, services.userId),
          visibleContent(services, null),
        ),
      )
      .orderBy(desc(services.createdAt), desc(services.id))
      .limit(limit);
  }
  const match = ftsMatchExpression(options.q);
  if (match === null) return null;
  return db
    .select(serviceSelection())
    .from(servicesFts)
    .innerJoin(services, sql`${services}.rowid = ${servicesFts.rowid}`)
    .leftJoin(profiles, eq(profiles.userId, services.userId))
    .where(and(sql`services_fts match ${match}`, shownTo(options.viewerId, services.userId), visibleContent(services, null)))
    .orderBy(SERVICE_RANK, desc(services.createdAt))
    .limit(limit);
}

export async function searchServices(db: Db, options: ServiceSearchOptions): Promise<{ items: ServiceSearchResult[]; nextCursor: string | null }> {
  const query = serviceSearchQuery(db, options);
  if (query === null) return { items: [], nextCursor: null };
  const rows = await query;
  const rowPage = pageOf(rows, options.limit);
  const ratings = await itemRatings(db, "service", rowPage.items.map((row) => row.id));
  const page = mapPage(rowPage, (row) => ({ ...toServiceCard(row, ratings.get(row.id) ?? null), author: toAuthor(row) }));
  // Only the newest-first list (no query) pages; a ranked list is the top 15.
  return { items: page.items, nextCursor: options.q === "" ? page.nextCursor : null };
}
