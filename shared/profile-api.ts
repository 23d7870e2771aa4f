// The profiles contract shared by the Worker and the SPA (spec marketplace-messaging-account §2
// Dashboard, Profile creation, Profile editing, Public profile; §3 profile; §5 avatar and profile;
// §6; §7 Profile, Profile update, Username check, Follows, User posts; §8; §9). Request schemas
// validate the forms in the SPA and the bodies in the Worker; messages come from
// shared/messages.ts (PROFILE_TEXTS, PRICE_TEXTS); nothing here retypes them.
//
// Routes (JSON unless said otherwise; every failure is the error envelope of shared/errors.ts;
// where the spec gives a toast title as well, the envelope's `details` is `{ title }`):
//
// Public, open to visitors:
//   GET   /api/users/:userId                 → PublicProfile. 404 'Profile not found'.
//                                              `viewer` is null for visitors. Never has email or phone.
//   POST  /api/users/:userId/visits          → 204 always (like post views). A signed-in viewer other
//                                              than the owner records one `profile_visit` interaction;
//                                              repeats within PROFILE_VISIT_WINDOW_MS are not recorded
//                                              again, and each viewer has a bounded number of rows.
//                                              The SPA calls it once when a profile screen opens.
//   GET   /api/users/:userId/posts           → PostPage (shared/posts-api.ts), ?cursor=&limit=, newest
//                                              first. Now open to visitors (viewer flags false), so
//                                              the public profile's Posts tab works signed out.
//   GET   /api/users/:userId/services        → ServiceCardPage, ?cursor=&limit=, newest first.
//   GET   /api/users/:userId/products        → ProductCardPage, ?cursor=&limit=, newest first.
//   (GET/PUT /api/users/:userId/follow are unchanged: shared/social-api.ts FollowState.)
//
// The signed-in user's own profile (401 'Authentication required' for visitors; the owner is
// always the session's user, never an id from the request):
//   GET   /api/profile                       → OwnProfile (with email and phone: owner only).
//   PATCH /api/profile                       body ProfileUpdateInput → OwnProfile.
//                                              400 validation message; 409 'This username is already
//                                              in use' (title PROFILE_TEXTS.usernameTaken.title).
//                                              Profession: one of PROFESSIONS, or the profile's
//                                              current one kept (isAllowedProfession).
//   GET   /api/profile/username-check?username=  → UsernameCheck (sanitised name, free or not
//                                              among other users; 400 with the rule's message).
//   POST  /api/profile/avatar                raw image bytes as the body (Content-Type: the file's
//                                              type; at most AVATAR_MAX_BYTES) → OwnProfile.
//                                              415 'Please select an image file' (magic bytes decide),
//                                              413 'Please select an image under 5MB',
//                                              400 (no Content-Length) / 503 (storage) 'Failed to
//                                              upload profile picture', 429 'Upload Limit Reached'.
//                                              The old avatar object is removed.
//   PUT   /api/profile/onboarding            body OnboardingInput (/create-profile) → OwnProfile.
//                                              An absent optional answer keeps the stored value.
//   POST  /api/profile/onboarding/skip       no body → OwnProfile (needsOnboarding false from now on).
//   GET   /api/profile/dashboard             → Dashboard: profile, 5 latest posts, 3 services,
//                                              3 products and totals, in one request. The Bookmarks
//                                              tab reads GET /api/bookmarks (unchanged).
//
// The session answer (GET /api/auth/session, and sign-in/refresh) gains `user.needsOnboarding`:
// true while the profile has no profession and onboarding was neither saved nor skipped, so the
// SPA sends a newly confirmed account to /create-profile after its first sign-in.
//
// Link previews (not API): navigations to /profile/{id} and /post/{id} get the SPA's index.html
// with Open Graph and Twitter card tags (worker/routes/link-previews.ts).
import { z } from "zod";
import { MB, PROFESSIONS, PROFILE_LIMITS, TEXT_LIMITS } from "./constants";
import { PROFILE_TEXTS } from "./messages";
import type { Post } from "./posts-api";
import { cleanText } from "./rules/sanitize";
import { validateProfileUsername } from "./rules/username";
import { normalizeWebsiteUrl } from "./rules/website";
import { byRule, cleanedText, optionalCleanedText } from "./schemas/common";
import type { ProductCard, ServiceCard } from "./catalogue";
import type { Page } from "./paging";

/** The avatar limit of §5 and §9, in bytes. */
export const AVATAR_MAX_BYTES = PROFILE_LIMITS.avatarMaxMb * MB;
/** Repeat visits by one viewer to one profile inside this window are one visit. */
export const PROFILE_VISIT_WINDOW_MS = 30 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Fields. Each is used by the edit form, the onboarding form and the Worker alike; every
// transform is idempotent, so a form's parsed output is itself a valid request body.

