// One structured line per request (issue #28 item 5, decision record 0011): the request id (on the
// logger), the method, the route pattern that answered (`/api/posts/:postId`, never the path,
// which can hold ids and search words), the status, the duration and, for a signed-in caller, a
// keyed hash of their id, so one person's requests can be followed without the logs naming them.
// No IP, user agent, query string, body or address. Workers Logs indexes the fields.
import { createMiddleware } from "hono/factory";
import { routePath } from "hono/route";
import type { AppEnv, Bindings } from "../env";

const encoder = new TextEncoder();
const keys = new WeakMap<object, Promise<CryptoKey>>();
/** Hashes already made, per environment: the same few people make most requests. */
const hashes = new WeakMap<object, Map<string, string>>();
const MAX_REMEMBERED = 5000;

/**
 * HMAC-SHA-256 of the user id under JWT_SECRET, 16 hex characters: the same user gives the same
 * value for as long as the secret lives, and user ids (public in URLs) cannot be hashed by anyone
 * else to find their lines. Rotating JWT_SECRET starts new values.
 */
async function hashedUserId(env: Pick<Bindings, "JWT_SECRET">, userId: string): Promise<string> {
  let remembered = hashes.get(env);
  if (!remembered) {
    remembered = new Map();
    hashes.set(env, remembered);
  }
  const known = remembered.get(userId);
  if (known !== undefined) return known;
  const hashed = await hmacHex(env, userId);
  // Bounded: past the limit the oldest entry makes room (a Map iterates in insertion order).
  if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value as string);
  remembered.set(userId, hashed);
  return hashed;
}

async function hmacHex(env: Pick<Bindings, "JWT_SECRET">, userId: string): Promise<string> {
  let key = keys.get(env);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(`log-user:${env.JWT_SECRET}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(env, key);
  }
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await key, encoder.encode(userId)));
  return Array.from(mac.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  // Workers advance the clock on I/O only, so this measures the time spent waiting on D1, R2, KV,
  // rooms and the network: what varies between requests.
  const started = Date.now();
  await next();
  const userId = c.var.session?.userId;
  c.var.log.info("request", {
    method: c.req.method,
    // The route whose handler answered (or the middleware that refused).
    route: routePath(c),
    status: c.res.status,
    ms: Date.now() - started,
    ...(userId ? { user: await hashedUserId(c.env, userId) } : {}),
  });
});
