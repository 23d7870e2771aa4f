// Downloads (decision record 0038): a signed, short-lived link streams a buyer's file from
// the private bucket as an attachment. The link alone is not enough: the signed-in user must be
// the buyer it was made for, and the order must still allow the download when it is used, so a
// refund ends access even to a link handed out a minute before. The file arrives under its
// original name, typed by its own first bytes (never the seller's claim), sandboxed like /media.
import { Hono } from "hono";
import { z } from "zod";
import { CHECKOUT_TEXTS } from "@shared/messages";
import { getOrder, getOrderFile } from "../db/queries/orders";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";
import { validate } from "../lib/validator";
import { requireUser } from "../middleware/session";
import { SANDBOX_CSP } from "../lib/file-headers";
import { attachmentDisposition, openDownload, verifyDownloadLink } from "../services/payments/downloads";
import { canDownload, recordProductDownload } from "../services/payments/orders";

const tokenParamSchema = z.object({ token: z.string().min(1).max(2000) });
const notAvailable = () => new ApiError("not_found", CHECKOUT_TEXTS.downloadNotAllowed);

/** Mounted at /downloads. */
export const downloadRoutes = new Hono<AppEnv>().get("/:token", validate("param", tokenParamSchema), async (c) => {
  const { userId } = requireUser(c);
  const verdict = await verifyDownloadLink(c.env, c.req.valid("param").token, c.var.ctx.now);
  if (!verdict.ok) {
    if (verdict.reason === "expired") throw new ApiError("gone", CHECKOUT_TEXTS.downloadExpired);
    throw notAvailable();
  }
  const { claims } = verdict;
  if (claims.userId !== userId) throw notAvailable();
  const order = await getOrder(c.var.db, claims.orderId);
  if (!order || order.buyerId !== userId || !canDownload(order)) throw notAvailable();
  let key: string | null = order.fileKey;
  // The product file arrives under the name it had when it was bought.
  let name = order.fileName ?? order.fileKey?.split("/").at(-1) ?? "download";
  if (claims.fileId !== null) {
    const file = await getOrderFile(c.var.db, order.id, claims.fileId);
    if (!file || file.deliveredAt === null) throw notAvailable();
    key = file.key;
    name = file.name;
  }
  const served = key ? await openDownload(c.env.PRIVATE_FILES, key) : null;
  if (!served) throw new ApiError("not_found", CHECKOUT_TEXTS.fileNotFound);
  // The buyer's first download of the product's file completes a digital sale.
  if (claims.fileId === null) await recordProductDownload(c.var.ctx, order);
  return new Response(served.body, {
    headers: {
      // From the file's own bytes, never from what the seller or the upload claimed.
      "Content-Type": served.contentType,
      "Content-Length": String(served.size),
      "Content-Disposition": attachmentDisposition(name),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": SANDBOX_CSP,
    },
  });
});
