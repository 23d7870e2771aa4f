// Avatar upload (spec marketplace-messaging-account §5 avatar, §7 Storage; DESIGN.md "Media"): the
// bytes decide the type, 5 MB is the limit, the object lives in R2 under a key the server chose,
// it is served through /media, and the avatar it replaces is removed.
import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { OwnProfile, PublicProfile } from "@shared/profile-api";
import { createLogger } from "../../../worker/lib/logger";
import { replaceAvatar } from "../../../worker/services/media/avatars";
import { api, db, expectError, htmlBytes, jpegBytes, json, MiB, mp3Bytes, signedInUser, streamOf } from "../helpers";

function pngBytes(size: number): Uint8Array {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

function upload(cookie: string, bytes: Uint8Array | ReadableStream<Uint8Array>, type = "image/jpeg", headers: Record<string, string> = {}) {
  return api("/api/profile/avatar", { method: "POST", cookie, raw: bytes, headers: { "content-type": type, ...headers } });
}

function keyOf(url: string | null): string {
  expect(url).toMatch(/^\/media\/avatars\//);
  return url!.slice("/media/".length);
}

async function avatarObjects(userId: string): Promise<string[]> {
  return (await env.MEDIA.list({ prefix: `avatars/${userId}/` })).objects.map((o) => o.key);
}

describe("POST /api/profile/avatar", () => {
  it("stores the image under avatars/{userId}/ and serves it through /media", async () => {
    const ana = await signedInUser();
    const bytes = jpegBytes(40_000);
    const profile = await json<OwnProfile>(await upload(ana.cookie, bytes, "application/octet-stream"), 200);
    const key = keyOf(profile.avatarUrl);
    expect(key).toMatch(new RegExp(`^avatars/${ana.id}/[A-Za-z0-9-]+\\.jpg$`));
    const object = await env.MEDIA.get(key);
    expect(object?.httpMetadata?.contentType).toBe("image/jpeg");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    const served = await api(profile.avatarUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect((await served.arrayBuffer()).byteLength).toBe(40_000);
    expect((await json<PublicProfile>(await api(`/api/users/${ana.id}`), 200)).avatarUrl).toBe(profile.avatarUrl);
  });

  it("removes the old avatar once the new one is saved", async () => {
    const ana = await signedInUser();
    const first = keyOf((await json<OwnProfile>(await upload(ana.cookie, jpegBytes(5000)), 200)).avatarUrl);
    const second = keyOf((await json<OwnProfile>(await upload(ana.cookie, pngBytes(6000), "image/png"), 200)).avatarUrl);
    expect(second).toMatch(/\.png$/);
    expect(await env.MEDIA.head(first)).toBeNull();
    expect(await avatarObjects(ana.id)).toEqual([second]);
  });

  it("keeps exactly one object when two uploads race", async () => {
    const ana = await signedInUser();
    const answers = await Promise.all([upload(ana.cookie, jpegBytes(5000)), upload(ana.cookie, jpegBytes(7000))]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    await Promise.all(answers.map((r) => r.arrayBuffer()));
    const current = (await json<OwnProfile>(await api("/api/profile", { cookie: ana.cookie }), 200)).avatarUrl;
    expect(await avatarObjects(ana.id)).toEqual([keyOf(current)]);
  });

  it("never removes an avatar that is not the user's own object", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const bens = keyOf((await json<OwnProfile>(await upload(ben.cookie, jpegBytes(3000)), 200)).avatarUrl);
    // A row pointing elsewhere (written by hand, or by an old version) is replaced, not followed.
    await env.DB.prepare("update profiles set avatar_url = ? where user_id = ?").bind(`/media/${bens}`, ana.id).run();
    await json(await upload(ana.cookie, jpegBytes(3000)), 200);
    expect(await env.MEDIA.head(bens)).not.toBeNull();
  });

  it("refuses what is not an image, whatever its declared type: 'Please select an image file'", async () => {
    const ana = await signedInUser();
    for (const [bytes, type] of [
      [htmlBytes(2000), "image/jpeg"],
      [mp3Bytes(2000), "image/png"],
      [new Uint8Array(0), "image/jpeg"],
    ] as const) {
      const envelope = await expectError(await upload(ana.cookie, bytes, type), 415, "Please select an image file");
      expect(envelope.error.details).toEqual({ title: "Invalid file type" });
    }
    expect(await avatarObjects(ana.id)).toEqual([]);
    expect((await json<OwnProfile>(await api("/api/profile", { cookie: ana.cookie }), 200)).avatarUrl).toBeNull();
  });

  it("refuses more than 5 MB, declared or streamed: 'Please select an image under 5MB'", async () => {
    const ana = await signedInUser();
    const envelope = await expectError(await upload(ana.cookie, jpegBytes(5 * MiB + 1)), 413, "Please select an image under 5MB");
    expect(envelope.error.details).toEqual({ title: "File too large" });
    // A body that claims less than it carries is cut off at its claim (workerd holds it there), and
    // one without a length is not accepted at all, so R2 always gets a known, bounded size.
    const unsized = await expectError(await upload(ana.cookie, streamOf(jpegBytes(6 * MiB))), 400, "Failed to upload profile picture");
    expect(unsized.error.details).toEqual({ title: "Upload failed" });
    expect((await json<OwnProfile>(await upload(ana.cookie, jpegBytes(5 * MiB)), 200)).avatarUrl).not.toBeNull();
    expect(await avatarObjects(ana.id)).toHaveLength(1);
  });

  it("counts uploads against the user's own limit: 'Upload Limit Reached'", async () => {
    const ana = await signedInUser();
    for (let i = 0; i < 10; i += 1) expect((await upload(ana.cookie, jpegBytes(1000))).status).toBe(200);
    const envelope = await expectError(await upload(ana.cookie, jpegBytes(1000)), 429, "Please wait 60 minutes before uploading again");
    expect(envelope.error.details).toMatchObject({ title: "Upload Limit Reached" });
    expect(await avatarObjects(ana.id)).toHaveLength(1);
  });
});

describe("replaceAvatar when storage fails", () => {
  it("answers 'Failed to upload profile picture' and leaves the profile as it was", async () => {
    const ana = await signedInUser();
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failing = { put: () => Promise.reject(new Error("R2 is down")), delete: () => Promise.resolve() } as unknown as R2Bucket;
    const bytes = jpegBytes(2000);
    const failure = replaceAvatar(failing, db(), createLogger({ requestId: "test" }), ana.id, { body: streamOf(bytes), contentLength: bytes.length });
    await expect(failure).rejects.toMatchObject({ status: 503, message: "Failed to upload profile picture", details: { title: "Upload failed" } });
    expect((await json<OwnProfile>(await api("/api/profile", { cookie: ana.cookie }), 200)).avatarUrl).toBeNull();
    expect(errors.mock.calls.map(([line]) => JSON.parse(String(line)).message)).toEqual(["avatar store failed"]);
    errors.mockRestore();
  });
});
