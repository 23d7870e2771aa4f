// Profiles against the security table (CONVENTIONS.md example 9), then what the table's row counts
// cannot show: /api/profile only ever touches the caller's own row, and the private fields (phone,
// email, onboarding answers) appear in no answer anyone but the owner receives.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { api, insertService, json, runCommonRouteTests, signedInUser, signedInUserWithPost, type SignedInUser } from "../helpers";
import { PROFILE_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(PROFILE_ROUTES);

async function profileRow(userId: string) {
  return env.DB.prepare("select username, display_name, bio, avatar_url, phone, profession, onboarded_at from profiles where user_id = ?")
    .bind(userId)
    .first();
}

describe("a user changes only their own profile", () => {
  it("applies another user's writes to their own row, never to the owner's", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    const before = await profileRow(owner.id);
    // The owner is the session's user: ids in the body or the query are not part of the contract.
    const patch = await api(`/api/profile?userId=${owner.id}`, {
      method: "PATCH",
      cookie: other.cookie,
      body: { userId: owner.id, bio: "Mine now", username: `${other.username}x` },
    });
    expect((await json<{ userId: string }>(patch, 200)).userId).toBe(other.id);
    const onboarding = await api("/api/profile/onboarding", {
      method: "PUT",
      cookie: other.cookie,
      body: { userId: owner.id, firstName: "Eve", lastName: "Il", profession: "DJ" },
    });
    expect((await json<{ userId: string }>(onboarding, 200)).userId).toBe(other.id);
    expect(await profileRow(owner.id)).toEqual(before);
    expect(await profileRow(other.id)).toMatchObject({ bio: "Mine now", display_name: "Eve Il", profession: "DJ" });
  });

  it("refuses a visitor's writes and leaves the row as it was", async () => {
    const owner = await signedInUser();
    const before = await profileRow(owner.id);
    expect((await api("/api/profile", { method: "PATCH", body: { bio: "x" } })).status).toBe(401);
    expect((await api("/api/profile/onboarding", { method: "PUT", body: { firstName: "A", lastName: "B", profession: "DJ" } })).status).toBe(401);
    expect((await api("/api/profile/onboarding/skip", { method: "POST" })).status).toBe(401);
    expect(await profileRow(owner.id)).toEqual(before);
  });
});

describe("private fields never leak", () => {
  let owner: SignedInUser & { postId: string };
  let other: SignedInUser;
  const phone = "+1 555 867 5309";

  beforeAll(async () => {
    owner = await signedInUserWithPost();
    other = await signedInUser();
    const saved = await api("/api/profile/onboarding", {
      method: "PUT",
      cookie: owner.cookie,
      body: { firstName: "Priya", lastName: "Private", profession: "Composer", phone, yearsExperience: 12, hourlyRateCents: 98_765 },
    });
    expect(saved.status).toBe(200);
    await insertService(owner.id, { name: "Scoring" });
    // Other people's content by the owner: a comment and a follow, so lists that embed authors show them.
    await api(`/api/posts/${owner.postId}/comments`, { cookie: owner.cookie, body: { content: "Thanks for listening" } });
    await api(`/api/users/${owner.id}/follow`, { method: "PUT", cookie: other.cookie, body: { following: true } });
  });

  it("keeps the phone, the email and the rate out of every answer another user or a visitor gets", async () => {
    const paths = [
      `/api/users/${owner.id}`,
      `/api/users/${owner.id}/posts`,
      `/api/users/${owner.id}/services`,
      `/api/users/${owner.id}/products`,
      `/api/users/${owner.id}/follow`,
      `/api/posts/${owner.postId}`,
      `/api/posts/${owner.postId}/comments`,
      "/api/posts",
      "/api/feed",
      "/api/auth/session",
    ];
    for (const cookie of [other.cookie, null]) {
      for (const path of paths) {
        const res = await api(path, { cookie });
        const text = await res.text();
        expect(text, `${path} as ${cookie ? "other user" : "visitor"}`).not.toContain("555 867");
        expect(text, path).not.toContain(owner.email);
        expect(text, path).not.toContain("98765");
        // The session answer is the caller's own account (their own phone field); every other answer has none.
        if (path !== "/api/auth/session") expect(text, path).not.toMatch(/"phone"|"email"|"hourlyRateCents"|"yearsExperience"/);
      }
    }
    const profile = await json<Record<string, unknown>>(await api(`/api/users/${owner.id}`), 200);
    expect(Object.keys(profile).sort()).toEqual(
      ["userId", "username", "displayName", "avatarUrl", "verified", "profession", "bio", "location", "websiteUrl", "skills", "postCount", "followerCount", "followingCount", "joinedAt", "viewer"].sort(),
    );
  });

  it("gives them to the owner alone", async () => {
    const own = await json<{ phone: string; email: string; hourlyRateCents: number }>(await api("/api/profile", { cookie: owner.cookie }), 200);
    expect(own).toMatchObject({ phone, email: owner.email, hourlyRateCents: 98_765 });
    const dashboard = await json<{ profile: { phone: string } }>(await api("/api/profile/dashboard", { cookie: owner.cookie }), 200);
    expect(dashboard.profile.phone).toBe(phone);
  });
});
