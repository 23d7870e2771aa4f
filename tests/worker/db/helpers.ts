// Row factories for the database tests: minimal valid rows, inserted through drizzle.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createDb, type Db } from "../../../worker/db/client";
import { newId } from "../../../worker/db/ids";
import { hashtags, posts, profiles, services, users } from "../../../worker/db/schema";

export function db(): Db {
  return createDb(env.DB);
}

let seq = 0;

export async function makeUser(
  d: Db,
  opts: { username?: string; displayName?: string; bio?: string | null; profile?: boolean } = {},
) {
  const n = ++seq;
  const id = newId();
  const username = opts.username ?? `user${n}_${id.replaceAll("-", "").slice(0, 12)}`;
  await d.insert(users).values({ id, email: `${id}@example.test` });
  if (opts.profile !== false) {
    await d.insert(profiles).values({
      userId: id,
      username,
      displayName: opts.displayName ?? `User ${n}`,
      bio: opts.bio ?? null,
    });
  }
  return id;
}

export async function makePost(d: Db, userId: string, opts: { caption?: string; createdAt?: number } = {}) {
  const id = newId();
  await d.insert(posts).values({
    id,
    userId,
    contentType: "image",
    mediaKey: `post-images/${userId}/${id}.jpg`,
    mimeType: "image/jpeg",
    sizeBytes: 1234,
    caption: opts.caption ?? null,
    ...(opts.createdAt === undefined ? {} : { createdAt: opts.createdAt }),
  });
  return id;
}

export async function makeHashtag(d: Db, name: string) {
  const id = newId();
  await d.insert(hashtags).values({ id, name });
  return id;
}

export async function makeService(
  d: Db,
  userId: string,
  opts: { name: string; description?: string; category?: (typeof services.$inferInsert)["category"] },
) {
  const id = newId();
  await d.insert(services).values({
    id,
    userId,
    name: opts.name,
    description: opts.description ?? null,
    category: opts.category ?? "other",
    pricingModel: "hourly",
    priceCents: 5000,
    turnaroundDays: 3,
  });
  return id;
}

export async function profileCounts(d: Db, userId: string) {
  const [row] = await d
    .select({ posts: profiles.postCount, followers: profiles.followerCount, following: profiles.followingCount })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}

export async function postCounts(d: Db, postId: string) {
  const [row] = await d
    .select({ likes: posts.likesCount, comments: posts.commentsCount })
    .from(posts)
    .where(eq(posts.id, postId));
  return row;
}

export async function usageCount(d: Db, hashtagId: string) {
  const [row] = await d.select({ n: hashtags.usageCount }).from(hashtags).where(eq(hashtags.id, hashtagId));
  return row?.n;
}

/** The message of the error a failed statement throws (D1 wraps SQLite's message). */
export async function failureOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    const err = e as Error & { cause?: Error };
    return `${err.message} ${err.cause?.message ?? ""}`;
  }
  throw new Error("expected the statement to fail, but it succeeded");
}
