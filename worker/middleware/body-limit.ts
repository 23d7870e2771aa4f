// Request body limits for the whole API (decision record 0020). One middleware
// on /api/* gives every request a limit, so a route added tomorrow is limited without anyone
// remembering to: the default fits the small JSON writes (auth, likes, bookmarks, follows), and
// the few routes that accept more are listed below. A body over its limit answers 413 in the
// error envelope before anything parses it, whether it announces its length or streams without
// one.
import type { Context, Next } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { ApiError } from "../lib/errors";

const KiB = 1024;

/**
 * Each limit is at least the largest body its schema accepts as a browser encodes it (UTF-8, up
 * to 3 bytes per UTF-16 unit), so a limit never changes the answer to a valid request.
 */
export const BODY_LIMITS = {
  /** Auth and social writes: the largest, a sign-up, is under 3 KB even in 3-byte characters. */
  default: 4 * KiB,
  /** Starting an upload: the file name alone may be 1,024 characters. */
  uploadStart: 8 * KiB,
  /**
   * Messages (4,000 characters accepted), comments (10,000 characters accepted, cut to 1,000 by the route), posts (a 500-character
   * caption, location, tags and 512 waveform peaks) and profile edits (bio, skills and the rest
   * within their schemas' raw bounds): about 30 KB at most.
   */
  content: 32 * KiB,
  /**
   * Service and product forms: a 2,000-character description (8,000 raw) and package details as
   * JSON text of up to 8,000 characters, in 3-byte characters, about 50 KB at most.
   */
  catalogue: 64 * KiB,
  /**
   * The SPA's error reports (/api/client-errors): a 300-character message, a 2,000-character stack
   * and a 200-character route, in 3-byte characters, under 8 KB.
   */
  clientError: 8 * KiB,
  /**
   * A push device (issue #30): a native token of up to 4,096 characters (16 KB at most in 3-byte
   * characters, which the route then refuses in our words), or a browser's endpoint and keys.
   */
  pushDevice: 16 * KiB,
  /** Stripe's events: a Checkout Session or a Charge with its metadata runs to several KB. */
  webhook: 256 * KiB,
} as const;

const BODY_TOO_LARGE = "Request body too large";

/** "own": the route enforces its own rule, which this middleware must not pre-empt. */
type Limit = number | "own";

const ROUTE_LIMITS: { method: string; path: RegExp; limit: Limit }[] = [
  // Upload parts and poster frames stream straight into R2 and are held to their exact declared
  // length there (decision record 0005); a JSON limit would refuse every real part.
  { method: "PUT", path: /^\/api\/uploads\/[^/]+\/(?:parts\/[^/]+|thumbnail)\/?$/, limit: "own" },
  // An avatar streams into R2 and is held to its 5 MB limit there, with the spec's 'Please select
  // an image under 5MB' rather than this middleware's generic refusal.
  { method: "POST", path: /^\/api\/profile\/avatar\/?$/, limit: "own" },
  // The security monitor's reports answer their own 413 with the spec's "Details are too large".
  { method: "POST", path: /^\/api\/security-events\/?$/, limit: "own" },
  // A service delivery file streams into PRIVATE_FILES, held to its 100 MB limit there.
  { method: "POST", path: /^\/api\/orders\/[^/]+\/files\/?$/, limit: "own" },
  { method: "POST", path: /^\/api\/webhooks\/stripe\/?$/, limit: BODY_LIMITS.webhook },
  { method: "POST", path: /^\/api\/client-errors\/?$/, limit: BODY_LIMITS.clientError },
  { method: "POST", path: /^\/api\/uploads\/?$/, limit: BODY_LIMITS.uploadStart },
  { method: "POST", path: /^\/api\/posts\/?$/, limit: BODY_LIMITS.content },
  { method: "PATCH", path: /^\/api\/posts\/[^/]+\/?$/, limit: BODY_LIMITS.content },
  { method: "POST", path: /^\/api\/posts\/[^/]+\/comments\/?$/, limit: BODY_LIMITS.content },
  // Messages: 4,000 characters accepted (2,000 kept, decision record 0040), up to 12 KB encoded.
  { method: "POST", path: /^\/api\/conversations\/[^/]+\/messages\/?$/, limit: BODY_LIMITS.content },
  // A review or an answer: 4,000 characters accepted (1,000 kept), up to 12 KB encoded.
  { method: "POST", path: /^\/api\/reviews\/orders\/[^/]+\/?$/, limit: BODY_LIMITS.content },
  { method: "POST", path: /^\/api\/reviews\/[^/]+\/answer\/?$/, limit: BODY_LIMITS.content },
  // The portfolio is saved whole: 12 items of an 80-character title and a 500-character note,
  // about 23 KB in 3-byte characters.
  { method: "PUT", path: /^\/api\/portfolio\/?$/, limit: BODY_LIMITS.content },
  // Profile edits and onboarding: twenty 40-character skills, a 300-character bio and the other
  // fields in 3-byte characters pass 4 KB; the schemas' raw bounds stay under 32 KB.
  { method: "PATCH", path: /^\/api\/profile\/?$/, limit: BODY_LIMITS.content },
  { method: "PUT", path: /^\/api\/profile\/onboarding\/?$/, limit: BODY_LIMITS.content },
  // A product image streams into R2 and is held to its 10 MB limit there, with the product form's
  // 'Please select an image under 10MB'.
  { method: "POST", path: /^\/api\/products\/images\/?$/, limit: "own" },
  { method: "POST", path: /^\/api\/(?:services|products)\/?$/, limit: BODY_LIMITS.catalogue },
  { method: "PUT", path: /^\/api\/(?:services|products)\/[^/]+\/?$/, limit: BODY_LIMITS.catalogue },
  // Create Invoice: a 2,000-character description (8,000 raw) and a 100-character title in
  // 3-byte characters pass 4 KB; about 25 KB at most (decision record 0050).
  { method: "POST", path: /^\/api\/offers\/?$/, limit: BODY_LIMITS.content },
  { method: "POST", path: /^\/api\/push\/subscriptions\/?$/, limit: BODY_LIMITS.pushDevice },
  { method: "DELETE", path: /^\/api\/push\/subscriptions\/?$/, limit: BODY_LIMITS.pushDevice },
];

/** The limit for one request: the listed route's, else the default. */
function bodyLimitFor(method: string, path: string): Limit {
  return ROUTE_LIMITS.find((route) => route.method === method && route.path.test(path))?.limit ?? BODY_LIMITS.default;
}

const tooLarge = () => new ApiError("payload_too_large", BODY_TOO_LARGE);

/**
 * Reads a body without a Content-Length (chunked) up to `limit` bytes and answers it as a buffer;
 * one byte more and it stops reading and throws 413. Its reader is released before the throw, so
 * the rest of the body stays readable: the local server's drain (drain-body.ts) needs that.
 */
async function readAtMost(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLarge();
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

export const bodyLimits = createMiddleware<AppEnv>(async (c: Context<AppEnv>, next: Next) => {
  const limit = bodyLimitFor(c.req.method, c.req.path);
  const raw = c.req.raw;
  if (limit === "own" || raw.body === null) return next();
  // workerd holds a body to its Content-Length on the wire, so the header can be trusted.
  const declared = raw.headers.get("content-length");
  if (declared !== null && !raw.headers.has("transfer-encoding")) {
    if (Number(declared) > limit) throw tooLarge();
    return next();
  }
  const bytes = await readAtMost(raw.body, limit);
  // Handlers read the buffered copy; the original stream has been read to its end.
  c.req.raw = new Request(raw, { body: bytes });
  return next();
});
