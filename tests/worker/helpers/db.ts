// The test file's D1 through drizzle, rows inserted straight into it (for tests that need many
// rows fast or rows no route makes), and the counters and events tests read back.
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { createDb, type Db } from "../../../worker/db/client";
import { newId } from "../../../worker/db/ids";
import { hashtags, posts, profiles, securityEvents, services } from "../../../worker/db/schema";

export function db(): Db {
  return createDb(env.DB);
}

let counter = 0;
/** A unique suffix for emails and usernames within one test file. */
export function unique(prefix = "u"): string {
  counter += 1;
  return `${prefix}${counter}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/** Inserts an image post row directly (for list, cursor and counter tests). */
export async function insertPost(
  userId: string,
  opts: { createdAt?: number; caption?: string | null; id?: string; contentType?: "image" | "audio" | "video" } = {},
): Promise<string> {
  const id = opts.id ?? newId();
  const createdAt = opts.createdAt ?? Date.now();
  await db()
    .insert(posts)
    .values({
      id,
      userId,
      contentType: opts.contentType ?? "image",
      mediaKey: `post-images/${userId}/${id}.jpg`,
      mimeType: "image/jpeg",
      sizeBytes: 100,
      caption: opts.caption ?? null,
      createdAt,
      updatedAt: createdAt,
    });
  return id;
}

export async function insertHashtag(name: string): Promise<string> {
  const id = newId();
  await db().insert(hashtags).values({ id, name });
  return id;
}

export async function insertService(
  userId: string,
  opts: { name: string; description?: string; category?: (typeof services.$inferInsert)["category"] },
): Promise<string> {
  const id = newId();
  await db()
    .insert(services)
    .values({
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

/** The trigger-maintained counters of a profile. */
export async function profileCounts(userId: string) {
  const [row] = await db()
    .select({ posts: profiles.postCount, followers: profiles.followerCount, following: profiles.followingCount })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row;
}

/** The trigger-maintained counters of a post. */
export async function postCounts(postId: string) {
  const [row] = await db().select({ likes: posts.likesCount, comments: posts.commentsCount }).from(posts).where(eq(posts.id, postId));
  return row;
}

/** The trigger-maintained usage count of a hashtag. */
export async function usageCount(hashtagId: string) {
  const [row] = await db().select({ n: hashtags.usageCount }).from(hashtags).where(eq(hashtags.id, hashtagId));
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

/** Security events, oldest first, optionally only one user's or one type's. */
export async function eventsOf(filter: { userId?: string; eventType?: string } = {}) {
  const rows = await db().select().from(securityEvents).orderBy(securityEvents.createdAt);
  return rows.filter(
    (r) => (filter.userId === undefined || r.userId === filter.userId) && (filter.eventType === undefined || r.eventType === filter.eventType),
  );
}

export async function clearEvents() {
  await db().delete(securityEvents);
}
