// The Worker's side of every live route (comments, a conversation, the per-user channel; DESIGN.md
// "Realtime"): the request must be a WebSocket upgrade, the page that opened it is judged by its
// Origin, and the upgrade is forwarded to the room as a fresh request carrying only what the
// Worker itself vouches for.
import type { Context } from "hono";
import { REQUEST_TEXTS } from "@shared/messages";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

/**
 * 400 'Expected a WebSocket upgrade' for anything else. Answers whether the socket was opened by
 * one of our own pages (no Origin, or ours); with `foreign: "refuse"`, a private channel, a socket
 * opened from another site is refused outright with 403 'Cross-origin request refused', so a
 * foreign page can never listen in on the signed-in user's business.
 */
export function socketGate(c: Context<AppEnv>, foreign: "refuse" | "serve"): { sameOrigin: boolean } {
  if (c.req.header("upgrade")?.toLowerCase() !== "websocket") throw new ApiError("bad_request", REQUEST_TEXTS.expectedWebSocket);
  const origin = c.req.header("origin");
  const sameOrigin = !origin || origin === c.var.ctx.origin;
  if (!sameOrigin && foreign === "refuse") throw new ApiError("forbidden", REQUEST_TEXTS.crossOriginRefused);
  return { sameOrigin };
}

/** Hands the upgrade to a room. A fresh request, so no header a client sent can pose as the Worker's own. */
export function forwardToRoom(room: { fetch(request: Request): Promise<Response> }, url: string, headers: Record<string, string>): Promise<Response> {
  return room.fetch(new Request(url, { headers: new Headers({ upgrade: "websocket", ...headers }) }));
}