/** Sanitised (letters, digits, . _ -; cut to 30), then 'Please enter a username' or the 3-character rule. */
export const profileUsernameSchema = z
  .string({ error: PROFILE_TEXTS.usernameRequired.description })
  .max(TEXT_LIMITS.usernameMax * 8, PROFILE_TEXTS.usernameRequired.description)
  .transform(byRule(validateProfileUsername, (accepted) => accepted.username));

/** Cleaned, at most 50. Empty means "no display name": the username is shown (and stored) instead. */
export const displayNameSchema = cleanedText(TEXT_LIMITS.displayNameMax, PROFILE_TEXTS.displayNameTooLong);

export const bioSchema = optionalCleanedText(TEXT_LIMITS.bio, PROFILE_TEXTS.bioTooLong);
export const locationSchema = optionalCleanedText(TEXT_LIMITS.location, PROFILE_TEXTS.locationTooLong);

/**
 * The edit form's profession: cleaned text, empty or null clearing it. Which values may be stored
 * is `isAllowedProfession`, which needs the stored profile, so the Worker applies it after this.
 */
const professionSchema = z
  .string({ error: PROFILE_TEXTS.professionInvalid })
  .max(TEXT_LIMITS.profession * 4, PROFILE_TEXTS.professionInvalid)
  .transform(cleanText)
  .pipe(z.string().max(TEXT_LIMITS.profession, PROFILE_TEXTS.professionInvalid))
  .nullable()
  .transform((v) => v || null);

/**
 * A profession an edit may store: one of the spec's list (first document §4), or the one the
 * profile already has, so a studio owner or a coach whose title is not on the list can still save
 * the rest of their profile without being made to pick another.
 */
export function isAllowedProfession(value: string, current: string | null): boolean {
  return (PROFESSIONS as readonly string[]).includes(value) || value === current;
}

/** http(s) only; a bare host gets https://. Empty or null clears it. */
export const websiteUrlSchema = z
  .string({ error: PROFILE_TEXTS.websiteInvalid })
  .max(TEXT_LIMITS.websiteUrl * 4, PROFILE_TEXTS.websiteTooLong)
  .transform((raw, ctx) => {
    if (raw.trim() === "") return null;
    const result = normalizeWebsiteUrl(raw);
    if (!result.ok) {
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    }
    return result.url;
  })
  .nullish()
  .transform((v) => v ?? null);

/**
 * Skills (and onboarding's specialties) as the form holds them, comma-separated text, or as a
 * list; the output is the cleaned list without empty entries or case-insensitive repeats.
 */
export const skillsSchema = z
  .union([
    z.string().max(PROFILE_LIMITS.skillsMax * (TEXT_LIMITS.skill + 2), PROFILE_TEXTS.tooManySkills),
    z.array(z.string().max(TEXT_LIMITS.skill * 4, PROFILE_TEXTS.skillTooLong)).max(PROFILE_LIMITS.skillsMax * 2, PROFILE_TEXTS.tooManySkills),
  ])
  .transform((value, ctx) => {
    const seen = new Set<string>();
    const skills: string[] = [];
    for (const piece of Array.isArray(value) ? value : value.split(",")) {
      const skill = cleanSkill(piece);
      if (skill === "" || seen.has(skill.toLowerCase())) continue;
      if (skill.length > TEXT_LIMITS.skill) {
        ctx.addIssue({ code: "custom", message: PROFILE_TEXTS.skillTooLong });
        return z.NEVER;
      }
      seen.add(skill.toLowerCase());
      skills.push(skill);
    }
    if (skills.length > PROFILE_LIMITS.skillsMax) {
      ctx.addIssue({ code: "custom", message: PROFILE_TEXTS.tooManySkills });
      return z.NEVER;
    }
    return skills;
  });

// A skill is one line of plain text: commas separate skills, so none survives inside one.
function cleanSkill(text: string): string {
  return cleanText(text.replace(/[\n,]+/g, " ")).replace(/\s+/g, " ");
}

/** Private: digits with the usual separators, 5 to 30 characters. Empty clears it. */
export const phoneSchema = z
  .string({ error: PROFILE_TEXTS.phoneInvalid })
  .max(TEXT_LIMITS.phone * 4, PROFILE_TEXTS.phoneInvalid)
  .transform((raw, ctx) => {
    const phone = raw.trim().replace(/\s+/g, " ");
    if (phone === "") return null;
    if (phone.length > TEXT_LIMITS.phone || !/^\+?[\d\s().-]+$/.test(phone) || phone.replace(/\D/g, "").length < 5) {
      ctx.addIssue({ code: "custom", message: PROFILE_TEXTS.phoneInvalid });
      return z.NEVER;
    }
    return phone;
  })
  .nullish()
  .transform((v) => v ?? null);

export const yearsExperienceSchema = z
  .int({ error: PROFILE_TEXTS.yearsExperienceInvalid })
  .min(0, PROFILE_TEXTS.yearsExperienceInvalid)
  .max(PROFILE_LIMITS.yearsExperienceMax, PROFILE_TEXTS.yearsExperienceInvalid)
  .nullish()
  .transform((v) => v ?? null);

