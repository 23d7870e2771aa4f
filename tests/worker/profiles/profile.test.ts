// The public profile and profile editing (spec marketplace-messaging-account §2 Public profile and
// Profile editing, §5 profile rules, §7 Profile, Profile update, Username check, §8): what a
// visitor and a signed-in viewer see, and what an owner's edit stores or is refused with.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { OwnProfile, PublicProfile, UsernameCheck } from "@shared/profile-api";
import { api, createUser, expectError, insertPost, json, signedInUser, unique } from "../helpers";

function patch(cookie: string, body: unknown) {
  return api("/api/profile", { method: "PATCH", cookie, body });
}

describe("GET /api/users/:userId (public profile)", () => {
  it("shows a visitor the profile with its counts and no viewer", async () => {
    const ana = await createUser({ displayName: "Ana Lopez", verified: true, bio: "Mixing since 2009" });
    await insertPost(ana.id);
    await insertPost(ana.id);
    const profile = await json<PublicProfile>(await api(`/api/users/${ana.id}`), 200);
    expect(profile).toMatchObject({
      userId: ana.id,
      username: ana.username,
      displayName: "Ana Lopez",
      avatarUrl: null,
      verified: true,
      bio: "Mixing since 2009",
      skills: [],
      postCount: 2,
      followerCount: 0,
      followingCount: 0,
      viewer: null,
    });
    expect(profile.joinedAt).toBeGreaterThan(Date.now() - 60_000);
  });

  it("tells a signed-in viewer whether they follow, and the owner that it is their own", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    expect((await json<PublicProfile>(await api(`/api/users/${ana.id}`, { cookie: ben.cookie }), 200)).viewer).toEqual({ isSelf: false, following: false });
    await api(`/api/users/${ana.id}/follow`, { method: "PUT", cookie: ben.cookie, body: { following: true } });
    const followed = await json<PublicProfile>(await api(`/api/users/${ana.id}`, { cookie: ben.cookie }), 200);
    expect(followed.viewer).toEqual({ isSelf: false, following: true });
    expect(followed.followerCount).toBe(1);
    expect((await json<PublicProfile>(await api(`/api/users/${ana.id}`, { cookie: ana.cookie }), 200)).viewer).toEqual({ isSelf: true, following: false });
  });

  it("answers 'Profile not found' in the envelope for unknown and malformed ids", async () => {
    await expectError(await api(`/api/users/${crypto.randomUUID()}`), 404, "Profile not found");
    await expectError(await api("/api/users/not%20an%20id"), 404, "Profile not found");
    const noProfile = await createUser({ profile: false });
    await expectError(await api(`/api/users/${noProfile.id}`), 404, "Profile not found");
  });

  it("re-checks a stored website on read, so an unsafe one never reaches an href", async () => {
    const ana = await createUser();
    await env.DB.prepare("update profiles set website_url = 'javascript:alert(1)' where user_id = ?").bind(ana.id).run();
    expect((await json<PublicProfile>(await api(`/api/users/${ana.id}`), 200)).websiteUrl).toBeNull();
    await env.DB.prepare("update profiles set website_url = 'https://ana.example/' where user_id = ?").bind(ana.id).run();
    expect((await json<PublicProfile>(await api(`/api/users/${ana.id}`), 200)).websiteUrl).toBe("https://ana.example/");
  });
});

