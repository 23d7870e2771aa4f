// Accounts: the users row and the profile created with it (spec social-feed-search §3/§7 auth
// and profiles). The decisions around them (what a repeated sign-up may change, how Google
// links to an address) are the auth routes'; these functions only read and write the rows.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../client";
import { profiles, users } from "../schema";
import { needsOnboarding } from "./profiles";

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row ?? null;
}

export async function getUser(db: Db, userId: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/** The account linked to a Google identity (users_google_sub_unique), or null. */
export async function findUserIdByGoogleSub(db: Db, googleSub: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.googleSub, googleSub)).limit(1);
  return row?.id ?? null;
}

/** Case-insensitive, through the lower(username) unique index. */
export async function usernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: profiles.userId })
    .from(profiles)
    .where(sql`lower(${profiles.username}) = lower(${username})`)
    .limit(1);
  return Boolean(row && row.userId !== exceptUserId);
}

/** True when a failed statement was the unique index on lower(username). */
export function isUsernameConflict(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /UNIQUE constraint failed: index 'profiles_username_lower_unique'|profiles\.username|profiles_username_lower_unique/i.test(text);
}

/** True when a failed statement was the unique index on users.email. */
export function isEmailConflict(error: unknown): boolean {
  const text = `${String(error)} ${String((error as { cause?: unknown })?.cause ?? "")}`;
  return /UNIQUE constraint failed: users\.email|users_email_unique/i.test(text);
}

export interface NewAccount {
  id: string;
  email: string;
  username: string;
  displayName: string;
  passwordHash?: string | null;
  emailVerifiedAt?: number | null;
  googleSub?: string | null;
}

/** The users row and its profile, in one atomic batch; a taken email or username fails both. */
export async function createAccount(db: Db, account: NewAccount): Promise<void> {
  await db.batch([
    db.insert(users).values({
      id: account.id,
      email: account.email,
      passwordHash: account.passwordHash ?? null,
      emailVerifiedAt: account.emailVerifiedAt ?? null,
      googleSub: account.googleSub ?? null,
    }),
    db.insert(profiles).values({ userId: account.id, username: account.username, displayName: account.displayName }),
  ]);
}

/** Marks the address confirmed; an already confirmed one keeps its first confirmation time. */
export async function markEmailVerified(db: Db, userId: string, now = Date.now()): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
}

/** Replaces the stored password hash (and, when given, sets the confirmation time with it). */
export async function setPasswordHash(db: Db, userId: string, passwordHash: string, emailVerifiedAt?: number): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash, ...(emailVerifiedAt !== undefined ? { emailVerifiedAt } : {}) })
    .where(eq(users.id, userId));
}

/** Links a Google identity to an account, with the confirmation time and password it keeps. */
export async function linkGoogleAccount(
  db: Db,
  userId: string,
  link: { googleSub: string; emailVerifiedAt: number; passwordHash: string | null },
): Promise<void> {
  await db.update(users).set(link).where(eq(users.id, userId));
}

/**
 * What sign-in, refresh and GET /session answer: the account's id and email, whether the SPA
 * should offer onboarding (/create-profile), and its profile. Only ever sent to the account's own
 * session.
 */
export async function loadAccount(db: Db, userId: string) {
  const [row] = await db.select({ id: users.id, email: users.email, role: users.role }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return {
    // isModerator only shows the SPA the /moderation link; the routes check the role themselves.
    user: { id: row.id, email: row.email, needsOnboarding: profile ? needsOnboarding(profile) : false, isModerator: row.role === "moderator" },
    profile: profile ?? null,
  };
}
