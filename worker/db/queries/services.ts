// Services (spec marketplace-messaging-account §2 Services and Service detail, §3 service, §7
// Services: read by user, insert, update by id, delete by id; Service detail: one service and its
// seller's profile). Writes are filtered by the owner's id as well as the row's id, so a write
// can only ever touch the caller's own row whatever a route checked before.
import { and, eq } from "drizzle-orm";
import type { PaymentsModeName } from "@shared/checkout-api";
import type { OwnerServicePage, ServiceDetail, ServiceValues } from "@shared/marketplace-api";
import type { Cursor } from "@shared/cursor";
import type { Db } from "../client";
import { sellerPayable } from "../../lib/payouts";
import { payoutAccounts, profiles, services } from "../schema";
import { toMarketService } from "./catalogue";
import { itemRating } from "./reviews";
import { mapPage, pageOf } from "./paging";
import { toSeller } from "./people";
import { visibleContent } from "./visibility";
import { getPayoutAccount } from "./payouts";
import { sellerServicesQuery } from "./seller-items";

type ServiceRow = typeof services.$inferSelect;

// The routes answer a written service in the owner's shape; the mapper is the catalogue's.
export { toMarketService };

/**
 * The owner's grid: their services newest first (services_user_created_idx, like the profile tab).
 * Every card is the one seller's, so their payout account is read once beside the page.
 */
export async function listOwnServices(db: Db, options: { userId: string; cursor?: Cursor | null; limit: number; mode: PaymentsModeName }): Promise<OwnerServicePage> {
  const [rows, account] = await Promise.all([sellerServicesQuery(db, options), getPayoutAccount(db, options.userId)]);
  const payable = sellerPayable(options.mode, account);
  return mapPage(pageOf(rows, options.limit), (row) => toMarketService(row, "owner", payable));
}

export async function getService(db: Db, id: string): Promise<ServiceRow | undefined> {
  const [row] = await db.select().from(services).where(eq(services.id, id)).limit(1);
  return row;
}

/**
 * The detail page: the service, its seller and whether they can be paid (in `mode`), in one
 * query; null when there is no such service.
 */
export async function getServiceDetail(db: Db, id: string, viewerId: string | null, mode: PaymentsModeName): Promise<ServiceDetail | null> {
  const [row] = await db
    .select({
      service: services,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      payoutMode: payoutAccounts.mode,
      chargesEnabled: payoutAccounts.chargesEnabled,
    })
    .from(services)
    .leftJoin(profiles, eq(profiles.userId, services.userId))
    .leftJoin(payoutAccounts, eq(payoutAccounts.userId, services.userId))
    .where(and(eq(services.id, id), visibleContent(services, viewerId)))
    .limit(1);
  if (!row) return null;
  return {
    ...toMarketService(row.service, "public", sellerPayable(mode, row.payoutMode === null ? null : { mode: row.payoutMode, chargesEnabled: row.chargesEnabled === true })),
    seller: toSeller(row.service.userId, row),
    viewer: viewerId === null ? null : { isOwner: viewerId === row.service.userId },
    rating: await itemRating(db, "service", id),
  };
}

function columnsOf(values: ServiceValues) {
  return {
    name: values.name,
    description: values.description,
    category: values.category,
    needsScheduling: values.needsScheduling,
    pricingModel: values.pricingModel,
    priceCents: values.priceCents,
    packageDetails: values.packages,
    turnaroundDays: values.turnaroundDays,
  };
}

export async function insertService(db: Db, row: { id: string; userId: string; now: number; values: ServiceValues }): Promise<ServiceRow> {
  const [created] = await db
    .insert(services)
    .values({ id: row.id, userId: row.userId, ...columnsOf(row.values), createdAt: row.now, updatedAt: row.now })
    .returning();
  if (!created) throw new Error("service insert returned nothing");
  return created;
}

/** Replaces the form's fields of the owner's service; undefined when it is not theirs (or gone). */
export async function updateService(db: Db, input: { id: string; userId: string; now: number; values: ServiceValues }): Promise<ServiceRow | undefined> {
  const [updated] = await db
    .update(services)
    .set({ ...columnsOf(input.values), updatedAt: input.now })
    .where(and(eq(services.id, input.id), eq(services.userId, input.userId)))
    .returning();
  return updated;
}

/** True when the owner's service was there and is now gone. */
export async function deleteService(db: Db, input: { id: string; userId: string }): Promise<boolean> {
  const deleted = await db
    .delete(services)
    .where(and(eq(services.id, input.id), eq(services.userId, input.userId)))
    .returning({ id: services.id });
  return deleted.length > 0;
}
