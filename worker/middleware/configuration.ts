// Refuses to serve a deploy that is missing its configuration (worker/lib/config.ts, decision record
// 0086): every request gets a 503, the API its error envelope and everything else a small page, and
// the log gets one line per isolate naming what is missing. Runs right after the request id is
// set and before anything reads a binding, so nothing half-works.
import { createMiddleware } from "hono/factory";
import type { ErrorBody } from "@shared/errors";
import { REQUEST_TEXTS } from "@shared/messages";
import type { AppEnv } from "../env";
import { refusedConfiguration } from "../lib/config";

/** The page a browser gets: no script, the catalogue's words, nothing about what is missing. */
function refusalPage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Backline</title></head><body><main><h1>Backline</h1><p>${REQUEST_TEXTS.notConfigured}</p></main></body></html>`;
}

export const configurationCheck = createMiddleware<AppEnv>(async (c, next) => {
  if (refusedConfiguration(c.env).length === 0) return next();
  c.header("retry-after", "300");
  c.header("cache-control", "no-store");
  c.header("x-request-id", c.var.requestId);
  if (c.req.path.startsWith("/api/")) {
    const body: ErrorBody = { error: { code: "unavailable", message: REQUEST_TEXTS.notConfigured, requestId: c.var.requestId } };
    return c.json(body, 503);
  }
  return c.html(refusalPage(), 503);
});
