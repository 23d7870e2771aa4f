// The Worker's half of keep-alive (decision record 0021): on the local server (ENVIRONMENT "development") a body the
// Worker answered without reading is read to its end before the response goes out, so workerd
// keeps the keep-alive connection; in production an early answer does not wait for the upload.
// tests/e2e/keep-alive.e2e.ts proves the whole fix through `vite preview`. Decision record 0021.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { app } from "../../../worker/app";
import { countingStream, ORIGIN, randomIp } from "../helpers";


async function send(environment: string, path: string, size: number, headers: Record<string, string>, method = "POST") {
  const { stream, stats } = countingStream(size);
  const request = new Request(`${ORIGIN}${path}`, {
    method,
    headers: { "content-type": "application/json", "cf-connecting-ip": randomIp(), ...headers },
    body: stream,
    // @ts-expect-error duplex is required by the fetch spec for stream bodies; workers-types lacks it
    duplex: "half",
  });
  const ctx = createExecutionContext();
  // APP_ORIGIN as a deploy names it (a production env without it is refused, decision record 0086).
  const res = await app.fetch(request, { ...env, APP_ORIGIN: ORIGIN, ENVIRONMENT: environment }, ctx);
  // Everything is read before the response is handed back, not in the background.
  const pulledAtResponse = stats.pulled;
  await res.arrayBuffer();
  await waitOnExecutionContext(ctx);
  return { status: res.status, pulledAtResponse };
}

const SIZE = 1024 * 1024;

describe("unread request bodies on the local server", () => {
  it("reads the rest of a body refused before it was read (cross-origin 403)", async () => {
    const local = await send("development", "/api/auth/sign-in", SIZE, { origin: "https://evil.example" });
    expect(local).toEqual({ status: 403, pulledAtResponse: SIZE });
  });

  it("reads the rest of a chunked body refused part-way for its size (413)", async () => {
    const local = await send("development", "/api/auth/sign-in", SIZE, { origin: ORIGIN });
    expect(local).toEqual({ status: 413, pulledAtResponse: SIZE });
  });

  it("reads the rest of an upload part refused for want of a session (401)", async () => {
    const local = await send("development", "/api/uploads/0000/parts/1", SIZE, { origin: ORIGIN }, "PUT");
    expect(local).toEqual({ status: 401, pulledAtResponse: SIZE });
  });

  it("reads it in the e2e mode too, the journeys' local server (decision record 0086)", async () => {
    const e2e = await send("e2e", "/api/auth/sign-in", SIZE, { origin: "https://evil.example" });
    expect(e2e).toEqual({ status: 403, pulledAtResponse: SIZE });
  });

  it("leaves an unread body alone in production", async () => {
    const production = await send("production", "/api/auth/sign-in", SIZE, { origin: "https://evil.example" });
    expect(production.status).toBe(403);
    expect(production.pulledAtResponse).toBeLessThan(256 * 1024);
  });
});
