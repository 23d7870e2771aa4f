// The profile contract's shared pieces (spec marketplace-messaging-account §5 profile, §9 price
// display): the schemas the edit and onboarding forms and the Worker share, website links, prices.
import { describe, expect, it } from "vitest";
import { PROFILE_TEXTS } from "@shared/messages";
import { PROFESSIONS, type Profession } from "@shared/constants";
import {
  bioSchema,
  displayNameSchema,
  hourlyRateCentsSchema,
  isAllowedProfession,
  locationSchema,
  onboardingSchema,
  phoneSchema,
  profileUpdateSchema,
  profileUsernameSchema,
  skillsSchema,
  usernameCheckQuerySchema,
  websiteUrlSchema,
  yearsExperienceSchema,
  type OnboardingInput,
  type ProfileUpdateInput,
  type ProfileViewer,
} from "@shared/profile-api";
import { formatCents, formatServicePrice, parseDollarsToCents } from "@shared/rules/price";
import { validateProfileUsername } from "@shared/rules/username";
import { normalizeWebsiteUrl, safeWebsiteUrl } from "@shared/rules/website";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("spec texts", () => {
  it("are the spec's words", () => {
    expect(PROFILE_TEXTS.avatarInvalidType).toEqual({ title: "Invalid file type", description: "Please select an image file" });
    expect(PROFILE_TEXTS.avatarTooLarge).toEqual({ title: "File too large", description: "Please select an image under 5MB" });
    expect(PROFILE_TEXTS.avatarUploadFailed).toEqual({ title: "Upload failed", description: "Failed to upload profile picture" });
    expect(PROFILE_TEXTS.usernameRequired).toEqual({ title: "Username required", description: "Please enter a username" });
    expect(PROFILE_TEXTS.usernameTaken).toEqual({ title: "Username taken", description: "This username is already in use" });
    expect(PROFILE_TEXTS.updated).toEqual({ title: "Profile updated", description: "Your profile has been successfully updated" });
    expect(PROFILE_TEXTS.updateFailed).toEqual({ title: "Update failed", description: "Failed to update profile" });
    expect(PROFILE_TEXTS.loadFailed).toBe("Failed to load profile");
    expect(PROFILE_TEXTS.notFound).toBe("Profile not found");
    expect(PROFILE_TEXTS.moreSkills(3)).toBe("+3 more");
  });
});

describe("profile usernames", () => {
  it("sanitises, cuts to 30 and asks for a name when nothing is left", () => {
    expect(validateProfileUsername(" DJ Max! ")).toEqual({ ok: true, username: "DJMax" });
    expect(validateProfileUsername("a".repeat(40))).toEqual({ ok: true, username: "a".repeat(30) });
    expect(validateProfileUsername("!!!")).toEqual({ ok: false, message: "Please enter a username" });
    expect(validateProfileUsername("ab")).toMatchObject({ ok: false, message: expect.stringContaining("at least 3 characters") });
    expect(usernameCheckQuerySchema.parse({ username: "Ana Lopez" })).toEqual({ username: "AnaLopez" });
  });
});

describe("website links", () => {
  it("accepts http and https, and gives a bare host https://", () => {
    expect(normalizeWebsiteUrl("mysite.com")).toEqual({ ok: true, url: "https://mysite.com/" });
    expect(normalizeWebsiteUrl(" http://beats.example/work?x=1 ")).toEqual({ ok: true, url: "http://beats.example/work?x=1" });
    expect(normalizeWebsiteUrl("studio.example:8080/rates")).toEqual({ ok: true, url: "https://studio.example:8080/rates" });
  });

  it("refuses other schemes, hosts without a dot, credentials and overlong addresses", () => {
    for (const bad of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,hi", "ftp://files.example", "localhost", "https://user:pw@evil.example", "http://"]) {
      expect(normalizeWebsiteUrl(bad), bad).toEqual({ ok: false, message: PROFILE_TEXTS.websiteInvalid });
    }
    expect(normalizeWebsiteUrl(`https://a.example/${"x".repeat(200)}`)).toEqual({ ok: false, message: PROFILE_TEXTS.websiteTooLong });
  });

  it("re-checks a stored value on read", () => {
    expect(safeWebsiteUrl("https://ok.example/")).toBe("https://ok.example/");
    expect(safeWebsiteUrl("javascript:alert(1)")).toBeNull();
    expect(safeWebsiteUrl("not a url")).toBeNull();
    expect(safeWebsiteUrl(null)).toBeNull();
  });
});

