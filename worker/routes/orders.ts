// Orders after payment (decision records 0037 and 0038): each side's list,
// the order page with its history, the lifecycle steps, delivery files and download links. Only
// the buyer and the seller of an order know it exists: anyone else gets 404 'Order not found'.
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import { DELIVERY_FILE_MAX_BYTES, downloadLinkBodySchema, ORDER_ROLES, orderNoteBodySchema, type OrderPage } from "@shared/checkout-api";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { pageQuerySchema } from "@shared/schemas/paging";
import { checkFileName } from "@shared/rules/file-name";
import { newId } from "../db/ids";
import { getOrderFile, insertOrderFile, listOrders } from "../db/queries/orders";
import { mapPage } from "../db/queries/paging";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { orderParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { parseContentLength } from "../services/media/multipart";
import { toFixedLength } from "../services/media/streams";
import { reconcilePendingOrder } from "../services/payments/checkout";
import { signDownloadLink } from "../services/payments/downloads";
import { canAttachFiles, canDownload, orderDetail, requireOrderParty, takeStep, toSummary } from "../services/payments/orders";
import { limitUser } from "../services/rate-limit";

const listQuerySchema = pageQuerySchema.extend({ role: z.enum(ORDER_ROLES).default("buyer") });

type Step = "ship" | "deliver" | "complete" | "request-revision" | "refund";

/** One lifecycle step through the shared state machine, answering the order page's data. */
async function step(c: Context<AppEnv>, orderId: string, name: Step, note?: string) {
  const { userId } = requireUser(c);
  const { order, role } = await requireOrderParty(c.var.ctx, { orderId, userId });
  await limitUser(c.var.ctx, "order_step", userId);
  const row = await takeStep(c.var.ctx, { order, role, userId, step: name, note: note || null });
  return orderDetail(c.var.ctx, { order: row, role });
}

/** Mounted at /orders. */
export const orderRoutes = new Hono<AppEnv>()
  .get("/", signedIn, validate("query", listQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { role, cursor, limit } = c.req.valid("query");
    const found = await listOrders(c.var.db, { userId, role, cursor, limit });
    const page: OrderPage = mapPage(found, (r) => toSummary(r.order, role, r.counterpart));
    return c.json(page, 200);
  })
  .get("/:orderId", orderParam, async (c) => {
    const { userId } = requireUser(c);
    let { order, role } = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    if (order.status === "pending" && role === "buyer") {
      await reconcilePendingOrder(c.var.ctx, order);
      ({ order, role } = await requireOrderParty(c.var.ctx, { orderId: order.id, userId }));
    }
    c.header("Cache-Control", "no-store");
    return c.json(await orderDetail(c.var.ctx, { order, role }), 200);
  })
  .post("/:orderId/ship", orderParam, signedIn, validate("json", orderNoteBodySchema), async (c) =>
    c.json(await step(c, c.req.valid("param").orderId, "ship", c.req.valid("json").note), 200),
  )
  .post("/:orderId/deliver", orderParam, signedIn, validate("json", orderNoteBodySchema), async (c) =>
    c.json(await step(c, c.req.valid("param").orderId, "deliver", c.req.valid("json").note), 200),
  )
  .post("/:orderId/complete", orderParam, async (c) => c.json(await step(c, c.req.valid("param").orderId, "complete"), 200))
  .post("/:orderId/request-revision", orderParam, signedIn, validate("json", orderNoteBodySchema), async (c) =>
    c.json(await step(c, c.req.valid("param").orderId, "request-revision", c.req.valid("json").note), 200),
  )
  .post("/:orderId/refund", orderParam, async (c) => c.json(await step(c, c.req.valid("param").orderId, "refund"), 200))
  // A delivery file: raw bytes streamed into the private bucket, held to their declared length.
  .post("/:orderId/files", orderParam, async (c) => {
    const { userId } = requireUser(c);
    const { order, role } = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    if (role !== "seller") throw new ApiError("forbidden", CHECKOUT_TEXTS.stepNotAllowed);
    if (!canAttachFiles(order)) throw new ApiError("conflict", CHECKOUT_TEXTS.stepNotAllowed);
    const size = parseContentLength(c.req.header("content-length"));
    const body = c.req.raw.body;
    if (size === null || size === 0 || !body) throw new ApiError("bad_request", CHECKOUT_TEXTS.deliveryFileMissing);
    if (size > DELIVERY_FILE_MAX_BYTES) throw new ApiError("payload_too_large", CHECKOUT_TEXTS.deliveryFileTooLarge);
    await limitUser(c.var.ctx, "delivery_file", userId);
    const id = newId();
    const key = `order-files/${order.id}/${id}`;
    // The stored key is ours; the name is only shown and sent back in Content-Disposition.
    const name = (c.req.query("name") ?? "").trim() || "delivery";
    const nameCheck = checkFileName(name);
    if (!nameCheck.ok) throw new ApiError("bad_request", nameCheck.message);
    const contentType = (c.req.header("content-type") ?? "application/octet-stream").slice(0, 200);
    const fixed = toFixedLength(body, size);
    try {
      await c.env.PRIVATE_FILES.put(key, fixed.stream, { httpMetadata: { contentType } });
    } catch {
      throw new ApiError("bad_request", CHECKOUT_TEXTS.deliveryFileMissing);
    }
    const file = await insertOrderFile(c.var.db, { id, orderId: order.id, key, name, contentType, size });
    return c.json({ id: file.id, name: file.name, size: file.size, contentType: file.contentType, createdAt: file.createdAt, deliveredAt: file.deliveredAt }, 201);
  })
  .post("/:orderId/download-link", orderParam, signedIn, validate("json", downloadLinkBodySchema), async (c) => {
    const { userId } = requireUser(c);
    const { order, role } = await requireOrderParty(c.var.ctx, { orderId: c.req.valid("param").orderId, userId });
    if (role !== "buyer" || !canDownload(order)) throw new ApiError("forbidden", CHECKOUT_TEXTS.downloadNotAllowed);
    const fileId = c.req.valid("json").fileId ?? null;
    if (fileId === null ? order.fileKey === null : (await getOrderFile(c.var.db, order.id, fileId))?.deliveredAt == null) {
      throw new ApiError("not_found", CHECKOUT_TEXTS.fileNotFound);
    }
    const { token, expiresAt } = await signDownloadLink(c.env, { orderId: order.id, fileId, userId }, c.var.ctx.now);
    return c.json({ url: `/api/downloads/${token}`, expiresAt }, 200);
  });
