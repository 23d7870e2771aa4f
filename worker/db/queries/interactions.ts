// The interaction log (spec social-feed-search §3/§7 user_interactions: profile_visit, view with
// a hashtag, service_view among them), which feeds the recommendations. Every write goes through
// recordInteraction, which bounds what one viewer can add by construction (decision record 0033):
// a repeat of the same interaction with the same target inside INTERACTION_REPEAT_WINDOW_MS is
// not written again, and no viewer gets more than INTERACTION_BURST_LIMIT rows inside
// INTERACTION_BURST_WINDOW_MS. Routes may add an exact rate limit in front (profile visits do).
import { lt, inArray, sql, type SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { MINUTE_MS } from "@shared/constants";
import type { Db } from "../client";
import { newId } from "../ids";
import { hashtags, posts, profiles, services, userInteractions } from "../schema";

type InteractionType = (typeof userInteractions.$inferInsert)["interactionType"];

/** Repeats of one interaction (same viewer, type and target) inside this window are one. */
export const INTERACTION_REPEAT_WINDOW_MS = 30 * MINUTE_MS;
/** At most this many interaction rows per viewer inside INTERACTION_BURST_WINDOW_MS. */
export const INTERACTION_BURST_LIMIT = 60;
export const INTERACTION_BURST_WINDOW_MS = 10 * MINUTE_MS;
/** Interactions older than this are purged daily; recommendations read the last 30 days. */
export const INTERACTION_RETENTION_MS = 90 * 24 * 60 * MINUTE_MS;

export interface InteractionInput {
  userId: string;
  interactionType: InteractionType;
  targetUserId?: string | null;
  postId?: string | null;
  serviceId?: string | null;
  /** e.g. { hashtag: "mixing" } for a view of a hashtag's posts. */
  metadata?: Record<string, unknown> | null;
  now: number;
}

/**
 * The row's anchor: the target the interaction is about, so that an interaction with something
 * that does not exist (a made-up id, a deleted post) writes nothing instead of failing a foreign
 * key. The most specific target decides; a hashtag view is anchored on the hashtag's name. A
 * service or post given with a target user must belong to that user, so the row's two targets
 * never disagree (and the user reference cannot fail either).
 */
function anchor(input: InteractionInput): SQL {
  const owner = (column: typeof services.userId | typeof posts.userId) => (input.targetUserId ? sql` and ${column} = ${input.targetUserId}` : sql``);
  if (input.serviceId) return sql`from ${services} where ${services.id} = ${input.serviceId}${owner(services.userId)}`;
  if (input.postId) return sql`from ${posts} where ${posts.id} = ${input.postId}${owner(posts.userId)}`;
  if (input.targetUserId) return sql`from ${profiles} where ${profiles.userId} = ${input.targetUserId}`;
  const hashtag = hashtagOf(input.metadata);
  if (hashtag !== null) return sql`from ${hashtags} where ${hashtags.name} = ${hashtag}`;
  return sql`where 1`;
}

function hashtagOf(metadata: Record<string, unknown> | null | undefined): string | null {
  const value = metadata?.hashtag;
  return typeof value === "string" ? value : null;
}

/**
 * The one statement that records an interaction: INSERT … SELECT guarded by the anchor, the
 * repeat probe and the burst cap. Both probes are index ranges over the last half hour of the
 * viewer's rows (or the target's; SQLite picks), and the cap stops counting at the limit, so the
 * statement's cost is bounded whatever the table holds. Exported (as SQL) for the query-plan tests.
 */
export function interactionInsert(input: InteractionInput & { repeatWindowMs?: number }) {
  const repeatWindowMs = input.repeatWindowMs ?? INTERACTION_REPEAT_WINDOW_MS;
  const hashtag = hashtagOf(input.metadata);
  const metadata = input.metadata ? JSON.stringify(input.metadata) : null;
  const sameTarget = sql`ui.target_user_id is ${input.targetUserId ?? null} and ui.post_id is ${input.postId ?? null} and ui.service_id is ${input.serviceId ?? null}`;
  const sameHashtag = hashtag === null ? sql`` : sql` and json_extract(ui.metadata, '$.hashtag') = ${hashtag}`;
  const statement = sql`insert into ${userInteractions} (id, user_id, target_user_id, post_id, service_id, interaction_type, metadata, created_at)
    select ${newId()}, ${input.userId}, ${input.targetUserId ?? null}, ${input.postId ?? null}, ${input.serviceId ?? null}, ${input.interactionType}, ${metadata}, ${input.now}
    ${anchor(input)}
    and not exists (select 1 from user_interactions ui where ui.user_id = ${input.userId} and ui.created_at > ${input.now - repeatWindowMs} and ui.interaction_type = ${input.interactionType} and ${sameTarget}${sameHashtag})
    and (select count(*) from (select 1 from user_interactions ub where ub.user_id = ${input.userId} and ub.created_at > ${input.now - INTERACTION_BURST_WINDOW_MS} limit ${INTERACTION_BURST_LIMIT})) < ${INTERACTION_BURST_LIMIT}
    returning id`;
  return { statement, toSQL: () => dialect.sqlToQuery(statement) };
}

// Stateless: it only renders SQL to text for toSQL() (the plan tests read it as they read a
// drizzle query builder's).
const dialect = new SQLiteAsyncDialect();

/**
 * Records one interaction unless it repeats one inside the repeat window (`repeatWindowMs`,
 * INTERACTION_REPEAT_WINDOW_MS unless given), the viewer is over the
 * burst cap, or its target does not exist; true when a row was written. One statement, so two
 * tabs recording the same thing at once still write one row (D1 runs statements one at a time).
 */
export async function recordInteraction(db: Db, input: InteractionInput & { repeatWindowMs?: number }): Promise<boolean> {
  const rows = await db.all<{ id: string }>(interactionInsert(input).statement);
  return rows.length > 0;
}

/** Deletes up to `limit` interactions recorded before `before` (user_interactions_created_idx). */
export async function deleteInteractionsBefore(db: Db, before: number, limit: number): Promise<number> {
  const old = db.select({ id: userInteractions.id }).from(userInteractions).where(lt(userInteractions.createdAt, before)).limit(limit);
  const result = await db.delete(userInteractions).where(inArray(userInteractions.id, old)).run();
  return result.meta.changes ?? 0;
}
