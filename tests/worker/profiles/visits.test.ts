// profile_visit interactions (spec social-feed-search §3 user_interactions, §7 "Recording
// interactions (profile_visit …)": a visit by someone else records one). Like post
// views, recording never fails the client and each viewer has a bounded number of rows.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { consume, rateSubject } from "../../../worker/services/rate-limit";
import { api, signedInUser } from "../helpers";

async function visitsOf(targetId: string) {
  const { results } = await env.DB.prepare(
    "select user_id, target_user_id, interaction_type from user_interactions where target_user_id = ? and interaction_type = 'profile_visit'",
  )
    .bind(targetId)
    .all<{ user_id: string; target_user_id: string; interaction_type: string }>();
  return results;
}

function visit(targetId: string, cookie: string | null) {
  return api(`/api/users/${targetId}/visits`, { method: "POST", cookie });
}

describe("POST /api/users/:userId/visits", () => {
  it("records a signed-in viewer's visit to someone else's profile once per half hour", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    expect((await visit(ana.id, ben.cookie)).status).toBe(204);
    expect((await visit(ana.id, ben.cookie)).status).toBe(204);
    expect(await visitsOf(ana.id)).toEqual([{ user_id: ben.id, target_user_id: ana.id, interaction_type: "profile_visit" }]);
    // Two tabs at once still write one row between them.
    const cy = await signedInUser();
    await Promise.all([visit(ana.id, cy.cookie), visit(ana.id, cy.cookie)]);
    expect((await visitsOf(ana.id)).filter((v) => v.user_id === cy.id)).toHaveLength(1);
  });

  it("records nothing for the owner, a visitor, or a profile that does not exist, and still answers 204", async () => {
    const ana = await signedInUser();
    expect((await visit(ana.id, ana.cookie)).status).toBe(204);
    expect((await visit(ana.id, null)).status).toBe(204);
    expect((await visit(crypto.randomUUID(), ana.cookie)).status).toBe(204);
    expect((await visit("bad%20id", ana.cookie)).status).toBe(204);
    expect(await visitsOf(ana.id)).toEqual([]);
    const { results } = await env.DB.prepare("select count(*) as n from user_interactions where user_id = ?").bind(ana.id).all<{ n: number }>();
    expect(results[0]?.n).toBe(0);
  });

  it("skips visits over the viewer's limit without failing them", async () => {
    const viewer = await signedInUser();
    const target = await signedInUser();
    for (let i = 0; i < 60; i += 1) await consume(env, "profile_visit", rateSubject("user", viewer.id));
    expect((await visit(target.id, viewer.cookie)).status).toBe(204);
    expect(await visitsOf(target.id)).toEqual([]);
  });

  it("reading a profile records nothing by itself (prefetches and refetches are not visits)", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    expect((await api(`/api/users/${ana.id}`, { cookie: ben.cookie })).status).toBe(200);
    expect(await visitsOf(ana.id)).toEqual([]);
  });
});
