// Spec marketplace-messaging-account §2 Dashboard, Profile creation, Profile editing and Public
// profile; §5 avatar and profile rules; §6 (a user manages only their own profile; visitors may
// view profiles); §7 Profile, Profile update, Username check; §8 'Profile not found', 'Username
// taken'. DESIGN.md: profile creation saves; the owner is always the session's user. The contract
// (paths and shapes) is written at the top of shared/profile-api.ts.
import { Hono } from "hono";
import { DASHBOARD_PREVIEWS, TEXT_LIMITS } from "@shared/constants";
import { PROFILE_TEXTS } from "@shared/messages";
import { pageQuerySchema } from "@shared/schemas/paging";
import {
  isAllowedProfession,
  onboardingSchema,
  PROFILE_VISIT_WINDOW_MS,
  profileUpdateSchema,
  usernameCheckQuerySchema,
  type Dashboard,
  type OwnProfile,
  type ProductCardPage,
  type ServiceCardPage,
  type UsernameCheck,
} from "@shared/profile-api";
import type { Db } from "../db/client";
import { listUserPosts } from "../db/queries/posts";
import {
  getOwnProfile,
  getPublicProfile,
  saveOnboarding,
  skipOnboarding,
  updateProfile,
  type ProfileChanges,
} from "../db/queries/profiles";
import { isBlockedBetween } from "../db/queries/audience";
import { recordInteraction } from "../db/queries/interactions";
import { listSellerProducts, listSellerServices, ownerTotals } from "../db/queries/seller-items";
import { isUsernameConflict, usernameTaken } from "../db/queries/users";
import type { AppEnv } from "../env";
import { purgeSharedPages } from "./shared-pages";
import { ApiError } from "../lib/errors";
import { paramOr, userParam, userParamSchema } from "../lib/params";
import { validate } from "../lib/validator";
import { requireUser, signedIn, viewerId } from "../middleware/session";
import { replaceAvatar } from "../services/media/avatars";
import { parseContentLength } from "../services/media/multipart";
import { consume, limitUser, rateSubject } from "../services/rate-limit";

const profileNotFound = () => new ApiError("not_found", PROFILE_TEXTS.notFound);
const usernameTakenError = () =>
  new ApiError("conflict", PROFILE_TEXTS.usernameTaken.description, { title: PROFILE_TEXTS.usernameTaken.title });

/** The fields a request gave: an absent one keeps the stored value (null, given, clears it). */
function definedOnly<Fields extends object>(fields: Fields): { [K in keyof Fields]?: Exclude<Fields[K], undefined> } {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as { [K in keyof Fields]?: Exclude<Fields[K], undefined> };
}

async function ownProfileOr404(db: Db, userId: string): Promise<OwnProfile> {
  const profile = await getOwnProfile(db, userId);
  if (!profile) throw profileNotFound();
  return profile;
}

