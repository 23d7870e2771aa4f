// The analytics queries are index ranges: the page's reads are bounded by the user (and the two
// live days), and the nightly roll-up by one UTC day of each raw table (decision record 0051).
import { env } from "cloudflare:test";
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { newId } from "../../../worker/db/ids";
import {
  liveServicesQuery,
  liveTotalsQuery,
  recentFollowsQuery,
  recentSalesQuery,
  rolledUpDaysQuery,
  rolledUpServicesQuery,
  rollUpDayStatements,
} from "../../../worker/db/queries/analytics";
import { portfolioQuery } from "../../../worker/db/queries/portfolio";
import { db } from "../helpers";

type Statement = { sql: string; params: unknown[] };
const dialect = new SQLiteAsyncDialect();
const toSql = (statement: SQL): Statement => dialect.sqlToQuery(statement);

async function plan({ sql: text, params }: Statement): Promise<string> {
  const result = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return result.results.map((r) => r.detail).join("\n");
}

/** A full scan of a table (an index walk says "USING … INDEX"; "SCAN CONSTANT ROW" reads none). */
const TABLE_SCAN = /^SCAN (?!CONSTANT ROW)\w+( (?!USING)|$)/m;

const userId = newId();
const now = Date.now();
const range = { start: now - 86_400_000, end: now };

describe("analytics query plans", () => {
  it("reads a user's rolled-up days as a range of the primary key", async () => {
    const p = await plan(rolledUpDaysQuery(db(), userId, "2026-01-01", "2026-03-31").toSQL());
    expect(p).toMatch(/SEARCH analytics_daily USING INDEX sqlite_autoindex_analytics_daily_1 \(user_id=\? AND day>\? AND day<\?\)/);
  });

  it("counts the live days by the user's indexes, never a scan", async () => {
    const p = await plan(toSql(liveTotalsQuery(userId, range)));
    expect(p).toMatch(/user_interactions_target_user_idx \(target_user_id=\? AND created_at>\? AND created_at<\?\)/);
    expect(p).toMatch(/posts_user_created_idx \(user_id=\?\)/);
    expect(p).toMatch(/post_views_post_created_idx \(post_id=\? AND created_at>\? AND created_at<\?\)/);
    expect(p).toMatch(/follows_following_created_idx \(following_id=\? AND created_at>\? AND created_at<\?\)/);
    expect(p).toMatch(/orders_seller_created_idx \(seller_id=\? AND created_at>\? AND created_at<\?\)/);
    expect(p).not.toMatch(TABLE_SCAN);
  });

  it("totals the user's services from their own rows", async () => {
    const rolled = await plan(toSql(rolledUpServicesQuery(userId, "2026-01-01", "2026-03-31")));
    // From the index alone, and each service's name read by its key after the sums (issue #33 item 4).
    expect(rolled).toMatch(/USING COVERING INDEX analytics_service_daily_user_day_idx \(user_id=\? AND day>\? AND day<\?\)/);
    expect(rolled).toMatch(/SEARCH s USING INDEX sqlite_autoindex_services_1 \(id=\?\)|SEARCH s USING PRIMARY KEY/);
    // "SCAN t" reads the sums, one row per service, not a table.
    expect(rolled.replace(/^SCAN t$/m, "")).not.toMatch(TABLE_SCAN);
    const live = await plan(toSql(liveServicesQuery(userId, range)));
    expect(live).toMatch(/user_interactions_target_user_idx/);
    expect(live).toMatch(/orders_seller_created_idx/);
    expect(live).not.toMatch(/^SCAN (user_interactions|orders|services)( (?!USING)|$)/m);
  });

  it("lists the newest followers and sales by the user's indexes, already in order", async () => {
    const follows = await plan(toSql(recentFollowsQuery(userId, 10)));
    expect(follows).toMatch(/follows_following_created_idx \(following_id=\?\)/);
    expect(follows).not.toMatch(/TEMP B-TREE/);
    const sales = await plan(toSql(recentSalesQuery(userId, 10)));
    expect(sales).toMatch(/orders_seller_created_idx \(seller_id=\?\)/);
    expect(sales).not.toMatch(/TEMP B-TREE/);
  });

  it("rolls up one UTC day by the raw tables' created_at indexes", async () => {
    const statements = rollUpDayStatements(db(), "2026-03-09", range);
    const plans = await Promise.all(statements.map((statement) => plan(statement.toSQL())));
    const all = plans.join("\n");
    expect(all).toMatch(/user_interactions_created_idx \(created_at>\? AND created_at<\?\)/);
    expect(all).toMatch(/post_views_created_idx \(created_at>\? AND created_at<\?\)/);
    expect(all).toMatch(/follows_created_idx \(created_at>\? AND created_at<\?\)/);
    expect(all).toMatch(/orders_created_idx \(created_at>\? AND created_at<\?\)/);
    expect(all).toMatch(/analytics_daily_day_idx \(day=\?\)/);
    expect(all).toMatch(/analytics_service_daily_day_idx \(day=\?\)/);
    expect(all).not.toMatch(/^SCAN (user_interactions|post_views|follows|orders|posts|services)( (?!USING)|$)/m);
  });
});

describe("portfolio query plan", () => {
  it("reads one user's items in position order by their unique index", async () => {
    const p = await plan(portfolioQuery(db(), userId, null).toSQL());
    expect(p).toMatch(/portfolio_items_user_position_unique \(user_id=\?\)/);
    expect(p).not.toMatch(/TEMP B-TREE/);
    expect(p).not.toMatch(TABLE_SCAN);
  });
});
