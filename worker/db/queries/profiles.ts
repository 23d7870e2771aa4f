// Profiles (spec marketplace-messaging-account §3 profile, §7 Profile, Profile update, Username
// check; social-feed-search §7 user_interactions). Plain functions of the request's Db. The public
// and the owner's shapes are built here from two separate selections, so a private column (email,
// phone) can only reach an answer through `getOwnProfile`, which only the owner's routes call.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { OwnProfile, PublicProfile } from "@shared/profile-api";
import { safeWebsiteUrl } from "@shared/rules/website";
import type { Db } from "../client";
import { interactionInsert } from "./interactions";
import { accountPresent } from "./visibility";
import { profiles, users } from "../schema";

/** What anyone may see: no email, no phone, no onboarding answers. */
const publicColumns = {
  userId: profiles.userId,
  username: profiles.username,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  verified: profiles.verified,
  profession: profiles.profession,
  bio: profiles.bio,
  location: profiles.location,
  websiteUrl: profiles.websiteUrl,
  skills: profiles.skills,
  postCount: profiles.postCount,
  followerCount: profiles.followerCount,
  followingCount: profiles.followingCount,
  joinedAt: profiles.createdAt,
};

type ProfileRow = typeof profiles.$inferSelect;
type PublicRow = Pick<ProfileRow, Exclude<keyof typeof publicColumns, "joinedAt">> & { joinedAt: number };

function toPublicFields(row: PublicRow): Omit<PublicProfile, "viewer"> {
  return {
    userId: row.userId,
    username: row.username,
    displayName: row.displayName || row.username,
    avatarUrl: row.avatarUrl,
    verified: Boolean(row.verified),
    profession: row.profession,
    bio: row.bio,
    location: row.location,
    // Re-checked on every read: a row written before the rule, or by hand, never yields an unsafe href.
    websiteUrl: safeWebsiteUrl(row.websiteUrl),
    skills: row.skills ?? [],
    postCount: row.postCount,
    followerCount: row.followerCount,
    followingCount: row.followingCount,
    joinedAt: row.joinedAt,
  };
}

/**
 * The public profile, with the signed-in viewer's relation to it (null for visitors). The follow
 * probe is a correlated EXISTS on follows_pair_unique, in the same statement.
 */
export async function getPublicProfile(db: Db, userId: string, viewerId: string | null): Promise<PublicProfile | null> {
  const following = viewerId
    ? sql<number>`exists(select 1 from follows f where f.follower_id = ${viewerId} and f.following_id = ${profiles.userId})`
    : sql<number>`0`;
  const [row] = await db
    .select({ ...publicColumns, viewerFollowing: following.as("viewer_following") })
    .from(profiles)
    // Moderation (decision record 0083): a suspended account's profile is missing to everyone else;
    // so is a deleted account's placeholder (0084).
    .where(and(eq(profiles.userId, userId), viewerId === userId ? undefined : accountPresent(profiles.userId)))
    .limit(1);
  if (!row) return null;
  return {
    ...toPublicFields(row),
    viewer: viewerId ? { isSelf: viewerId === row.userId, following: Boolean(row.viewerFollowing) } : null,
  };
}

/** True while onboarding was neither saved nor skipped and the profile has no profession. */
export function needsOnboarding(row: { onboardedAt: number | null; profession: string | null }): boolean {
  return row.onboardedAt === null && row.profession === null;
}

/** The owner's own profile, private fields included. Only the owner's routes may call this. */
export async function getOwnProfile(db: Db, userId: string): Promise<OwnProfile | null> {
  const [row] = await db
    .select({
      ...publicColumns,
      email: users.email,
      phone: profiles.phone,
      yearsExperience: profiles.yearsExperience,
      hourlyRateCents: profiles.hourlyRateCents,
      onboardedAt: profiles.onboardedAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) return null;
  return {
    ...toPublicFields(row),
    email: row.email,
    phone: row.phone,
    yearsExperience: row.yearsExperience,
    hourlyRateCents: row.hourlyRateCents,
    needsOnboarding: needsOnboarding(row),
  };
}

/** The columns an owner's edit may change, already validated and cleaned. */
export interface ProfileChanges {
  username?: string;
  displayName?: string;
  bio?: string | null;
  profession?: string | null;
  location?: string | null;
  websiteUrl?: string | null;
  skills?: string[];
}

/**
 * A change of the searched texts (username, display name, bio) changes the profile's rank class:
 * it is cleared with them and computed again by the search-tier job (decision record 0095).
 */
function searchTextChange(changes: { username?: unknown; displayName?: unknown; bio?: unknown }): { searchTier?: null } {
  return changes.username !== undefined || changes.displayName !== undefined || changes.bio !== undefined ? { searchTier: null } : {};
}

/**
 * Writes the owner's changes; false when the user has no profile. A username another user holds
 * fails on profiles_username_lower_unique (see isUsernameConflict in ./users), which the route
 * turns into 409, so two people racing for one name end with one winner and one refusal.
 */
export async function updateProfile(db: Db, userId: string, changes: ProfileChanges): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ ...changes, ...searchTextChange(changes) })
    .where(eq(profiles.userId, userId))
    .returning({ userId: profiles.userId });
  return rows.length > 0;
}

/** The /create-profile answers (an absent optional one keeps its value), saved with the time onboarding was done. */
export interface OnboardingAnswers {
  displayName: string;
  profession: string;
  phone?: string | null;
  location?: string | null;
  yearsExperience?: number | null;
  hourlyRateCents?: number | null;
  skills?: string[];
  bio?: string | null;
}

export async function saveOnboarding(db: Db, userId: string, answers: OnboardingAnswers, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ ...answers, ...searchTextChange(answers), onboardedAt: now })
    .where(eq(profiles.userId, userId))
    .returning({ userId: profiles.userId });
  return rows.length > 0;
}

/** Marks onboarding as skipped (a first skip only; a saved onboarding keeps its time). */
export async function skipOnboarding(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db
    .update(profiles)
    .set({ onboardedAt: now })
    .where(and(eq(profiles.userId, userId), isNull(profiles.onboardedAt)));
}

export async function getAvatarUrl(db: Db, userId: string): Promise<{ avatarUrl: string | null } | null> {
  const [row] = await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}

/**
 * Sets the avatar only if it is still `expected` (compare and set), so of two uploads racing,
 * each knows exactly which older object it replaced and no object is left behind unreferenced.
 */
export async function replaceAvatarUrl(db: Db, userId: string, expected: string | null, next: string): Promise<boolean> {
  const rows = await db
    .update(profiles)
    .set({ avatarUrl: next })
    .where(and(eq(profiles.userId, userId), expected === null ? isNull(profiles.avatarUrl) : eq(profiles.avatarUrl, expected)))
    .returning({ userId: profiles.userId });
  return rows.length > 0;
}

/**
 * The insert of one profile_visit of `targetId` by `viewerId` (recordInteraction's statement,
 * worker/db/queries/interactions.ts): it selects from profiles, so an unknown target writes
 * nothing, and only when the same viewer has not visited within `windowMs` (a range probe on the
 * viewer's (user_id, created_at) index). Exported (as SQL) for the query-plan tests.
 */
export function profileVisitInsert(_db: Db, input: { viewerId: string; targetId: string; windowMs: number; now: number }) {
  return interactionInsert({
    userId: input.viewerId,
    interactionType: "profile_visit",
    targetUserId: input.targetId,
    now: input.now,
    repeatWindowMs: input.windowMs,
  });
}
