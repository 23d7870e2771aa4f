// Spec marketplace-messaging-account §2 Services and Service detail; §4 and §5 the service form;
// §6 (a user manages only their own services; visitors may view detail pages); §7 Services and
// Service detail; §8 'Service not found' and the service toasts; §9 price display. DESIGN.md: the
// owner and the price come from the session and the server's own rows. The contract (paths and
// shapes) is written at the top of shared/marketplace-api.ts.
import { Hono } from "hono";
import { MARKET_TEXTS } from "@shared/messages";
import { serviceInputSchema } from "@shared/marketplace-api";
import { pageQuerySchema } from "@shared/schemas/paging";
import { newId } from "../db/ids";
import { recordInteraction } from "../db/queries/interactions";
import { deleteService, getService, getServiceDetail, insertService, listOwnServices, toMarketService, updateService } from "../db/queries/services";
import { isBlockedBetween } from "../db/queries/audience";
import type { AppEnv } from "../env";
import { purgeSharedPages } from "./shared-pages";
import { ApiError } from "../lib/errors";
import { paramOr, serviceParam, serviceParamSchema } from "../lib/params";
import { validate } from "../lib/validator";
import { requireOwner, requireUser, signedIn, viewerId } from "../middleware/session";
import { payableSeller } from "../services/payments/payouts";
import { paymentsMode } from "../services/payments/stripe";
import { limitUser } from "../services/rate-limit";

const serviceNotFound = () => new ApiError("not_found", MARKET_TEXTS.serviceNotFound);

export const serviceRoutes = new Hono<AppEnv>()
  .get("/", signedIn, validate("query", pageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { cursor, limit } = c.req.valid("query");
    c.header("Cache-Control", "no-store");
    return c.json(await listOwnServices(c.var.db, { userId, cursor, limit, mode: paymentsMode(c.env) }), 200);
  })
  .post("/", signedIn, validate("json", serviceInputSchema), async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "catalogue_write", userId);
    const created = await insertService(c.var.db, { id: newId(), userId, now: c.var.ctx.now, values: c.req.valid("json") });
    return c.json(toMarketService(created, "owner", await payableSeller(c.var.ctx, userId)), 201);
  })
  .get("/:serviceId", serviceParam, async (c) => {
    // Visitors may open detail pages (§1, §6); `viewer` is null for them.
    const viewer = viewerId(c);
    const detail = await getServiceDetail(c.var.db, c.req.valid("param").serviceId, viewer, paymentsMode(c.env));
    // Across a block the listing answers as missing (decision record 0082).
    if (!detail || (await isBlockedBetween(c.var.db, viewer, detail.seller.userId))) throw serviceNotFound();
    return c.json(detail, 200);
  })
  .put("/:serviceId", serviceParam, signedIn, validate("json", serviceInputSchema), async (c) => {
    requireUser(c);
    const id = c.req.valid("param").serviceId;
    const current = await getService(c.var.db, id);
    if (!current) throw serviceNotFound();
    const { userId } = requireOwner(c, current.userId, MARKET_TEXTS.editOthersService);
    await limitUser(c.var.ctx, "catalogue_write", userId);
    const updated = await updateService(c.var.db, { id, userId, now: c.var.ctx.now, values: c.req.valid("json") });
    // Deleted between the read and the write.
    if (!updated) throw serviceNotFound();
    await purgeSharedPages(c, [{ kind: "service", id }]);
    return c.json(toMarketService(updated, "owner", await payableSeller(c.var.ctx, userId)), 200);
  })
  .delete("/:serviceId", serviceParam, async (c) => {
    requireUser(c);
    const id = c.req.valid("param").serviceId;
    const current = await getService(c.var.db, id);
    if (!current) throw serviceNotFound();
    const { userId } = requireOwner(c, current.userId, MARKET_TEXTS.editOthersService);
    await limitUser(c.var.ctx, "catalogue_write", userId);
    // Orders copy the item's name and price at purchase, so a service leaves no file behind.
    if (!(await deleteService(c.var.db, { id, userId }))) throw serviceNotFound();
    await purgeSharedPages(c, [{ kind: "service", id }]);
    return c.json({ ok: true as const }, 200);
  })
  // Like post views and profile visits: recording never fails the client, an id that cannot name
  // a service is simply not recorded, and visitors and the seller are not recorded.
  // recordInteraction bounds the rows one viewer can add (decision record 0033).
  .post("/:serviceId/views", paramOr(serviceParamSchema, (c) => c.body(null, 204)), async (c) => {
    const viewer = viewerId(c);
    if (viewer === null) return c.body(null, 204);
    const id = c.req.valid("param").serviceId;
    try {
      const service = await getService(c.var.db, id);
      if (service && service.userId !== viewer) {
        await recordInteraction(c.var.db, { userId: viewer, interactionType: "service_view", serviceId: id, targetUserId: service.userId, now: c.var.ctx.now });
      }
    } catch (error) {
      c.var.log.warn("service view not recorded", { error });
    }
    return c.body(null, 204);
  });
