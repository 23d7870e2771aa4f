// Search for services (spec social-feed-search §7 search services): ranked by bm25 over
// services_fts with a query, newest first without one; both page (decision record 0095).
import { and, desc, eq, sql } from "drizzle-orm";
import type { SearchCursor } from "@shared/cursor";
import type { ServiceSearchResult } from "@shared/search-api";
import { ftsMatchExpression } from "../../../lib/fts-query";
import type { Db } from "../../client";
import { profiles, services } from "../../schema";
import { authorColumns, toAuthor } from "../people";
import { shownTo } from "../audience";
import { itemRatings } from "../reviews";
import { toServiceCard } from "../catalogue";
import { visibleContent } from "../visibility";
import { SERVICE_RANK } from "./fts";
import { pageOfPhases, type Phase, type PhasePosition, rankedPhasePage, runWalk, walkAnchor, walkSubquery, type WalkRow } from "./ranked";

export interface ServiceSearchOptions {
  q: string;
  limit: number;
  cursor?: SearchCursor | null;
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
 * Without a query: every service newest first (§7 "read all services newest first"), keyset on
 * services_created_idx. Exported (as SQL) for the query-plan tests.
 */
export function listedServicesQuery(db: Db, options: ServiceSearchOptions, position: PhasePosition | null) {
  return db
    .select(serviceSelection())
    .from(services)
    .leftJoin(profiles, eq(profiles.userId, services.userId))
    .where(
      and(
        position ? sql`(${services.createdAt}, ${services.id}) < (${position.score}, ${position.key})` : undefined,
        shownTo(options.viewerId, services.userId),
        visibleContent(services, null),
      ),
    )
    .orderBy(desc(services.createdAt), desc(services.id))
    .limit(options.limit + 1);
}

/**
 * With a query: bm25 over services_fts (keyed by the services' rowids), every match read while
 * they are fewer than the walk (a small table), with the searcher's filters before ranking.
 * Exported (as SQL) for the query-plan tests.
 */
export function rankedServicesQuery(db: Db, options: ServiceSearchOptions, match: string, position: PhasePosition | null, size: number, limit: number) {
  const join = sql`cross join ${services} on ${services}.rowid = cand.k`;
  const where = and(shownTo(options.viewerId, services.userId), visibleContent(services, null)) ?? sql`1`;
  const ranked = walkSubquery({ fts: "services_fts", rank: SERVICE_RANK, match, size, limit: limit + 1, after: walkAnchor(position), join, where });
  return db
    .select({ ...serviceSelection(), walked: sql<number>`ranked.walked`, anchored: sql<number>`ranked.anchored`, k: sql<number | null>`ranked.k`, s: sql<number | null>`ranked.s` })
    .from(sql`(${ranked}) ranked`)
    .leftJoin(services, sql`${services}.rowid = ranked.k`)
    .leftJoin(profiles, eq(profiles.userId, services.userId))
    .orderBy(sql`ranked.s`, sql`ranked.k`);
}

type ServiceRow = Awaited<ReturnType<ReturnType<typeof listedServicesQuery>["execute"]>>[number];

async function toResults(db: Db, rows: ServiceRow[]): Promise<ServiceSearchResult[]> {
  const ratings = await itemRatings(db, "service", rows.map((row) => row.id));
  return rows.map((row) => ({ ...toServiceCard(row, ratings.get(row.id) ?? null), author: toAuthor(row) }));
}

export async function searchServices(db: Db, options: ServiceSearchOptions): Promise<{ items: ServiceSearchResult[]; nextCursor: string | null }> {
  let phase: Phase<ServiceRow>;
  if (options.q === "") {
    phase = async (position, limit) => {
      const rows = await listedServicesQuery(db, { ...options, limit }, position);
      const consumed = rows.slice(0, limit);
      const last = consumed.at(-1);
      return { items: consumed, consumed: consumed.length, last: last ? { score: last.createdAt, key: last.id, walk: 0 } : null, more: rows.length > limit };
    };
  } else {
    const match = ftsMatchExpression(options.q);
    if (match === null) return { items: [], nextCursor: null };
    phase = async (position, limit, served) => {
      const { candidates, size } = await runWalk(
        async (walkSize) => (await rankedServicesQuery(db, options, match, position, walkSize, limit)) as (ServiceRow & WalkRow)[],
        position,
        limit,
        served,
      );
      return rankedPhasePage(candidates, size, limit, (row) => (row.id ? row : null));
    };
  }
  const page = await pageOfPhases([phase], options.cursor, options.limit);
  return { items: await toResults(db, page.items), nextCursor: page.nextCursor };
}
