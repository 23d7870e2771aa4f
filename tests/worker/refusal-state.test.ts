// refusalState is how the common route tests and the fuzz suite know that a refusal wrote
// nothing: these tests show that it sees an UPDATE that changes no row count, that it overlooks
// only the column it names (a session's activity stamp), and that the one refusal that writes by
// design, the owner's oversized part aborting their upload, is allowed exactly that write.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, jpegBytes, refusalState, routeFixture, withUploadAborted, type RouteFixture } from "./helpers";

describe("refusalState", () => {
  let f: RouteFixture;
  beforeAll(async () => {
    f = await routeFixture();
  });

  it("sees a row that changed, though no table gained or lost one", async () => {
    const before = await refusalState(f);
    await env.DB.prepare("update profiles set bio = 'changed behind a refusal' where user_id = ?").bind(f.owner.id).run();
    const after = await refusalState(f);
    expect(Object.keys(after).filter((table) => after[table]!.length !== before[table]!.length)).toEqual([]);
    expect(Object.keys(after).filter((table) => JSON.stringify(after[table]) !== JSON.stringify(before[table]))).toEqual(["profiles"]);
  });

  it("overlooks a session's activity stamp, and nothing else of the session", async () => {
    const before = await refusalState(f);
    await env.DB.prepare("update auth_sessions set last_active_at = last_active_at + 60000 where user_id = ?").bind(f.other.id).run();
    expect(await refusalState(f)).toEqual(before);
    await env.DB.prepare("update auth_sessions set revoked_at = last_active_at where user_id = ?").bind(f.other.id).run();
    expect(await refusalState(f)).not.toEqual(before);
  });

  it("allows the owner's oversized part to abort their upload, and no other write", async () => {
    const before = await refusalState(f);
    // The upload declared 3,000 bytes and has them all: a longer part runs past its end.
    const res = await api(`/api/uploads/${f.uploadId}/parts/1`, { method: "PUT", cookie: f.owner.cookie, raw: jpegBytes(4000) });
    await expectError(res, 413);
    const after = await refusalState(f);
    expect(after).not.toEqual(before);
    expect(after).toEqual(await withUploadAborted(before, after, f.uploadId));
    expect((await env.DB.prepare("select status from uploads where id = ?").bind(f.uploadId).first())?.status).toBe("aborted");

    // Any other change beside the abort still shows, in the upload's row or elsewhere.
    await env.DB.prepare("update uploads set received_bytes = 1 where id = ?").bind(f.uploadId).run();
    const tampered = await refusalState(f);
    expect(tampered).not.toEqual(await withUploadAborted(before, tampered, f.uploadId));
  });
});
