// Recommendations (spec social-feed-search §3 user_recommendations and "recommendation shown to
// the user", §7 user_recommendations and generate_user_recommendations). The signals a user's
// recommendations are computed from, each one bounded statement; the computation itself is
// worker/services/recommendations.ts (decision record 0033). Reads of the stored lists are here
// too, by user_recommendations_user_type_score_idx.
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import type { RecommendationReason } from "@shared/search-api";
import type { Db } from "../client";
import { newId } from "../ids";
import { authSessions, posts, profiles, userRecommendations } from "../schema";
import { shownTo } from "./audience";
import { accountPresent } from "./visibility";
import { postSelection, type PostRow } from "./posts";

/** Every signal reads at most this far back. */
const SIGNAL_WINDOW_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;
/** D1 binds at most 100 values per statement. */
const IN_CHUNK = 90;

function chunks<T>(items: readonly T[], size = IN_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function idList(ids: readonly string[]) {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

export interface Me {
  profession: string | null;
  location: string | null;
}

export async function recommendationSubject(db: Db, userId: string): Promise<Me | null> {
  const [row] = await db.select({ profession: profiles.profession, location: profiles.location }).from(profiles).where(eq(profiles.userId, userId));
  return row ?? null;
}

/** Everyone the user follows (follows_follower_created_idx): never recommended. */
export async function followedIds(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db.all<{ id: string }>(sql`select following_id as id from follows where follower_id = ${userId}`);
  return new Set(rows.map((r) => r.id));
}

export interface CountedId {
  id: string;
  n: number;
}

/**
 * People followed by the people the user follows, with how many of those follow them (the 200
 * most recent follows of the user are asked, so one who follows thousands costs the same).
 */
export function mutualConnections(db: Db, userId: string): Promise<CountedId[]> {
  return db.all<CountedId>(sql`
    select f2.following_id as id, count(*) as n
    from (select following_id from follows where follower_id = ${userId} order by created_at desc limit 200) f1
    join follows f2 on f2.follower_id = f1.following_id
    where f2.following_id <> ${userId}
    group by f2.following_id order by n desc limit 60`);
}

/** The most followed people with the user's profession (profiles_profession_followers_idx). */
export function sameProfession(db: Db, userId: string, profession: string): Promise<{ id: string }[]> {
  return db.all<{ id: string }>(sql`
    select user_id as id from profiles where profession = ${profession} and user_id <> ${userId}
    order by follower_count desc limit 60`);
}

/** The most followed people in the user's place, any case (profiles_location_lower_idx). */
export function sameLocation(db: Db, userId: string, location: string): Promise<{ id: string }[]> {
  return db.all<{ id: string }>(sql`
    select user_id as id from profiles where lower(location) = lower(${location}) and user_id <> ${userId}
    order by follower_count desc limit 60`);
}

/** The most followed people overall (profiles_follower_count_idx): the fallback when nothing else is known. */
export function popularPeople(db: Db, userId: string): Promise<CountedId[]> {
  return db.all<CountedId>(sql`
    select user_id as id, follower_count as n from profiles where user_id <> ${userId}
    order by follower_count desc limit 30`);
}

/**
 * The hashtags the user cares about, weighted: those of their own latest posts (3), of posts
 * they liked lately (2) and of hashtag pages they viewed lately (1). The ten heaviest.
 */
export function interestHashtags(db: Db, userId: string, now: number): Promise<CountedId[]> {
  const since = now - SIGNAL_WINDOW_DAYS * DAY;
  return db.all<CountedId>(sql`
    select id, sum(w) as n from (
      select ph.hashtag_id as id, 3 as w
        from (select id from posts where user_id = ${userId} order by created_at desc limit 50) mine
        join post_hashtags ph on ph.post_id = mine.id
      union all
      select ph.hashtag_id as id, 2 as w
        from (select post_id from post_likes where user_id = ${userId} and created_at > ${since} order by created_at desc limit 100) liked
        join post_hashtags ph on ph.post_id = liked.post_id
      union all
      select h.id as id, 1 as w
        from (select json_extract(metadata, '$.hashtag') as name from user_interactions
               where user_id = ${userId} and created_at > ${since} and interaction_type = 'view' limit 200) viewed
        join hashtags h on h.name = viewed.name
    ) group by id order by n desc limit 10`);
}

/** Who posted lately with any of `hashtagIds`, with how many of those tags each used. */
export async function authorsOfHashtags(db: Db, userId: string, hashtagIds: string[], now: number): Promise<CountedId[]> {
  if (hashtagIds.length === 0) return [];
  return db.all<CountedId>(sql`
    select p.user_id as id, count(distinct ph.hashtag_id) as n
    from post_hashtags ph join posts p on p.id = ph.post_id
    where ph.hashtag_id in (${idList(hashtagIds)}) and p.created_at > ${now - SIGNAL_WINDOW_DAYS * DAY} and p.user_id <> ${userId}
    group by p.user_id order by n desc limit 60`);
}

/**
 * The people the user showed interest in lately: profiles visited, services viewed, posts liked
 * or otherwise interacted with (user_interactions_user_created_idx), and likes
 * (post_likes_user_created_idx); each counted once per interaction.
 */
export function interactedPeople(db: Db, userId: string, now: number): Promise<CountedId[]> {
  const since = now - SIGNAL_WINDOW_DAYS * DAY;
  return db.all<CountedId>(sql`
    select id, count(*) as n from (
      select coalesce(ui.target_user_id, s.user_id, p.user_id) as id
        from (select target_user_id, service_id, post_id from user_interactions
               where user_id = ${userId} and created_at > ${since} order by created_at desc limit 500) ui
        left join services s on s.id = ui.service_id
        left join posts p on p.id = ui.post_id
      union all
      select p.user_id as id
        from (select post_id from post_likes where user_id = ${userId} and created_at > ${since} order by created_at desc limit 200) pl
        join posts p on p.id = pl.post_id
    ) where id is not null and id <> ${userId} group by id order by n desc limit 60`);
}

export interface CandidatePost {
  id: string;
  userId: string;
  location: string | null;
  likesCount: number;
  createdAt: number;
  /** Comma-separated hashtag ids. */
  hashtagIds: string | null;
  trending: number;
  likedByMe: number;
}

/** Recent posts carrying one of `hashtagIds` (post_hashtags_hashtag_created_idx, then posts by key). */
export async function postsWithHashtags(db: Db, hashtagIds: string[], now: number): Promise<string[]> {
  if (hashtagIds.length === 0) return [];
  const rows = await db.all<{ id: string }>(sql`
    select distinct p.id as id from post_hashtags ph join posts p on p.id = ph.post_id
    where ph.hashtag_id in (${idList(hashtagIds)}) and p.created_at > ${now - SIGNAL_WINDOW_DAYS * DAY}
    order by p.created_at desc limit 120`);
  return rows.map((r) => r.id);
}

/** Posts of the last two days that carry a trending hashtag, hottest tags first (hashtags_trending_idx). */
export async function postsWithTrendingHashtags(db: Db, now: number): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    select distinct ph.post_id as id
    from (select id from hashtags where trending_score > 0 order by trending_score desc limit 20) h
    join post_hashtags ph on ph.hashtag_id = h.id
    join posts p on p.id = ph.post_id
    where p.created_at > ${now - 2 * DAY}
    limit 80`);
  return rows.map((r) => r.id);
}

/** The most liked posts of the last week (a posts_created_idx range, sorted). */
export async function popularRecentPosts(db: Db, now: number): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`
    select id from posts where created_at > ${now - 7 * DAY} order by likes_count desc limit 60`);
  return rows.map((r) => r.id);
}

/** The latest posts of some people (posts_user_created_idx per person). */
export async function postsOfPeople(db: Db, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db.all<{ id: string }>(sql`
    select id from posts where user_id in (${idList(userIds.slice(0, IN_CHUNK))}) order by created_at desc limit 60`);
  return rows.map((r) => r.id);
}

/** What scoring needs of each candidate post, read by primary key in chunks. */
export async function candidatePosts(db: Db, userId: string, ids: string[]): Promise<CandidatePost[]> {
  const out: CandidatePost[] = [];
  for (const chunk of chunks(ids)) {
    out.push(
      ...(await db.all<CandidatePost>(sql`
        select p.id as id, p.user_id as userId, p.location as location, p.likes_count as likesCount, p.created_at as createdAt,
          (select group_concat(ph.hashtag_id) from post_hashtags ph where ph.post_id = p.id) as hashtagIds,
          coalesce((select max(h.trending_score) from post_hashtags ph join hashtags h on h.id = ph.hashtag_id where ph.post_id = p.id), 0) as trending,
          exists(select 1 from post_likes pl where pl.post_id = p.id and pl.user_id = ${userId}) as likedByMe
        from posts p where p.id in (${idList(chunk)})`)),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Stored lists

export interface ScoredRecommendation {
  type: "user" | "post";
  targetId: string;
  reason: RecommendationReason;
  score: number;
}

/**
 * Replaces the user's stored recommendations in one atomic batch: the old rows go, the new ones
 * come with their expiry. Eight values a row, so at most ten rows a statement.
 */
export async function replaceRecommendations(db: Db, userId: string, items: ScoredRecommendation[], now: number, expiresAt: number): Promise<void> {
  const rows = items.map((item) => ({
    id: newId(),
    userId,
    recommendationType: item.type,
    recommendedUserId: item.type === "user" ? item.targetId : null,
    recommendedPostId: item.type === "post" ? item.targetId : null,
    reason: item.reason,
    score: item.score,
    expiresAt,
    createdAt: now,
  }));
  const inserts = chunks(rows, 10).map((chunk) => db.insert(userRecommendations).values(chunk));
  await db.batch([db.delete(userRecommendations).where(eq(userRecommendations.userId, userId)), ...inserts]);
}

/** True when the user has stored recommendations that have not expired. */
export async function hasFreshRecommendations(db: Db, userId: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ id: userRecommendations.id })
    .from(userRecommendations)
    .where(and(eq(userRecommendations.userId, userId), gt(userRecommendations.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/**
 * The unexpired people, by score, with their profiles and follow state. Someone the user has
 * followed since the list was computed is left out on read.
 */
export function storedUserRecommendationsQuery(db: Db, userId: string, now: number, limit: number) {
  return db
    .select({
      reason: userRecommendations.reason,
      score: userRecommendations.score,
      createdAt: userRecommendations.createdAt,
      expiresAt: userRecommendations.expiresAt,
      userId: profiles.userId,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
      verified: profiles.verified,
      profession: profiles.profession,
      location: profiles.location,
      bio: profiles.bio,
      followerCount: profiles.followerCount,
      postCount: profiles.postCount,
      following: sql<number>`0`.as("viewer_following"),
    })
    .from(userRecommendations)
    .innerJoin(profiles, eq(profiles.userId, userRecommendations.recommendedUserId))
    .where(
      and(
        eq(userRecommendations.userId, userId),
        eq(userRecommendations.recommendationType, "user"),
        gt(userRecommendations.expiresAt, now),
        sql`not exists (select 1 from follows f where f.follower_id = ${userId} and f.following_id = ${userRecommendations.recommendedUserId})`,
        // Blocks and mutes made since the list was computed count on read (decision record 0082).
        shownTo(userId, profiles.userId),
        // So do a suspension (0083) and a deletion (0084): neither is someone to suggest.
        accountPresent(profiles.userId),
      ),
    )
    .orderBy(desc(userRecommendations.score))
    .limit(limit);
}

/** The unexpired posts, by score, as Posts with the viewer's flags. */
export function storedPostRecommendationsQuery(db: Db, userId: string, now: number, limit: number) {
  return db
    .select({
      ...postSelection(userId),
      recReason: userRecommendations.reason,
      recScore: userRecommendations.score,
      recCreatedAt: sql<number>`${userRecommendations.createdAt}`.as("rec_created_at"),
      recExpiresAt: userRecommendations.expiresAt,
    })
    .from(userRecommendations)
    .innerJoin(posts, eq(posts.id, userRecommendations.recommendedPostId))
    .leftJoin(profiles, eq(profiles.userId, posts.userId))
    .where(
      and(
        eq(userRecommendations.userId, userId),
        eq(userRecommendations.recommendationType, "post"),
        gt(userRecommendations.expiresAt, now),
        shownTo(userId, posts.userId, posts.caption),
      ),
    )
    .orderBy(desc(userRecommendations.score))
    .limit(limit);
}

export type StoredPostRow = PostRow & { recReason: RecommendationReason | null; recScore: number; recCreatedAt: number; recExpiresAt: number };

/**
 * Users the nightly job should refresh: those with a live session (auth_sessions_expires_idx)
 * whose lists are missing or expire before `staleBefore`, at most `limit` a run.
 */
export async function usersDueForRecommendations(db: Db, now: number, staleBefore: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: authSessions.userId })
    .from(authSessions)
    .where(
      and(
        gt(authSessions.expiresAt, now),
        sql`${authSessions.revokedAt} is null`,
        sql`not exists (select 1 from user_recommendations r where r.user_id = ${authSessions.userId} and r.expires_at > ${staleBefore})`,
      ),
    )
    .limit(limit);
  return rows.map((r) => r.userId);
}

/** Deletes expired recommendations of users the nightly job did not reach (user_recommendations_expires_idx). */
export async function deleteExpiredRecommendations(db: Db, now: number, limit: number): Promise<number> {
  const old = db.select({ id: userRecommendations.id }).from(userRecommendations).where(sql`${userRecommendations.expiresAt} <= ${now}`).limit(limit);
  const result = await db.delete(userRecommendations).where(inArray(userRecommendations.id, old)).run();
  return result.meta.changes ?? 0;
}
