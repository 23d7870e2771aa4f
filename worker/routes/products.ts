// Spec marketplace-messaging-account §2 Products and Product detail; §4 and §5 the product form;
// §6 (a user manages only their own products; visitors may view detail pages); §7 Products and
// Product detail; §8 'Product not found' and the product toasts; §9 price display. DESIGN.md: the
// owner, the price and every storage key come from the session and the server's own rows; paid
// files live in the private bucket. Files and their removal: decision record 0035. The contract
// is written at the top of shared/marketplace-api.ts.
import { Hono } from "hono";
import { MARKET_TEXTS } from "@shared/messages";
import { productInputSchema } from "@shared/marketplace-api";
import { pageQuerySchema } from "@shared/schemas/paging";
import { newId } from "../db/ids";
import {
  deleteProductRow,
  getProduct,
  getProductDetail,
  insertProduct,
  listOwnProducts,
  ordersNeedProductFile,
  toOwnerProduct,
  updateProduct,
  type ProductRow,
} from "../db/queries/products";
import { isBlockedBetween } from "../db/queries/audience";
import type { AppEnv } from "../env";
import { purgeSharedPages } from "./shared-pages";
import { ApiError } from "../lib/errors";
import { productParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireOwner, requireUser, signedIn, viewerId } from "../middleware/session";
import { parseContentLength } from "../services/media/multipart";
import { discardAttachments, releaseReplaced, storeProductImage, storedFileOf, takeAttachments } from "../services/media/product-media";
import { payableSeller } from "../services/payments/payouts";
import { paymentsMode } from "../services/payments/stripe";
import { limitUser } from "../services/rate-limit";

const productNotFound = () => new ApiError("not_found", MARKET_TEXTS.productNotFound);


export const productRoutes = new Hono<AppEnv>()
  .get("/", signedIn, validate("query", pageQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { cursor, limit } = c.req.valid("query");
    c.header("Cache-Control", "no-store");
    return c.json(await listOwnProducts(c.var.db, { userId, cursor, limit, mode: paymentsMode(c.env) }), 200);
  })
  .post("/", signedIn, validate("json", productInputSchema), async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "catalogue_write", userId);
    const values = c.req.valid("json");
    const taken = await takeAttachments(c.var.ctx, { userId, values });
    try {
      const created = await insertProduct(c.var.db, {
        id: newId(),
        userId,
        now: c.var.ctx.now,
        values,
        imageKey: taken.imageKey ?? null,
        file: values.type === "digital" ? (taken.file ?? null) : null,
      });
      return c.json(toOwnerProduct(created, await payableSeller(c.var.ctx, userId)), 201);
    } catch (error) {
      await discardAttachments(c.var.ctx, taken);
      throw error;
    }
  })
  // The image first, as its own request: the form shows it while the rest is filled in.
  .post("/images", async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "upload", userId);
    const stored = await storeProductImage(c.env.MEDIA, c.var.db, c.var.log, userId, {
      body: c.req.raw.body,
      contentLength: parseContentLength(c.req.header("content-length")),
    });
    return c.json(stored, 201);
  })
  .get("/:productId", productParam, async (c) => {
    // Visitors may open detail pages (§1, §6). The file is only ever `hasFile`.
    const viewer = viewerId(c);
    const detail = await getProductDetail(c.var.db, c.req.valid("param").productId, viewer, paymentsMode(c.env));
    // Across a block the listing answers as missing (decision record 0082).
    if (!detail || (await isBlockedBetween(c.var.db, viewer, detail.seller.userId))) throw productNotFound();
    return c.json(detail, 200);
  })
  .put("/:productId", productParam, signedIn, validate("json", productInputSchema), async (c) => {
    requireUser(c);
    const id = c.req.valid("param").productId;
    const current = await getProduct(c.var.db, id);
    if (!current) throw productNotFound();
    const { userId } = requireOwner(c, current.userId, MARKET_TEXTS.editOthersProduct);
    await limitUser(c.var.ctx, "catalogue_write", userId);
    const values = c.req.valid("json");
    const taken = await takeAttachments(c.var.ctx, { userId, values });
    let updated: ProductRow | undefined;
    try {
      updated = await updateProduct(c.var.db, {
        id,
        userId,
        now: c.var.ctx.now,
        values,
        imageKey: taken.imageKey,
        // Only digital products have a file (§5): turning physical removes it.
        file: values.type === "physical" ? null : taken.file,
      });
    } catch (error) {
      await discardAttachments(c.var.ctx, taken);
      throw error;
    }
    if (!updated) {
      // Deleted between the read and the write.
      await discardAttachments(c.var.ctx, taken);
      throw productNotFound();
    }
    await releaseReplaced(c.var.ctx, { before: current, after: updated });
    await purgeSharedPages(c, [{ kind: "product", id }]);
    return c.json(toOwnerProduct(updated, await payableSeller(c.var.ctx, userId)), 200);
  })
  .delete("/:productId", productParam, async (c) => {
    requireUser(c);
    const id = c.req.valid("param").productId;
    const current = await getProduct(c.var.db, id);
    if (!current) throw productNotFound();
    const { userId } = requireOwner(c, current.userId, MARKET_TEXTS.editOthersProduct);
    await limitUser(c.var.ctx, "catalogue_write", userId);
    const file = storedFileOf(current);
    // A buyer with a pending or paid order still downloads the file: it is kept (decision 0035).
    const keepFile = file !== null && (await ordersNeedProductFile(c.var.db, id));
    // Storage first, then the row (like posts): if storage fails the product stays, so the owner
    // can simply try again; the reverse order would leave objects nobody can delete.
    try {
      if (current.imageKey) await c.env.MEDIA.delete(current.imageKey);
      if (file && !keepFile) await c.env.PRIVATE_FILES.delete(file.key);
    } catch (error) {
      c.var.log.error("product storage delete failed", { productId: id, error });
      throw new ApiError("unavailable", MARKET_TEXTS.deleteStorageFailed);
    }
    if (!(await deleteProductRow(c.var.db, { id, userId, retain: keepFile ? file : null, now: c.var.ctx.now }))) throw productNotFound();
    await purgeSharedPages(c, [{ kind: "product", id }]);
    return c.json({ ok: true as const }, 200);
  });
