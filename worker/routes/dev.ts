// Development-only routes (DESIGN.md "Email": "locally an outbox the developer can read at
// /dev/outbox"). They answer only where worker/lib/modes.ts allows "devRoutes"; everywhere
// else every /dev path is a plain 404, as if the routes did not exist. The room eviction (the
// load harness's fault, issue #33) has a switch of its own, "roomEviction", allowed in the test
// and e2e modes only: it drops a chat room's sockets and state, which nobody should do by hand.
import { Hono } from "hono";
import { escapeHtml } from "@shared/rules/sanitize";
import { listOutboxMail } from "../db/queries/mail-outbox";
import type { AppEnv } from "../env";
import { REQUEST_TEXTS } from "@shared/messages";
import { ApiError } from "../lib/errors";
import { allows } from "../lib/modes";
import { conversationParam } from "../lib/params";
import { chatRoom } from "../services/live";

const OUTBOX_LIMIT = 100;

/** Escapes the text, then turns http(s) URLs into links, so confirmation links are one click away. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

export const devRoutes = new Hono<AppEnv>()
  .use("*", async (c, next) => {
    if (!allows(c.env, "devRoutes")) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
    await next();
  })
  .get("/outbox.json", async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ messages: await listOutboxMail(c.var.db, OUTBOX_LIMIT) }, 200);
  })
  // Resets the conversation's ChatRoom as an eviction or a crash would: its sockets drop, and the
  // clients reconnect and catch up. It reads and writes no data; the reset ends the room's call
  // with an error, which is the sign it happened.
  .post("/rooms/chat/:conversationId/evict", conversationParam, async (c) => {
    if (!allows(c.env, "roomEviction")) throw new ApiError("not_found", REQUEST_TEXTS.notFound);
    await chatRoom(c.env, c.req.valid("param").conversationId)
      .evict()
      .catch(() => false);
    return c.body(null, 204);
  })
  .get("/outbox", async (c) => {
    const messages = await listOutboxMail(c.var.db, OUTBOX_LIMIT);
    const items = messages
      .map(
        (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To <strong>${escapeHtml(m.to)}</strong> · ${new Date(m.createdAt).toISOString()}</p>
  <pre>${linkify(m.text)}</pre>
</article>`,
      )
      .join("\n");
    c.header("Cache-Control", "no-store");
    return c.html(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev outbox · Backline</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;background:#0a0a0a;color:#eee}
article{border:1px solid #333;border-radius:12px;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}
.meta{color:#999;margin:0 0 .75rem}pre{white-space:pre-wrap;font:inherit}a{color:#a78bfa}</style></head>
<body><h1>Dev outbox</h1><p class="meta">Mail the app sent in development, newest first (last ${OUTBOX_LIMIT}).</p>
${items || "<p>No mail yet.</p>"}
</body></html>`);
  });
