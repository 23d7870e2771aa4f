// First middleware: a request id, its logger, the drizzle client and a one-time check that the bindings the
// app needs exist, so a misconfigured deploy fails loudly at the first request instead of deep
// inside a handler.
import { createMiddleware } from "hono/factory";
import { createDb } from "../db/client";
import type { AppEnv, Bindings } from "../env";
import { ApiError } from "../lib/errors";
import { createLogger } from "../lib/logger";
import { requestMeta } from "../services/security-events";
import { expectedOrigin } from "./origin";

const REQUIRED_BINDINGS = ["DB", "MEDIA", "PRIVATE_FILES", "KV", "ASSETS"] as const satisfies readonly (keyof Bindings)[];

// Bindings are fixed for the life of an isolate, so the check result can be remembered per env.
const checkedEnvs = new WeakSet<object>();

function missingBindings(env: Partial<Bindings>): string[] {
  return REQUIRED_BINDINGS.filter((name) => env[name] == null);
}

export const init = createMiddleware<AppEnv>(async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const requestId = incoming && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", requestId);
  c.set("log", createLogger({ requestId }));
  if (!checkedEnvs.has(c.env)) {
    const missing = missingBindings(c.env);
    if (missing.length > 0) {
      throw new ApiError("unavailable", `Server misconfigured: missing bindings ${missing.join(", ")}`);
    }
    checkedEnvs.add(c.env);
  }
  // The one place a request's database handle is made; everything below receives it.
  const db = createDb(c.env.DB);
  c.set("db", db);
  // The one request context every service is handed (decision record 0076). The time is read
  // here, once, as each service call used to read it when it built its own context.
  const { ip, userAgent } = requestMeta(c.req.raw);
  c.set("ctx", { env: c.env, db, log: c.var.log, now: Date.now(), origin: expectedOrigin(c.req.url, c.env.APP_ORIGIN), ip, userAgent });
  await next();
  c.header("x-request-id", c.get("requestId"));
});