/** Integer cents (the form turns typed dollars into cents with shared/rules/price.ts parseDollarsToCents). */
export const hourlyRateCentsSchema = z
  .int({ error: PROFILE_TEXTS.hourlyRateInvalid })
  .min(0, PROFILE_TEXTS.hourlyRateInvalid)
  .max(PROFILE_LIMITS.hourlyRateMaxCents, PROFILE_TEXTS.hourlyRateInvalid)
  .nullish()
  .transform((v) => v ?? null);

const personNameSchema = (required: string) => cleanedText(TEXT_LIMITS.personName, PROFILE_TEXTS.nameTooLong, required);

// ---------------------------------------------------------------------------------------------
// Request bodies

/**
 * PATCH /api/profile (/edit-profile). Every field is optional: one that is absent keeps its
 * value, one that is empty or null clears it (username and display name excepted: the username
 * cannot be cleared, and an empty display name shows the username). At least one field.
 */
export const profileUpdateSchema = z
  .object({
    username: profileUsernameSchema.optional(),
    displayName: displayNameSchema.optional(),
    bio: bioSchema.optional(),
    profession: professionSchema.optional(),
    location: locationSchema.optional(),
    websiteUrl: websiteUrlSchema.optional(),
    skills: skillsSchema.optional(),
  })
  .refine((v) => Object.values(v).some((field) => field !== undefined), PROFILE_TEXTS.nothingToUpdate);
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/**
 * PUT /api/profile/onboarding (/create-profile). First and last name become the display name
 * ("First Last", cut to 50), specialties become skills. An optional answer that is absent keeps
 * what the profile has; one that is empty or null clears it. The email shown on the form is the
 * account's and is not sent. The profile picture uses POST /api/profile/avatar.
 */
export const onboardingSchema = z.object({
  firstName: personNameSchema(PROFILE_TEXTS.firstNameRequired),
  lastName: personNameSchema(PROFILE_TEXTS.lastNameRequired),
  profession: z.enum(PROFESSIONS, {
    error: (issue) => (issue.input === undefined || issue.input === null || issue.input === "" ? PROFILE_TEXTS.professionRequired : PROFILE_TEXTS.professionInvalid),
  }),
  phone: phoneSchema.optional(),
  location: locationSchema.optional(),
  yearsExperience: yearsExperienceSchema.optional(),
  hourlyRateCents: hourlyRateCentsSchema.optional(),
  specialties: skillsSchema.nullish().transform((v) => (v === null ? [] : v)),
  bio: bioSchema.optional(),
});
export type OnboardingInput = z.input<typeof onboardingSchema>;

/** GET /api/profile/username-check?username= */
export const usernameCheckQuerySchema = z.object({ username: profileUsernameSchema });

// ---------------------------------------------------------------------------------------------
// Responses

export interface ProfileViewer {
  /** The signed-in viewer is this profile's owner: Follow and Contact are hidden. */
  isSelf: boolean;
  following: boolean;
}

/** What anyone may see (§2 Public profile). No email, no phone, ever. */
export interface PublicProfile {
  userId: string;
  username: string;
  /** Never empty: the username when no display name was chosen. */
  displayName: string;
  /** `/media/avatars/…`, or null for the initials fallback. */
  avatarUrl: string | null;
  verified: boolean;
  profession: string | null;
  bio: string | null;
  location: string | null;
  /** http(s) only, re-checked on every read; null when absent or unsafe. */
  websiteUrl: string | null;
  skills: string[];
  postCount: number;
  followerCount: number;
  followingCount: number;
  /** The account's creation time (ms since epoch): the "joined" date. */
  joinedAt: number;
  /** Null for visitors. */
  viewer: ProfileViewer | null;
}

/** The owner's own profile (GET /api/profile and every own-profile write). */
export interface OwnProfile extends Omit<PublicProfile, "viewer"> {
  email: string;
  phone: string | null;
  yearsExperience: number | null;
  hourlyRateCents: number | null;
  /** True until onboarding is saved or skipped, while the profile has no profession. */
  needsOnboarding: boolean;
}

export interface UsernameCheck {
  /** The name after sanitising, as it would be stored. */
  username: string;
  /** Free, or already this user's own. */
  available: boolean;
}

export type ServiceCardPage = Page<ServiceCard>;

export type ProductCardPage = Page<ProductCard>;

/** GET /api/profile/dashboard: everything the dashboard shows, in one answer. */
export interface Dashboard {
  profile: OwnProfile;
  /** The 5 latest posts (DASHBOARD_PREVIEWS.posts). */
  posts: Post[];
  /** The 3 newest services and products; 'View All' links to /services and /products. */
  services: ServiceCard[];
  products: ProductCard[];
  totals: { services: number; products: number; bookmarks: number };
}