/** Mounted at /profile: the signed-in user's own profile. Every handler starts with the guard. */
export const profileRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const { userId } = requireUser(c);
    c.header("Cache-Control", "no-store");
    return c.json(await ownProfileOr404(c.var.db, userId), 200);
  })
  .patch("/", signedIn, validate("json", profileUpdateSchema), async (c) => {
    const { userId } = requireUser(c);
    const body = c.req.valid("json");
    const db = c.var.db;
    const current = await ownProfileOr404(db, userId);
    await limitUser(c.var.ctx, "profile_write", userId);
    if (body.username !== undefined && body.username !== current.username) await limitUser(c.var.ctx, "username_change", userId);
    if (body.profession && !isAllowedProfession(body.profession, current.profession)) {
      throw new ApiError("validation_failed", PROFILE_TEXTS.professionInvalid);
    }
    // The friendly check first; the unique index below is what decides a race.
    if (body.username !== undefined && (await usernameTaken(db, body.username, userId))) throw usernameTakenError();
    const changes: ProfileChanges = definedOnly(body);
    // An empty display name shows the username (§2 "display name or username").
    if (body.displayName !== undefined) changes.displayName = body.displayName || (body.username ?? current.username);
    try {
      await updateProfile(db, userId, changes);
    } catch (error) {
      if (isUsernameConflict(error)) throw usernameTakenError();
      throw error;
    }
    // The public profile page shows the change at once (decision record 0097); pages that only
    // name the person (their posts, services, products) catch up within the cache's TTL.
    await purgeSharedPages(c, [{ kind: "profile", id: userId }]);
    return c.json(await ownProfileOr404(db, userId), 200);
  })
  .get("/username-check", signedIn, validate("query", usernameCheckQuerySchema), async (c) => {
    const { userId } = requireUser(c);
    const { username } = c.req.valid("query");
    const answer: UsernameCheck = { username, available: !(await usernameTaken(c.var.db, username, userId)) };
    return c.json(answer, 200);
  })
  .post("/avatar", async (c) => {
    const { userId } = requireUser(c);
    await limitUser(c.var.ctx, "avatar_upload", userId);
    await replaceAvatar(c.env.MEDIA, c.var.db, c.var.log, userId, {
      body: c.req.raw.body,
      contentLength: parseContentLength(c.req.header("content-length")),
    });
    await purgeSharedPages(c, [{ kind: "profile", id: userId }]);
    return c.json(await ownProfileOr404(c.var.db, userId), 200);
  })
  .put("/onboarding", signedIn, validate("json", onboardingSchema), async (c) => {
    const { userId } = requireUser(c);
    const body = c.req.valid("json");
    const { firstName, lastName, profession, specialties, ...answers } = body;
    const saved = await saveOnboarding(c.var.db, userId, {
      ...definedOnly(answers),
      profession,
      // "First Last" becomes the display name, within its 50 characters; specialties become skills.
      displayName: `${firstName} ${lastName}`.slice(0, TEXT_LIMITS.displayNameMax).trim(),
      ...(specialties !== undefined ? { skills: specialties } : {}),
    });
    if (!saved) throw profileNotFound();
    await purgeSharedPages(c, [{ kind: "profile", id: userId }]);
    return c.json(await ownProfileOr404(c.var.db, userId), 200);
  })
  .post("/onboarding/skip", async (c) => {
    const { userId } = requireUser(c);
    await skipOnboarding(c.var.db, userId);
    return c.json(await ownProfileOr404(c.var.db, userId), 200);
  })
  .get("/dashboard", async (c) => {
    const { userId } = requireUser(c);
    const db = c.var.db;
    c.header("Cache-Control", "no-store");
    const profile = await ownProfileOr404(db, userId);
    const [posts, services, products, totals] = await Promise.all([
      listUserPosts(db, { userId, limit: DASHBOARD_PREVIEWS.posts, viewerId: userId }),
      listSellerServices(db, { userId, limit: DASHBOARD_PREVIEWS.services }),
      listSellerProducts(db, { userId, limit: DASHBOARD_PREVIEWS.products }),
      ownerTotals(db, userId),
    ]);
    const dashboard: Dashboard = { profile, posts: posts.items, services: services.items, products: products.items, totals };
    return c.json(dashboard, 200);
  });

const EMPTY_SERVICES: ServiceCardPage = { items: [], nextCursor: null };
const EMPTY_PRODUCTS: ProductCardPage = { items: [], nextCursor: null };

/** Mounted at /users: the public profile and its tabs, open to visitors (§1, §6). */
export const userProfileRoutes = new Hono<AppEnv>()
  .get("/:userId", userParam, async (c) => {
    const target = c.req.valid("param").userId;
    const viewer = viewerId(c);
    // Across a block the profile answers as missing, to both sides (decision record 0082).
    const [profile, blocked] = await Promise.all([getPublicProfile(c.var.db, target, viewer), isBlockedBetween(c.var.db, viewer, target)]);
    if (!profile || blocked) throw profileNotFound();
    return c.json(profile, 200);
  })
  // Like post views: recording a visit never fails the client, and an id that cannot name a
  // profile is simply not recorded. Visitors are not recorded (an interaction belongs to a user).
  .post("/:userId/visits", paramOr(userParamSchema, (c) => c.body(null, 204)), async (c) => {
    const viewer = viewerId(c);
    const targetId = c.req.valid("param").userId;
    if (viewer === null || viewer === targetId) return c.body(null, 204);
    try {
      const { allowed } = await consume(c.env, "profile_visit", rateSubject("user", viewer));
      if (allowed) {
        await recordInteraction(c.var.db, {
          userId: viewer,
          interactionType: "profile_visit",
          targetUserId: targetId,
          now: c.var.ctx.now,
          repeatWindowMs: PROFILE_VISIT_WINDOW_MS,
        });
      }
      else c.var.log.warn("profile visit over the viewer's limit, not recorded");
    } catch (error) {
      c.var.log.warn("profile visit not recorded", { error });
    }
    return c.body(null, 204);
  })
  // A user who does not exist has no services or products: the same answer as one with none.
  .get("/:userId/services", paramOr(userParamSchema, (c) => c.json(EMPTY_SERVICES, 200)), validate("query", pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const seller = c.req.valid("param").userId;
    if (await isBlockedBetween(c.var.db, viewerId(c), seller)) return c.json(EMPTY_SERVICES, 200);
    return c.json(await listSellerServices(c.var.db, { userId: seller, cursor, limit }), 200);
  })
  .get("/:userId/products", paramOr(userParamSchema, (c) => c.json(EMPTY_PRODUCTS, 200)), validate("query", pageQuerySchema), async (c) => {
    const { cursor, limit } = c.req.valid("query");
    const seller = c.req.valid("param").userId;
    if (await isBlockedBetween(c.var.db, viewerId(c), seller)) return c.json(EMPTY_PRODUCTS, 200);
    return c.json(await listSellerProducts(c.var.db, { userId: seller, cursor, limit }), 200);
  });
