// The hot reads of booking are index ranges, never a scan of a whole table: each side's list of
// bookings and the seller's taken times (worker/db/queries/booking.ts). The queries are built with
// drizzle in the same shape as there; if a query there changes shape, re-check it here.
import { env } from "cloudflare:test";
import { and, desc, eq, gt, lt, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings } from "../../../worker/db/schema";
import { db } from "../helpers";

async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = query.toSQL();
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${text}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail).join("\n");
}

describe("booking query plans", () => {
  it.each([
    ["buyer", bookings.buyerId, "bookings_buyer_starts_idx"],
    ["seller", bookings.sellerId, "bookings_seller_starts_idx"],
  ] as const)("a page of the %s's bookings is a range of its index, already in order", async (_side, column, index) => {
    const plan = await planOf(
      db()
        .select()
        .from(bookings)
        .where(and(eq(column, "u"), sql`(${bookings.startsAt}, ${bookings.id}) < (${5}, ${"b"})`))
        .orderBy(desc(bookings.startsAt), desc(bookings.id))
        .limit(21),
    );
    expect(plan).toMatch(new RegExp(`USING INDEX ${index}`));
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  it("the seller's taken times in the offered weeks are a range on (seller, start)", async () => {
    const plan = await planOf(
      db()
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.sellerId, "s"), ne(bookings.status, "cancelled"), lt(bookings.startsAt, 10), gt(bookings.endsAt, 1))),
    );
    expect(plan).toMatch(/USING INDEX bookings_(seller_starts_idx|seller_slot_active_unique) \(seller_id=\? AND starts_at<\?\)/);
  });
});
