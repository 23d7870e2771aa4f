// The local server must not drop requests (decision record 0021). The local
// workerd behind `npm start` and `vite preview` closes a keep-alive connection after answering a
// request whose body the Worker did not read, without announcing it (no `Connection: close`; the
// Worker cannot set that header). The dev server's pooled connection to workerd then hands the
// next request to the closing socket, and the browser gets Vite's HTML "fetch failed" 500 page.
// Early answers are normal (a cross-origin 403, a 413 before parsing, a 401 on an upload part),
// so locally the rest of any unread body is read and discarded before the response goes out,
// which lets workerd keep the connection. Production is left alone: there an early refusal
// should not wait for the whole upload to arrive.
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../env";
import { allows } from "../lib/modes";

/** Reads a body to its end and throws the bytes away; a client that went away is not an error. */
async function discardBody(body: ReadableStream<Uint8Array>): Promise<void> {
  const reader = body.getReader();
  try {
    while (!(await reader.read()).done) {
      // Discard.
    }
  } catch {
    // The client hung up or the stream was cancelled: nothing is left to keep the connection for.
  } finally {
    reader.releaseLock();
  }
}

export const drainUnreadBody = createMiddleware<AppEnv>(async (c, next) => {
  // The request as it arrived: later middleware may replace c.req.raw with a buffered copy.
  const request = c.req.raw;
  await next();
  // A locked body is being (or was) read to its end by whoever locked it, e.g. a JSON parse.
  if (!allows(c.env, "bodyDrain") || request.body === null || request.body.locked) return;
  await discardBody(request.body);
});