describe("PATCH /api/profile", () => {
  it("stores the edit, cleaned, and answers the owner's profile", async () => {
    const ana = await signedInUser();
    const name = unique("Ana");
    const updated = await json<OwnProfile>(
      await patch(ana.cookie, {
        username: ` ${name} !`,
        displayName: "  Ana <i>L</i>  ",
        bio: "Engineer. javascript:alert(1) onclick=x",
        profession: "Mixing Engineer",
        location: "Lisbon",
        websiteUrl: "ana.example/work",
        skills: ["Mixing", "mastering", "MIXING", " Vocal tuning "],
      }),
      200,
    );
    expect(updated).toMatchObject({
      userId: ana.id,
      email: ana.email,
      username: name,
      displayName: "Ana <i>L</i>",
      bio: "Engineer. alert(1) x",
      profession: "Mixing Engineer",
      location: "Lisbon",
      websiteUrl: "https://ana.example/work",
      skills: ["Mixing", "mastering", "Vocal tuning"],
    });
    expect(await json<PublicProfile>(await api(`/api/users/${ana.id}`), 200)).toMatchObject({ username: name, bio: "Engineer. alert(1) x" });
  });

  it("accepts the largest valid edit, in 3-byte characters, past the 4 KB default body limit", async () => {
    const ana = await signedInUser();
    const wide = "音";
    const body = {
      displayName: wide.repeat(50),
      bio: wide.repeat(300),
      location: wide.repeat(100),
      skills: Array.from({ length: 20 }, (_, i) => `${String.fromCharCode(0x4e00 + i)}${wide.repeat(39)}`),
      websiteUrl: `https://ana.example/${"w".repeat(180)}`,
      username: unique("u").padEnd(30, "x").slice(0, 30),
      profession: "Mastering Engineer",
    };
    expect(new TextEncoder().encode(JSON.stringify(body)).length).toBeGreaterThan(4096);
    const saved = await json<OwnProfile>(await patch(ana.cookie, body), 200);
    expect(saved.skills).toHaveLength(20);
    expect(saved.bio).toBe(wide.repeat(300));
  });

  it("keeps fields that are absent, clears ones sent empty, and shows the username for an empty display name", async () => {
    const ana = await signedInUser({ bio: "Keep me" });
    await json(await patch(ana.cookie, { location: "Porto", websiteUrl: "https://ana.example" }), 200);
    const cleared = await json<OwnProfile>(await patch(ana.cookie, { location: "", displayName: "" }), 200);
    expect(cleared).toMatchObject({ bio: "Keep me", location: null, websiteUrl: "https://ana.example/", displayName: ana.username });
  });

  it("answers the spec's messages for invalid fields and stores nothing", async () => {
    const ana = await signedInUser();
    const before = await json<OwnProfile>(await api("/api/profile", { cookie: ana.cookie }), 200);
    await expectError(await patch(ana.cookie, { username: "@@@" }), 400, "Please enter a username");
    await expectError(await patch(ana.cookie, { username: "ab" }), 400, "Username must be at least 3 characters and contain only letters, numbers, dots, underscores, and hyphens");
    await expectError(await patch(ana.cookie, { bio: "b".repeat(301) }), 400, "Bio must be at most 300 characters");
    await expectError(await patch(ana.cookie, { displayName: "d".repeat(51) }), 400, "Display name must be at most 50 characters");
    await expectError(await patch(ana.cookie, { profession: "Astronaut" }), 400, "Please choose a profession from the list");
    await expectError(await patch(ana.cookie, { websiteUrl: "javascript:alert(1)" }), 400, "Please enter a website address starting with http:// or https://");
    await expectError(await patch(ana.cookie, {}), 400, "Nothing to update");
    expect(await json<OwnProfile>(await api("/api/profile", { cookie: ana.cookie }), 200)).toEqual(before);
  });

  it("lets a profile keep a profession from before the list, but not pick a new one off it", async () => {
    const owner = await signedInUser();
    await env.DB.prepare("update profiles set profession = 'Studio Owner' where user_id = ?").bind(owner.id).run();
    const kept = await json<OwnProfile>(await patch(owner.cookie, { profession: "Studio Owner", bio: "Two rooms, one SSL." }), 200);
    expect(kept).toMatchObject({ profession: "Studio Owner", bio: "Two rooms, one SSL." });
    await expectError(await patch(owner.cookie, { profession: "Vocal Coach" }), 400, "Please choose a profession from the list");
    expect((await json<OwnProfile>(await patch(owner.cookie, { profession: "Composer" }), 200)).profession).toBe("Composer");
    // Once changed, the old title is off the list like any other.
    await expectError(await patch(owner.cookie, { profession: "Studio Owner" }), 400, "Please choose a profession from the list");
    expect((await json<OwnProfile>(await patch(owner.cookie, { profession: "" }), 200)).profession).toBeNull();
  });

  it("refuses a username another user holds, whatever its case, with 409 'This username is already in use'", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const res = await patch(ben.cookie, { username: ana.username.toUpperCase() });
    const envelope = await expectError(res, 409, "This username is already in use");
    expect(envelope.error.details).toEqual({ title: "Username taken" });
    // One's own name in another case is not "taken".
    expect((await json<OwnProfile>(await patch(ana.cookie, { username: ana.username.toUpperCase() }), 200)).username).toBe(ana.username.toUpperCase());
  });

  it("ends a race for one username with one winner and one 409, never a 500", async () => {
    for (let round = 0; round < 3; round += 1) {
      const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
      const wanted = unique("race");
      const answers = await Promise.all([patch(ana.cookie, { username: wanted }), patch(ben.cookie, { username: wanted.toLowerCase() })]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      const loser = answers.find((r) => r.status === 409)!;
      await expectError(loser, 409, "This username is already in use");
      const { results } = await env.DB.prepare("select user_id from profiles where lower(username) = lower(?)").bind(wanted).all();
      expect(results).toHaveLength(1);
    }
  });
});

describe("GET /api/profile/username-check", () => {
  it("answers the sanitised name and whether another user holds it", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const taken = await json<UsernameCheck>(await api(`/api/profile/username-check?username=${encodeURIComponent(` ${ana.username.toUpperCase()}!`)}`, { cookie: ben.cookie }), 200);
    expect(taken).toEqual({ username: ana.username.toUpperCase(), available: false });
    expect(await json<UsernameCheck>(await api(`/api/profile/username-check?username=${ana.username}`, { cookie: ana.cookie }), 200)).toEqual({
      username: ana.username,
      available: true,
    });
    const free = unique("free");
    expect(await json<UsernameCheck>(await api(`/api/profile/username-check?username=${free}`, { cookie: ben.cookie }), 200)).toEqual({ username: free, available: true });
    await expectError(await api("/api/profile/username-check?username=%21%21", { cookie: ben.cookie }), 400, "Please enter a username");
  });
});
