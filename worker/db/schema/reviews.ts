// Reviews of completed orders and the seller's requests for one (DESIGN.md "Sample pages" and
// "Request Review"; decision record 0047). A review belongs to one order, so `order_id` is
// unique: that index, not a check before the insert, is what makes a second review impossible.
// The item and the seller are copied from the order so ratings aggregate per item and per
// seller through their own covering indexes, without a join through orders.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ITEM_TYPES } from "@shared/constants";
import { createdAt, idColumn, inList, timestampMs, updatedAt } from "./columns";
import { orders } from "./marketplace";
import { users } from "./users";

export const reviews = sqliteTable(
  "reviews",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .unique("reviews_order_unique")
      .references(() => orders.id),
    /** The order's buyer: the only one who may write it. Kept like the order (no cascade). */
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    /** The order's seller: the only one who may answer it. */
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    itemType: text("item_type", { enum: ITEM_TYPES }).notNull(),
    /** services.id or products.id (no foreign key: the item may be deleted, the review stays). */
    itemId: text("item_id").notNull(),
    /** The order's copy of the item's name, so the list still names a deleted item. */
    itemName: text("item_name").notNull(),
    rating: integer("rating", { mode: "number" }).notNull(),
    content: text("content").notNull(),
    answer: text("answer"),
    answeredAt: timestampMs("answered_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The seller's /reviews list, newest first with a keyset cursor.
    index("reviews_seller_created_idx").on(t.sellerId, t.createdAt, t.id),
    // The seller's average and star breakdown: an index-only count per star.
    index("reviews_seller_rating_idx").on(t.sellerId, t.rating),
    // An item's average and count on cards and detail pages: index-only as well.
    index("reviews_item_rating_idx").on(t.itemType, t.itemId, t.rating),
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_item_type_check", inList(t.itemType, ITEM_TYPES)),
    check("reviews_answered_together", sql`(${t.answer} is null) = (${t.answeredAt} is null)`),
  ],
);

/**
 * A seller's Request Review for one order: at most one per order (the primary key), so /reviews
 * can say "Requested" and a second request is refused rather than sent again.
 */
export const reviewRequests = sqliteTable(
  "review_requests",
  {
    orderId: text("order_id")
      .primaryKey()
      .references(() => orders.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index("review_requests_seller_idx").on(t.sellerId, t.createdAt)],
);
