// Every JSON route has a body limit that fits what it accepts, and an oversized
// body is refused with 413 in the error envelope before it is parsed, whether it announces its
// length (Content-Length) or streams without one (chunked). Upload parts keep their exact-length
// rule and /api/security-events its own 8 KB limit and message. Decision record 0020.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS } from "../../../worker/middleware/body-limit";
import { api, countingStream, jpegBytes, ORIGIN, randomIp, signedInUser, signedInUserWithPost, uploadThroughApi } from "../helpers";

interface Envelope {
  error: { code: string; message: string; requestId: string };
}


/** A POST whose body streams without a Content-Length (Transfer-Encoding: chunked on the wire). */
function postStream(path: string, body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return exports.default.fetch(
    new Request(`${ORIGIN}${path}`, {
      method: "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", "cf-connecting-ip": randomIp(), ...headers },
      body,
      // @ts-expect-error duplex is required by the fetch spec for stream bodies; workers-types lacks it
      duplex: "half",
    }),
  );
}

async function expectTooLarge(res: Response) {
  expect(res.status).toBe(413);
  const body = (await res.json()) as Envelope;
  expect(body.error).toMatchObject({ code: "payload_too_large", message: "Request body too large" });
  expect(body.error.requestId).toEqual(expect.any(String));
}

const padded = (size: number, fields: Record<string, unknown>) => {
  const base = JSON.stringify({ ...fields, pad: "" });
  return JSON.stringify({ ...fields, pad: "x".repeat(Math.max(0, size - base.length)) });
};

describe("JSON body limits", () => {
  it("refuses an 8 MB sign-in body with 413 in the envelope, with a Content-Length", async () => {
    const res = await api("/api/auth/sign-in", { body: padded(8 * 1024 * 1024, { email: "a@example.test", password: "whatever-123" }) });
    await expectTooLarge(res);
  });

  it("refuses a chunked body without a Content-Length after reading little more than the limit", async () => {
    const { stream, stats } = countingStream(8 * 1024 * 1024);
    const res = await postStream("/api/auth/sign-in", stream);
    await expectTooLarge(res);
    // The stream was abandoned near the limit rather than read (and parsed) in full.
    expect(stats.pulled).toBeLessThan(BODY_LIMITS.default + 256 * 1024);
  });

  it("still parses a small chunked body", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ email: "nobody@example.test", password: "Not-the-password-1" }));
    const res = await postStream("/api/auth/sign-in", new Blob([bytes]).stream());
    expect(res.status).toBe(400);
    expect(((await res.json()) as Envelope).error.message).toBe("Invalid login credentials");
  });

  it("limits auth and social writes to a few KB", async () => {
    expect(BODY_LIMITS.default).toBeLessThanOrEqual(8 * 1024);
    const over = BODY_LIMITS.default + 1;
    await expectTooLarge(await api("/api/auth/sign-up", { body: padded(over, { email: "a@example.test" }) }));
    await expectTooLarge(await api("/api/auth/password-reset", { body: padded(over, { email: "a@example.test" }) }));
    const { cookie } = await signedInUser();
    const { postId } = await signedInUserWithPost();
    await expectTooLarge(await api(`/api/posts/${postId}/like`, { method: "PUT", cookie, body: padded(over, { liked: true }) }));
    await expectTooLarge(await api(`/api/posts/${postId}/bookmark`, { method: "PUT", cookie, body: padded(over, { bookmarked: true }) }));
  });

  it("limits a route nobody listed, and even a path that does not exist, by the default", async () => {
    await expectTooLarge(await api("/api/no-such-route", { body: padded(BODY_LIMITS.default + 1, {}) }));
    await expectTooLarge(await api("/api/auth/refresh", { body: padded(BODY_LIMITS.default + 1, {}) }));
  });

  it("lets every body the schemas accept through: the largest comment and post fit their limits", async () => {
    const owner = await signedInUserWithPost();
    // A comment the schema accepts (10,000 characters; the route cuts it to 1,000), each 3 bytes in UTF-8.
    const content = Array.from({ length: 10_000 }, (_, i) => String.fromCharCode(0x4e00 + (i % 5000))).join("");
    const comment = await api(`/api/posts/${owner.postId}/comments`, { cookie: owner.cookie, body: { content } });
    expect(comment.status).toBe(201);
    await comment.arrayBuffer();
    await expectTooLarge(await api(`/api/posts/${owner.postId}/comments`, { cookie: owner.cookie, body: padded(BODY_LIMITS.content + 1, { content: "hi" }) }));

    const ana = await signedInUser();
    const uploadId = await uploadThroughApi(ana.cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(3000) });
    // 512 waveform peaks written with every digit a double can carry, a caption of 500 3-byte characters.
    const waveform = Array.from({ length: 512 }, (_, i) => 0.1234567890123456 + i / 1e6);
    const res = await api("/api/posts", { cookie: ana.cookie, body: { uploadId, caption: "€".repeat(500), waveform } });
    expect(res.status).toBe(201);
    await res.arrayBuffer();
    const tooBig = await api("/api/posts", { cookie: ana.cookie, body: padded(BODY_LIMITS.content + 1, { uploadId }), headers: { "content-type": "application/json" }, method: "POST" });
    await expectTooLarge(tooBig);
  });

  it("keeps the exact-length rule of upload parts: a part far over the JSON limits is stored", async () => {
    const ana = await signedInUser();
    const uploadId = await uploadThroughApi(ana.cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(200 * 1024) });
    const status = await api(`/api/uploads/${uploadId}`, { cookie: ana.cookie });
    expect(((await status.json()) as { receivedBytes: number }).receivedBytes).toBe(200 * 1024);
  });

  it("keeps the security report's own limit and message", async () => {
    const res = await api("/api/security-events", { body: padded(9000, { event_type: "rapid_clicks" }) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Envelope).error.message).toBe("Details are too large");
  });

  it("answers a cross-origin oversized body with 403 first: the origin check runs before the limit", async () => {
    const res = await api("/api/auth/sign-in", { origin: "https://evil.example", body: padded(BODY_LIMITS.default + 1, {}) });
    expect(res.status).toBe(403);
    await res.arrayBuffer();
  });
});