describe("profileUpdateSchema", () => {
  it("keeps absent fields absent and cleans the rest", () => {
    expect(profileUpdateSchema.parse({ bio: "  Mixing <b>nightly</b>  " })).toEqual({ bio: "Mixing <b>nightly</b>" });
    expect(
      profileUpdateSchema.parse({ username: " Ana Lopez ", websiteUrl: "ana.example", skills: "Mixing, mastering ,MIXING,, Vocal   production", profession: "" }),
    ).toEqual({ username: "AnaLopez", websiteUrl: "https://ana.example/", skills: ["Mixing", "mastering", "Vocal production"], profession: null });
    expect(profileUpdateSchema.parse({ bio: "", location: null, websiteUrl: "" })).toEqual({ bio: null, location: null, websiteUrl: null });
  });

  it("is idempotent: a parsed form is a valid body that parses to itself", () => {
    const once = profileUpdateSchema.parse({ username: "Ana Lopez", displayName: " Ana ", skills: "a, b", websiteUrl: "ana.example", profession: "DJ" });
    expect(profileUpdateSchema.parse(once)).toEqual(once);
  });

  it("answers the spec's limits and our messages", () => {
    expect(firstMessage(profileUpdateSchema.safeParse({ bio: "x".repeat(301) }))).toBe(PROFILE_TEXTS.bioTooLong);
    expect(profileUpdateSchema.safeParse({ bio: "x".repeat(300) }).success).toBe(true);
    expect(firstMessage(profileUpdateSchema.safeParse({ displayName: "x".repeat(51) }))).toBe(PROFILE_TEXTS.displayNameTooLong);
    expect(firstMessage(profileUpdateSchema.safeParse({ username: "***" }))).toBe("Please enter a username");
    expect(firstMessage(profileUpdateSchema.safeParse({ profession: "p".repeat(61) }))).toBe(PROFILE_TEXTS.professionInvalid);
    expect(firstMessage(profileUpdateSchema.safeParse({ websiteUrl: "javascript:alert(1)" }))).toBe(PROFILE_TEXTS.websiteInvalid);
    expect(firstMessage(profileUpdateSchema.safeParse({ skills: ["x".repeat(41)] }))).toBe(PROFILE_TEXTS.skillTooLong);
    expect(firstMessage(profileUpdateSchema.safeParse({ skills: Array.from({ length: 21 }, (_, i) => `skill${i}`) }))).toBe(PROFILE_TEXTS.tooManySkills);
    expect(firstMessage(profileUpdateSchema.safeParse({}))).toBe(PROFILE_TEXTS.nothingToUpdate);
  });
});

describe("field schemas (each form field validates on its own)", () => {
  it("clean and bound each field as the whole-body schemas do", () => {
    expect(profileUsernameSchema.parse(" dj.max-2 ")).toBe("dj.max-2");
    expect(displayNameSchema.parse("  Ana  ")).toBe("Ana");
    expect(bioSchema.parse("")).toBeNull();
    expect(locationSchema.parse(" Lisbon ")).toBe("Lisbon");
    expect(websiteUrlSchema.parse(null)).toBeNull();
    expect(skillsSchema.parse(["Jazz", " jazz ", "Soul"])).toEqual(["Jazz", "Soul"]);
    expect(phoneSchema.parse("")).toBeNull();
    expect(yearsExperienceSchema.parse(undefined)).toBeNull();
    expect(hourlyRateCentsSchema.parse(0)).toBe(0);
    expect(hourlyRateCentsSchema.safeParse(10_000_001).success).toBe(false);
  });

  it("lets an edit store a listed profession, or keep the one the profile has", () => {
    const listed: Profession = "Sound Designer";
    expect(PROFESSIONS).toHaveLength(10);
    expect(isAllowedProfession(listed, null)).toBe(true);
    expect(isAllowedProfession("Studio Owner", "Studio Owner")).toBe(true);
    expect(isAllowedProfession("Astronaut", "Studio Owner")).toBe(false);
  });

  it("types the bodies the SPA sends and the viewer flags it reads", () => {
    const edit: ProfileUpdateInput = { username: "ana", skills: "a, b", profession: "" };
    const onboarding: OnboardingInput = { firstName: "A", lastName: "B", profession: "DJ", hourlyRateCents: 100 };
    const viewer: ProfileViewer = { isSelf: false, following: true };
    expect(profileUpdateSchema.safeParse(edit).success).toBe(true);
    expect(onboardingSchema.safeParse(onboarding).success).toBe(true);
    expect(viewer.following).toBe(true);
  });
});

