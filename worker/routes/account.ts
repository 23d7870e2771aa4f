// Leaving (issue #27 items 5 and 6; DESIGN.md "Leaving"; decision record 0084): delete my account
// and download my data, on the signed-in user's own account only. Nothing here takes a user id
// from the request: the session names the account.
import { Hono } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import { deleteAccountSchema } from "@shared/schemas/leaving";
import { LEAVING_TEXTS } from "@shared/messages";
import type { AppEnv } from "../env";
import { SANDBOX_CSP } from "../lib/file-headers";
import { exportParam } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn } from "../middleware/session";
import { REAUTH_COOKIE, REAUTH_COOKIE_PATH } from "../services/auth/reauth";
import { clearSessionCookies } from "../services/auth/sessions";
import {
  currentExportState,
  deletionConfirmation,
  exportState,
  openExportDownload,
  requestAccountDeletion,
  requestDataExport,
} from "../services/leaving";
import { attachmentDisposition } from "../services/payments/downloads";
import { limitUser } from "../services/rate-limit";

/** Mounted at /account. */
export const accountRoutes = new Hono<AppEnv>()
  // Re-enter the password, or spend this device's fresh Google confirmation; refused while orders
  // are open; then every session ends at once.
  .post("/delete", signedIn, validate("json", deleteAccountSchema), async (c) => {
    const session = requireUser(c);
    await limitUser(c.var.ctx, "account_delete", session.userId);
    const { password } = c.req.valid("json");
    await requestAccountDeletion(c.var.ctx, session, password !== undefined ? { password } : { googleProof: getCookie(c, REAUTH_COOKIE) });
    clearSessionCookies(c);
    deleteCookie(c, REAUTH_COOKIE, { path: REAUTH_COOKIE_PATH, secure: true });
    return c.json({ ok: true as const, message: LEAVING_TEXTS.delete.signedOutNotice }, 200);
  })
  // How /settings offers the confirmation (password, Google, or either), and until when this
  // device's Google confirmation works.
  .get("/reauth", async (c) => {
    const session = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(await deletionConfirmation(c.var.ctx, session, getCookie(c, REAUTH_COOKIE)), 200);
  })
  // The newest export's state, for /settings.
  .get("/export", async (c) => {
    const { userId } = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(await currentExportState(c.var.ctx, userId), 200);
  })
  // Ask for a copy: recorded now, prepared by the 15-minute cron (decision record 0084), mailed
  // as a link when ready.
  .post("/export", async (c) => {
    const { userId } = requireUser(c);
    const ctx = c.var.ctx;
    await limitUser(ctx, "data_export", userId);
    const row = await requestDataExport(ctx, userId);
    return c.json(exportState(row, ctx.now), 202);
  })
  // The mailed link: the signed-in owner only; 410 once it expired.
  .get("/export/:exportId", exportParam, async (c) => {
    const { userId } = requireUser(c);
    const file = await openExportDownload(c.var.ctx, userId, c.req.valid("param").exportId);
    return new Response(file.body, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Length": String(file.size),
        "Content-Disposition": attachmentDisposition(file.fileName),
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
        "Content-Security-Policy": SANDBOX_CSP,
      },
    });
  });
