// GET/HEAD /media/*: R2 objects with single byte ranges, ETag revalidation, immutable caching and
// a sandbox for anything that is not image, audio or video (DESIGN.md "Media").
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { parseRange } from "../../../worker/lib/byte-ranges";
import { etagMatches } from "../../../worker/routes/media";
import { api } from "../helpers";

const AUDIO = new Uint8Array(1000).map((_, i) => i % 251);
const KEY = "post-audio/u1/p1.mp3";

beforeAll(async () => {
  await env.MEDIA.put(KEY, AUDIO, { httpMetadata: { contentType: "audio/mpeg" } });
  await env.MEDIA.put("post-images/u1/evil.html", "<script>alert(1)</script>", { httpMetadata: { contentType: "text/html" } });
  await env.MEDIA.put("post-images/u1/none.bin", "x");
});

describe("GET /media/*", () => {
  it("streams the whole object with its type, length, ETag and immutable caching", async () => {
    const res = await api(`/media/${KEY}`);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]+"$/);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBeNull();
  });

  it("answers a byte range with 206, the exact bytes and Content-Range", async () => {
    const res = await api(`/media/${KEY}`, { headers: { range: "bytes=100-199" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe("bytes 100-199/1000");
    expect(res.headers.get("content-length")).toBe("100");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO.slice(100, 200));
  });

  it("supports open-ended and suffix ranges, clamping an end past the object", async () => {
    const open = await api(`/media/${KEY}`, { headers: { range: "bytes=990-" } });
    expect(open.status).toBe(206);
    expect(open.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(AUDIO.slice(990));

    const suffix = await api(`/media/${KEY}`, { headers: { range: "bytes=-10" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe("bytes 990-999/1000");
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(AUDIO.slice(990));

    const past = await api(`/media/${KEY}`, { headers: { range: "bytes=995-5000" } });
    expect(past.status).toBe(206);
    expect(past.headers.get("content-range")).toBe("bytes 995-999/1000");
    expect((await past.arrayBuffer()).byteLength).toBe(5);
  });

  it("answers an unsatisfiable range with 416 and the object size", async () => {
    const res = await api(`/media/${KEY}`, { headers: { range: "bytes=1000-" } });
    expect(res.status).toBe(416);
    expect(res.headers.get("content-range")).toBe("bytes */1000");
    await res.arrayBuffer();
  });

  // Found by the fuzz suite (tests/worker/fuzz/media-ranges.test.ts): positions R2 cannot read
  // answered 500 ("get: Unspecified error") instead of a 416 or the clamped range.
  it("answers ranges with positions past 2^53 with a 416 or the clamped range, never a 500", async () => {
    for (const range of ["bytes=1000-9007199254740991", "bytes=9007199254740991-", "bytes=99999999999999999999-"]) {
      const res = await api(`/media/${KEY}`, { headers: { range } });
      expect({ range, status: res.status, contentRange: res.headers.get("content-range") }).toEqual({ range, status: 416, contentRange: "bytes */1000" });
      await res.arrayBuffer();
    }
    for (const range of ["bytes=990-99999999999999999999", "bytes=990-9007199254740991"]) {
      const res = await api(`/media/${KEY}`, { headers: { range } });
      expect({ range, status: res.status, contentRange: res.headers.get("content-range") }).toEqual({ range, status: 206, contentRange: "bytes 990-999/1000" });
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO.slice(990));
    }
    const suffix = await api(`/media/${KEY}`, { headers: { range: "bytes=-99999999999999999999" } });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe("bytes 0-999/1000");
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(AUDIO);
  });

  // RFC 9110 §13.1.5: a client resuming with If-Range gets the range only from the same version.
  it("honours If-Range: the range for the current ETag or Last-Modified, the whole object otherwise", async () => {
    const head = await api(`/media/${KEY}`, { method: "HEAD" });
    const etag = head.headers.get("etag")!;
    const lastModified = head.headers.get("last-modified")!;
    for (const ifRange of [etag, lastModified]) {
      const res = await api(`/media/${KEY}`, { headers: { range: "bytes=100-199", "if-range": ifRange } });
      expect({ ifRange, status: res.status }).toEqual({ ifRange, status: 206 });
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO.slice(100, 200));
    }
    for (const ifRange of ['"stale"', `W/${etag}`, "Thu, 01 Jan 1970 00:00:00 GMT", "*", "junk"]) {
      const res = await api(`/media/${KEY}`, { headers: { range: "bytes=100-199", "if-range": ifRange } });
      expect({ ifRange, status: res.status, contentRange: res.headers.get("content-range") }).toEqual({ ifRange, status: 200, contentRange: null });
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(AUDIO);
    }
  });

  it("treats an empty If-Match or If-None-Match as absent", async () => {
    for (const name of ["if-match", "if-none-match"]) {
      const res = await api(`/media/${KEY}`, { headers: { [name]: "" } });
      expect({ name, status: res.status }).toEqual({ name, status: 200 });
      await res.arrayBuffer();
    }
  });

  it("ignores multiple or malformed ranges and sends the whole object", async () => {
    for (const range of ["bytes=0-1,5-6", "items=0-1", "bytes=9-3"]) {
      const res = await api(`/media/${KEY}`, { headers: { range } });
      expect(res.status, range).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(1000);
    }
  });

  it("answers 304 without a body when If-None-Match carries the ETag", async () => {
    const first = await api(`/media/${KEY}`);
    const etag = first.headers.get("etag")!;
    await first.arrayBuffer();
    const res = await api(`/media/${KEY}`, { headers: { "if-none-match": etag } });
    expect(res.status).toBe(304);
    expect(res.headers.get("etag")).toBe(etag);
    expect(await res.text()).toBe("");
    const weak = await api(`/media/${KEY}`, { headers: { "if-none-match": `"other", W/${etag}` } });
    expect(weak.status).toBe(304);
    const stale = await api(`/media/${KEY}`, { headers: { "if-none-match": '"stale"' } });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
  });

  it("supports HEAD with the headers and no body", async () => {
    const res = await api(`/media/${KEY}`, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-length")).toBe("1000");
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect(res.headers.get("etag")).toMatch(/^"/);
    expect(await res.text()).toBe("");
  });

  it("sandboxes and forces download of anything that is not image, audio or video", async () => {
    for (const path of ["/media/post-images/u1/evil.html", "/media/post-images/u1/none.bin"]) {
      const res = await api(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
      expect(res.headers.get("content-disposition")).toBe("attachment");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      await res.arrayBuffer();
    }
    const none = await api("/media/post-images/u1/none.bin", { method: "HEAD" });
    expect(none.headers.get("content-type")).toBe("application/octet-stream");
  });

  it("answers an unknown key with 404 in the error envelope, for GET and HEAD", async () => {
    const res = await api("/media/post-images/nobody/nothing.jpg");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    expect((await api("/media/post-images/nobody/nothing.jpg", { method: "HEAD" })).status).toBe(404);
    expect((await api("/media/")).status).toBe(404);
  });

  it("refuses writes", async () => {
    const res = await api(`/media/${KEY}`, { method: "PUT", raw: "x", headers: { origin: "http://localhost" } });
    expect(res.status).not.toBe(200);
    expect(new Uint8Array(await (await env.MEDIA.get(KEY))!.arrayBuffer())).toEqual(AUDIO);
  });
});

describe("range and etag parsing", () => {
  it("parses the single-range forms", () => {
    expect(parseRange("bytes=0-0")).toEqual({ offset: 0, length: 1 });
    expect(parseRange("bytes=5-")).toEqual({ offset: 5 });
    expect(parseRange("bytes=-5")).toEqual({ suffix: 5 });
    expect(parseRange("bytes=-")).toBeNull();
    expect(parseRange(undefined)).toBeNull();
    // Past 2^53 a last byte means "to the end" and a suffix "all of it"; a first byte stays (unsatisfiable).
    expect(parseRange("bytes=5-99999999999999999999")).toEqual({ offset: 5 });
    expect(parseRange("bytes=-99999999999999999999")).toEqual({ offset: 0 });
    expect(parseRange("bytes=99999999999999999999-")).toEqual({ offset: 1e20 });
  });
  it("matches weak and listed etags", () => {
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
  });
});
