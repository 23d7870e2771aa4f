// The one user factory and the one way to sign in: a user row (confirmed, with a known password and
// a profile unless told otherwise), and POST /api/auth/sign-in for the cookies a browser would hold.
import { env } from "cloudflare:test";
import { newId } from "../../../worker/db/ids";
import { profiles, users } from "../../../worker/db/schema";
import { hashPassword } from "../../../worker/services/auth/passwords";
import { db, insertPost, unique } from "./db";
import { api, cookieHeader, setCookies } from "./request";

/** A password that passes every sign-up rule. */
export const DEFAULT_PASSWORD = "Tuning-Fork-42!";

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string;
  displayName: string;
}

export interface UserOverrides {
  email?: string;
  password?: string;
  username?: string;
  displayName?: string;
  bio?: string | null;
  /** The profile's verified badge (default false). */
  verified?: boolean;
  /** Email confirmed (default true). */
  confirmed?: boolean;
  /** Store this exact string instead of hashing `password` (e.g. a legacy hash, or null for none). */
  passwordHash?: string | null;
  /** Create the profile row (default true). */
  profile?: boolean;
}

/** Inserts a user (confirmed by default) with a known password and a profile. */
export async function createUser(overrides: UserOverrides = {}): Promise<TestUser> {
  const id = newId();
  const name = unique("user");
  const user: TestUser = {
    id,
    email: (overrides.email ?? `${name}@example.test`).toLowerCase(),
    password: overrides.password ?? DEFAULT_PASSWORD,
    username: overrides.username ?? name,
    displayName: overrides.displayName ?? `User ${name}`,
  };
  const passwordHash = overrides.passwordHash !== undefined ? overrides.passwordHash : await hashPassword(env, user.password);
  await db()
    .insert(users)
    .values({ id, email: user.email, passwordHash, emailVerifiedAt: overrides.confirmed === false ? null : Date.now() });
  if (overrides.profile !== false) {
    await db()
      .insert(profiles)
      .values({
        userId: id,
        username: user.username,
        displayName: user.displayName,
        bio: overrides.bio ?? null,
        verified: overrides.verified ?? false,
      });
  }
  return user;
}

export interface SignedIn {
  userId: string;
  /** Cookie header with both bl_access and bl_refresh. */
  cookie: string;
  access: string;
  refresh: string;
  res: Response;
}

/** Signs in through POST /api/auth/sign-in and returns the cookies; fails the test if refused. */
export async function signIn(email: string, password: string, options: { ip?: string } = {}): Promise<SignedIn> {
  const res = await api("/api/auth/sign-in", { body: { email, password }, ...(options.ip ? { ip: options.ip } : {}) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = setCookies(res);
  const body = (await res.clone().json()) as { user: { id: string } };
  return {
    userId: body.user.id,
    access: cookies.bl_access!,
    refresh: cookies.bl_refresh!,
    cookie: cookieHeader({ bl_access: cookies.bl_access, bl_refresh: cookies.bl_refresh }),
    res,
  };
}

export type SignedInUser = TestUser & SignedIn;

/** A user, signed in: the one-liner most route tests start with. */
export async function signedInUser(overrides: UserOverrides = {}): Promise<SignedInUser> {
  const user = await createUser(overrides);
  return { ...user, ...(await signIn(user.email, user.password)) };
}

/** A signed-in user who owns one post. */
export async function signedInUserWithPost(overrides: UserOverrides = {}): Promise<SignedInUser & { postId: string }> {
  const user = await signedInUser(overrides);
  return { ...user, postId: await insertPost(user.id) };
}