describe("onboardingSchema", () => {
  it("requires first and last name and a profession", () => {
    expect(firstMessage(onboardingSchema.safeParse({ lastName: "L", profession: "DJ" }))).toBe(PROFILE_TEXTS.firstNameRequired);
    expect(firstMessage(onboardingSchema.safeParse({ firstName: "A", lastName: " ", profession: "DJ" }))).toBe(PROFILE_TEXTS.lastNameRequired);
    expect(firstMessage(onboardingSchema.safeParse({ firstName: "A", lastName: "L" }))).toBe(PROFILE_TEXTS.professionRequired);
    expect(firstMessage(onboardingSchema.safeParse({ firstName: "A", lastName: "L", profession: "" }))).toBe(PROFILE_TEXTS.professionRequired);
  });

  it("checks the optional answers", () => {
    const base = { firstName: "Ana", lastName: "Lopez", profession: "Singer" };
    expect(onboardingSchema.parse({ ...base, phone: " +1 (555) 010-0199 ", yearsExperience: 7, hourlyRateCents: 4550, specialties: "Jazz, Soul" })).toEqual({
      ...base,
      phone: "+1 (555) 010-0199",
      yearsExperience: 7,
      hourlyRateCents: 4550,
      specialties: ["Jazz", "Soul"],
    });
    // Absent answers stay absent (the profile keeps them); empty ones clear.
    expect(onboardingSchema.parse({ ...base, bio: "", location: null, specialties: null })).toEqual({ ...base, bio: null, location: null, specialties: [] });
    expect(firstMessage(onboardingSchema.safeParse({ ...base, phone: "call me" }))).toBe(PROFILE_TEXTS.phoneInvalid);
    expect(firstMessage(onboardingSchema.safeParse({ ...base, phone: "12" }))).toBe(PROFILE_TEXTS.phoneInvalid);
    expect(firstMessage(onboardingSchema.safeParse({ ...base, yearsExperience: 2.5 }))).toBe(PROFILE_TEXTS.yearsExperienceInvalid);
    expect(firstMessage(onboardingSchema.safeParse({ ...base, yearsExperience: 81 }))).toBe(PROFILE_TEXTS.yearsExperienceInvalid);
    expect(firstMessage(onboardingSchema.safeParse({ ...base, hourlyRateCents: 45.5 }))).toBe(PROFILE_TEXTS.hourlyRateInvalid);
    expect(firstMessage(onboardingSchema.safeParse({ ...base, hourlyRateCents: -1 }))).toBe(PROFILE_TEXTS.hourlyRateInvalid);
  });
});

describe("prices (§9)", () => {
  it("formats cents", () => {
    expect(formatCents(4500)).toBe("$45");
    expect(formatCents(4550)).toBe("$45.50");
    expect(formatCents(125_000)).toBe("$1,250");
    expect(formatCents(5)).toBe("$0.05");
  });

  it("parses what people type into cents", () => {
    expect(parseDollarsToCents("45")).toBe(4500);
    expect(parseDollarsToCents("45.5")).toBe(4550);
    expect(parseDollarsToCents("$1,250.00")).toBe(125_000);
    expect(parseDollarsToCents(19.99)).toBe(1999);
    expect(parseDollarsToCents("1.234")).toBeNull();
    expect(parseDollarsToCents("-3")).toBeNull();
    expect(parseDollarsToCents("ten")).toBeNull();
  });

  it("writes the service price line for public pages and the owner list", () => {
    expect(formatServicePrice({ pricingModel: "hourly", priceCents: 4500, packagePriceCents: null }, "public")).toBe("$45/hour");
    expect(formatServicePrice({ pricingModel: "per_session", priceCents: 12_000, packagePriceCents: null }, "public")).toBe("$120/session");
    expect(formatServicePrice({ pricingModel: "package", priceCents: null, packagePriceCents: 30_000 }, "public")).toBe("Starting at $300");
    expect(formatServicePrice({ pricingModel: "package", priceCents: null, packagePriceCents: 30_000 }, "owner")).toBe("Package pricing");
    expect(formatServicePrice({ pricingModel: "package", priceCents: null, packagePriceCents: null }, "public")).toBe("Contact for pricing");
    expect(formatServicePrice({ pricingModel: "hourly", priceCents: null, packagePriceCents: null }, "public")).toBe("Contact for pricing");
  });
});
