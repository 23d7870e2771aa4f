// Services, products and orders (spec marketplace-messaging-account §3/§7, DESIGN.md "Payments").
// Prices are integer cents; the 5% platform fee is computed on the server and stored on the order.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  ITEM_TYPES,
  ORDER_STATUSES,
  PRICING_MODELS,
  PRODUCT_CATEGORIES,
  PRODUCT_TYPES,
  SERVICE_CATEGORIES,
} from "@shared/constants";
import { createdAt, idColumn, inList, nowMsSql, timestampMs, updatedAt } from "./columns";
import { users } from "./users";

/**
 * One package of a package-priced service (shared/marketplace-api.ts ServicePackage). The column
 * holds a list; rows written before packages became a list hold one object, which
 * worker/db/queries/services.ts `readPackages` reads as a list of one.
 */
export interface StoredPackage {
  sessions: number | null;
  priceCents: number | null;
  description: string | null;
}
export type PackageDetails = StoredPackage[] | StoredPackage;

export const services = sqliteTable(
  "services",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    category: text("category", { enum: SERVICE_CATEGORIES }).notNull(),
    needsScheduling: integer("needs_scheduling", { mode: "boolean" }).notNull().default(false),
    pricingModel: text("pricing_model", { enum: PRICING_MODELS }).notNull(),
    /** Null for the package model (the price is in package_details) or when not priced. */
    priceCents: integer("price_cents", { mode: "number" }),
    packageDetails: text("package_details", { mode: "json" }).$type<PackageDetails>(),
    /** Stored and shown in days (DESIGN.md). */
    turnaroundDays: integer("turnaround_days", { mode: "number" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Hidden pending review or by a moderator: missing to all but its owner (decision record 0083). */
    hiddenAt: timestampMs("hidden_at"),
  },
  (t) => [
    index("services_created_idx").on(t.createdAt, t.id),
    index("services_user_created_idx").on(t.userId, t.createdAt, t.id),
    index("services_category_created_idx").on(t.category, t.createdAt),
    check("services_category_check", inList(t.category, SERVICE_CATEGORIES)),
    check("services_pricing_model_check", inList(t.pricingModel, PRICING_MODELS)),
    check("services_price_nonnegative", sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
    check("services_turnaround_nonnegative", sql`${t.turnaroundDays} is null or ${t.turnaroundDays} >= 0`),
  ],
);

export const products = sqliteTable(
  "products",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    category: text("category", { enum: PRODUCT_CATEGORIES }).notNull(),
    priceCents: integer("price_cents", { mode: "number" }).notNull(),
    type: text("type", { enum: PRODUCT_TYPES }).notNull(),
    /** R2 key in the private bucket PRIVATE_FILES; digital products only, never served publicly. */
    fileKey: text("file_key"),
    /** The file's original name, size and type: shown to the owner, and the buyer's download name. */
    fileName: text("file_name"),
    fileSize: integer("file_size", { mode: "number" }),
    fileMime: text("file_mime"),
    /** R2 key in MEDIA (`product-images/…`). */
    imageKey: text("image_key"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Hidden pending review or by a moderator: missing to all but its owner (decision record 0083). */
    hiddenAt: timestampMs("hidden_at"),
  },
  (t) => [
    index("products_created_idx").on(t.createdAt, t.id),
    index("products_user_created_idx").on(t.userId, t.createdAt, t.id),
    check("products_category_check", inList(t.category, PRODUCT_CATEGORIES)),
    check("products_type_check", inList(t.type, PRODUCT_TYPES)),
    check("products_price_nonnegative", sql`${t.priceCents} >= 0`),
    check("products_file_digital_only", sql`${t.fileKey} is null or ${t.type} = 'digital'`),
  ],
);

export const ORDER_PROVIDERS = ["stripe", "test"] as const;
export type OrderProvider = (typeof ORDER_PROVIDERS)[number];
export const DISPUTE_STATUSES = ["open", "won", "lost"] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
/** A payout account is a real Stripe Express account, or the test mode's local stand-in (decision record 0081). */
export const PAYOUT_ACCOUNT_MODES = ["stripe", "test"] as const;

/**
 * A purchase. Buyer and seller are kept (no cascade): an order is a financial record, so a user
 * with orders cannot be hard-deleted until the orders are archived or anonymised. Item fields are
 * copied at purchase time so the order survives edits and deletion of the service or product.
 */
export const orders = sqliteTable(
  "orders",
  {
    id: idColumn(),
    buyerId: text("buyer_id")
      .notNull()
      .references(() => users.id),
    sellerId: text("seller_id")
      .notNull()
      .references(() => users.id),
    itemType: text("item_type", { enum: ITEM_TYPES }).notNull(),
    /** services.id or products.id (no foreign key: the item may be deleted later). */
    itemId: text("item_id").notNull(),
    itemName: text("item_name").notNull(),
    priceCents: integer("price_cents", { mode: "number" }).notNull(),
    feeCents: integer("fee_cents", { mode: "number" }).notNull(),
    totalCents: integer("total_cents", { mode: "number" }).notNull(),
    currency: text("currency").notNull().default("usd"),
    status: text("status", { enum: ORDER_STATUSES }).notNull().default("pending"),
    provider: text("provider", { enum: ORDER_PROVIDERS }).notNull(),
    providerSessionId: text("provider_session_id"),
    providerPaymentIntentId: text("provider_payment_intent_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestampMs("paid_at"),
    /** Copied from the product at purchase: digital or physical; null for services. */
    productType: text("product_type", { enum: PRODUCT_TYPES }),
    /** The digital product's private file at purchase time (PRIVATE_FILES), so edits cannot take it away. */
    fileKey: text("file_key"),
    /** That file's original name at purchase: the name the buyer's download arrives under (RFC 6266). */
    fileName: text("file_name"),
    /** When the status last changed: the cron's clock for the automatic completions. */
    statusChangedAt: timestampMs("status_changed_at")
      .notNull()
      .default(nowMsSql)
      .$defaultFn(() => Date.now()),
    /** The seller's connected Stripe account the payment went to (destination charge), if any. */
    destinationAccountId: text("destination_account_id"),
    /**
     * The custom offer this order pays (decision record 0050): the order is then a service order
     * (item_type 'service', its lifecycle) whose item_id is the offer's id. Null for catalogue items.
     */
    offerId: text("offer_id"),
    /**
     * The package of a package-priced service the buyer chose (its index in package_details at
     * purchase time) and that package's words, copied so the order survives edits. Null otherwise.
     */
    packageIndex: integer("package_index", { mode: "number" }),
    packageLabel: text("package_label"),
    /** A digital order's first download by its buyer: the moment the sale completes (decision record 0081). */
    firstDownloadedAt: timestampMs("first_downloaded_at"),
    /** When a pending Stripe order was last checked with Stripe, so polling cannot call Stripe without bound. */
    providerCheckedAt: timestampMs("provider_checked_at"),
    /** The card dispute opened on this order's charge, if any (decision record 0081). */
    disputeId: text("dispute_id"),
    /**
     * Null, or where that dispute stands: open (access ends, the money is held), won (the sale
     * stands) or lost (the bank took the money back; the order is then refunded).
     */
    disputeStatus: text("dispute_status", { enum: DISPUTE_STATUSES }),
  },
  (t) => [
    uniqueIndex("orders_provider_session_unique").on(t.providerSessionId),
    uniqueIndex("orders_provider_payment_intent_unique").on(t.providerPaymentIntentId),
    index("orders_buyer_created_idx").on(t.buyerId, t.createdAt, t.id),
    // A seller's sales newest first, and (with the status, dispute and price carried along) their
    // money on /payments summed from the index alone, without reading each order (worker/db/queries/
    // payments.ts saleTotals; issue #33 item 4). One index for both: a second one led by the seller
    // would compete with this one for the sales list's plan.
    index("orders_seller_created_idx").on(t.sellerId, t.createdAt, t.id, t.status, t.disputeStatus, t.priceCents),
    // "Has this buyer paid for this item?" (digital downloads).
    index("orders_buyer_item_idx").on(t.buyerId, t.itemType, t.itemId, t.status),
    // "Does an order still need this product's file?" (deleting a product, decision record 0035).
    index("orders_item_idx").on(t.itemType, t.itemId, t.status),
    // The daily cron's "shipped 14 days ago" and "delivered 3 days ago".
    index("orders_status_changed_idx").on(t.status, t.statusChangedAt),
    // The daily analytics roll-up reads one UTC day of orders (decision record 0051).
    index("orders_created_idx").on(t.createdAt),
    check("orders_item_type_check", inList(t.itemType, ITEM_TYPES)),
    check("orders_product_type_check", sql`${t.productType} is null or ${t.productType} in ('digital', 'physical')`),
    check("orders_status_check", inList(t.status, ORDER_STATUSES)),
    check("orders_provider_check", inList(t.provider, ORDER_PROVIDERS)),
    check(
      "orders_amounts_check",
      sql`${t.priceCents} >= 0 and ${t.feeCents} >= 0 and ${t.totalCents} = ${t.priceCents} + ${t.feeCents}`,
    ),
  ],
);

/**
 * A digital product's file kept after the product lost it (deleted, turned physical, file
 * removed) because an order still needs it for a buyer's download (decision record 0035). The
 * download reads the product's own file first, then this row by product id. A daily job removes
 * the object and the row once no pending or paid order for the product is left.
 */
export const retainedProductFiles = sqliteTable(
  "retained_product_files",
  {
    /** R2 key in PRIVATE_FILES. */
    fileKey: text("file_key").primaryKey(),
    /** No foreign key: the product is usually gone. */
    productId: text("product_id").notNull(),
    sellerId: text("seller_id").notNull(),
    fileName: text("file_name"),
    fileSize: integer("file_size", { mode: "number" }),
    fileMime: text("file_mime"),
    createdAt: createdAt(),
  },
  (t) => [index("retained_product_files_product_idx").on(t.productId, t.createdAt)],
);
export const ORDER_ACTORS = ["buyer", "seller", "system"] as const;

/** One row per state an order entered: the order page's history. */
export const orderHistory = sqliteTable(
  "order_history",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    actor: text("actor", { enum: ORDER_ACTORS }).notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [
    index("order_history_order_idx").on(t.orderId, t.createdAt),
    check("order_history_status_check", inList(t.status, ORDER_STATUSES)),
    check("order_history_actor_check", inList(t.actor, ORDER_ACTORS)),
  ],
);

/** A service delivery's files, in PRIVATE_FILES; attached to the next delivery when it is sent. */
export const orderFiles = sqliteTable(
  "order_files",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size", { mode: "number" }).notNull(),
    createdAt: createdAt(),
    deliveredAt: timestampMs("delivered_at"),
  },
  (t) => [index("order_files_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * Stripe webhook events already handled: an id is stored once, after its handling succeeded, so a
 * replay is skipped (the guarded transitions make a concurrent duplicate harmless too).
 */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/** A seller's Stripe Express account and what Stripe last told us about it (account.updated). */
export const payoutAccounts = sqliteTable("payout_accounts", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  stripeAccountId: text("stripe_account_id").notNull().unique(),
  chargesEnabled: integer("charges_enabled", { mode: "boolean" }).notNull().default(false),
  payoutsEnabled: integer("payouts_enabled", { mode: "boolean" }).notNull().default(false),
  /** "stripe" for a real Express account; "test" for the local stand-in onboarding of the test mode. */
  mode: text("mode", { enum: PAYOUT_ACCOUNT_MODES }).notNull().default("stripe"),
  /** The seller finished Stripe's onboarding form (Stripe may still be verifying it). */
  detailsSubmitted: integer("details_submitted", { mode: "boolean" }).notNull().default(false),
  /** Stripe's requirement codes due now or past due (JSON list): what the seller still has to give. */
  requirementsDue: text("requirements_due", { mode: "json" }).$type<string[]>(),
  /** Requirement codes Stripe is verifying (JSON list). */
  requirementsPending: text("requirements_pending", { mode: "json" }).$type<string[]>(),
  /** Stripe's requirements.disabled_reason, when the account cannot take charges or pay out. */
  disabledReason: text("disabled_reason"),
  /** When the state was last taken from Stripe (webhook or a refresh). */
  syncedAt: timestampMs("synced_at"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
