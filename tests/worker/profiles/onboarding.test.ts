// Onboarding (/create-profile; spec marketplace-messaging-account §2 Profile creation, DESIGN.md
// "Profile creation page saves"): the answers are stored, the phone stays private, and the session
// answer tells the SPA when to offer the page: a newly confirmed account without a profession,
// until it saves or skips.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OwnProfile, PublicProfile } from "@shared/profile-api";
import { profiles } from "../../../worker/db/schema";
import { api, db, DEFAULT_PASSWORD, expectError, json, mailedToken, signedInUser, signIn, unique } from "../helpers";

interface SessionAnswer {
  user: { id: string; email: string; needsOnboarding: boolean } | null;
}

async function session(cookie: string | null): Promise<SessionAnswer> {
  return json<SessionAnswer>(await api("/api/auth/session", { cookie }), 200);
}

function onboard(cookie: string, body: unknown) {
  return api("/api/profile/onboarding", { method: "PUT", cookie, body });
}

describe("the session answer", () => {
  it("asks a newly confirmed account to onboard after its first sign-in, until it saves", async () => {
    const name = unique("new");
    const email = `${name}@example.test`;
    expect((await api("/api/auth/sign-up", { body: { email, password: DEFAULT_PASSWORD, username: name, displayName: "New Comer" } })).status).toBe(201);
    expect((await api("/api/auth/confirm", { body: { token: await mailedToken(email, "confirm") } })).status).toBe(200);
    const signedIn = await signIn(email, DEFAULT_PASSWORD);
    expect((await signedIn.res.json()) as SessionAnswer).toMatchObject({ user: { email, needsOnboarding: true } });
    expect((await session(signedIn.cookie)).user?.needsOnboarding).toBe(true);

    const saved = await json<OwnProfile>(
      await onboard(signedIn.cookie, {
        firstName: "Nia",
        lastName: "Okoro",
        profession: "Songwriter",
        phone: "+44 20 7946 0958",
        location: "London",
        yearsExperience: 6,
        hourlyRateCents: 7500,
        specialties: "Toplines, Lyrics,  Vocal production ",
        bio: "Writing hooks for a living.",
      }),
      200,
    );
    expect(saved).toMatchObject({
      displayName: "Nia Okoro",
      username: name,
      email,
      profession: "Songwriter",
      phone: "+44 20 7946 0958",
      location: "London",
      yearsExperience: 6,
      hourlyRateCents: 7500,
      skills: ["Toplines", "Lyrics", "Vocal production"],
      bio: "Writing hooks for a living.",
      needsOnboarding: false,
    });
    expect((await session(signedIn.cookie)).user?.needsOnboarding).toBe(false);
    const publicView = await json<PublicProfile & { phone?: unknown }>(await api(`/api/users/${saved.userId}`), 200);
    expect(publicView).toMatchObject({ displayName: "Nia Okoro", profession: "Songwriter", skills: ["Toplines", "Lyrics", "Vocal production"] });
    expect(publicView.phone).toBeUndefined();
  });

  it("stops asking once skipped, and keeps the skip server-side", async () => {
    const ana = await signedInUser();
    expect((await session(ana.cookie)).user?.needsOnboarding).toBe(true);
    const skipped = await json<OwnProfile>(await api("/api/profile/onboarding/skip", { method: "POST", cookie: ana.cookie }), 200);
    expect(skipped.needsOnboarding).toBe(false);
    expect((await session(ana.cookie)).user?.needsOnboarding).toBe(false);
    const [row] = await db().select({ onboardedAt: profiles.onboardedAt, profession: profiles.profession }).from(profiles).where(eq(profiles.userId, ana.id));
    expect(row?.onboardedAt).toBeGreaterThan(0);
    expect(row?.profession).toBeNull();
    // A second skip keeps the first time.
    await api("/api/profile/onboarding/skip", { method: "POST", cookie: ana.cookie });
    const [again] = await db().select({ onboardedAt: profiles.onboardedAt }).from(profiles).where(eq(profiles.userId, ana.id));
    expect(again?.onboardedAt).toBe(row?.onboardedAt);
  });

  it("does not ask a profile that already has a profession", async () => {
    const ana = await signedInUser();
    await json(await api("/api/profile", { method: "PATCH", cookie: ana.cookie, body: { profession: "DJ" } }), 200);
    expect((await session(ana.cookie)).user?.needsOnboarding).toBe(false);
    expect((await session(null)).user).toBeNull();
  });
});

describe("PUT /api/profile/onboarding", () => {
  it("answers the required fields' messages and stores nothing", async () => {
    const ana = await signedInUser();
    const before = await json<OwnProfile>(await api("/api/profile", { cookie: ana.cookie }), 200);
    await expectError(await onboard(ana.cookie, { lastName: "L", profession: "DJ" }), 400, "Please enter your first name");
    await expectError(await onboard(ana.cookie, { firstName: "A", profession: "DJ" }), 400, "Please enter your last name");
    await expectError(await onboard(ana.cookie, { firstName: "A", lastName: "L" }), 400, "Please choose your profession");
    await expectError(await onboard(ana.cookie, { firstName: "A", lastName: "L", profession: "Pilot" }), 400, "Please choose a profession from the list");
    await expectError(await onboard(ana.cookie, { firstName: "A", lastName: "L", profession: "DJ", phone: "not a phone" }), 400, "Please enter a valid phone number");
    await expectError(await onboard(ana.cookie, { firstName: "A", lastName: "L", profession: "DJ", hourlyRateCents: 12.5 }), 400, "Hourly rate must be an amount in dollars and cents");
    expect(await json<OwnProfile>(await api("/api/profile", { cookie: ana.cookie }), 200)).toEqual(before);
  });

  it("keeps answers that are absent and cuts a long name to the display name's 50", async () => {
    const ana = await signedInUser({ bio: "Already written" });
    const saved = await json<OwnProfile>(await onboard(ana.cookie, { firstName: "A".repeat(40), lastName: "B".repeat(40), profession: "Composer" }), 200);
    expect(saved.displayName).toBe(`${"A".repeat(40)} ${"B".repeat(9)}`);
    expect(saved.bio).toBe("Already written");
    expect(saved.phone).toBeNull();
  });
});
