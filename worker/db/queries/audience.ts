// Who may see whom (issue #27; DESIGN.md "Block" and "Mute"; decision record 0082). Every
// viewer-relative filter of the API is one of the conditions below, added to a query's WHERE:
//  - notBlockedWith: neither the viewer nor the row's user has blocked the other. Two primary-key
//    probes (blocks is keyed (blocker_id, blocked_id)), so a list pays two index lookups a row.
//  - notMutedBy: the viewer has not muted the row's user (one probe); only the muter's feed,
//    search, recommendations, comments and activity use it.
//  - withoutMutedWords: no word the viewer muted appears in the text as a whole word.
// Plus the block and mute rows themselves and the lists of /settings.
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Cursor } from "@shared/cursor";
import type { ListedAccountPage, MutedWord, Relation } from "@shared/safety-api";
import { MUTED_WORD_SEPARATORS } from "@shared/rules/muted-words";
import type { Db } from "../client";
import { newId } from "../ids";
import { blocks, follows, mutedWords, mutes, profiles, users } from "../schema";
import { mapPage, pageOf } from "./paging";
import { personColumns, toPersonLine } from "./people";

type UserColumn = SQLiteColumn | SQL;
/** The viewer: a bound id, or a column or expression when one statement asks for many viewers. */
type Viewer = string | SQL | null | undefined;

/** Neither the viewer nor `userColumn`'s user has blocked the other; no condition for a visitor. */
export function notBlockedWith(viewerId: Viewer, userColumn: UserColumn): SQL | undefined {
  if (!viewerId) return undefined;
  return sql`(not exists(select 1 from blocks bk where bk.blocker_id = ${viewerId} and bk.blocked_id = ${userColumn}) and not exists(select 1 from blocks bk where bk.blocker_id = ${userColumn} and bk.blocked_id = ${viewerId}))`;
}

/** The viewer has not muted `userColumn`'s user; no condition for a visitor. */
export function notMutedBy(viewerId: Viewer, userColumn: UserColumn): SQL | undefined {
  if (!viewerId) return undefined;
  return sql`not exists(select 1 from mutes mt where mt.muter_id = ${viewerId} and mt.muted_id = ${userColumn})`;
}

/**
 * The text normalised as shared/rules/muted-words.ts normalises a muted word, padded with spaces:
 * SQLite's lower() folds ASCII only, so a capital non-ASCII letter in a caption escapes a muted
 * word (the decision record says why this stays in SQL).
 */
function normalisedText(textColumn: UserColumn): SQL {
  return sql`(' ' || ${sql.raw(SEPARATORS_OPEN)}lower(coalesce(${textColumn}, ''))${sql.raw(SEPARATORS_CLOSE)} || ' ')`;
}

/**
 * replace(…, separator, ' ') once per separator, around the text, as two fixed strings with the
 * separators as SQL literals (a quote doubled; a newline, return or tab is itself inside the
 * literal). Built once: as 22 nested fragments with a bound value each, drizzle rebuilt them on
 * every statement of every content read by a viewer, and they were 22 of D1's 100 bound values.
 */
const SEPARATORS_OPEN = "replace(".repeat(MUTED_WORD_SEPARATORS.length);
const SEPARATORS_CLOSE = MUTED_WORD_SEPARATORS.map((separator) => `, '${separator.replaceAll("'", "''")}', ' ')`).join("");

/**
 * No word the viewer muted is in the text as a whole word (or words, for a phrase). instr(), not
 * LIKE: D1 refuses LIKE patterns over 50 bytes, and a muted word may be 50 characters.
 * Repeated spaces in the text are not collapsed, so a muted phrase matches single-spaced text.
 */
export function withoutMutedWords(viewerId: Viewer, textColumn: UserColumn): SQL | undefined {
  if (!viewerId) return undefined;
  return sql`not exists(select 1 from muted_words mw where mw.user_id = ${viewerId} and instr(${normalisedText(textColumn)}, ' ' || mw.word || ' ') > 0)`;
}

/** The three conditions a muter's own views add for a row by `userColumn` with `textColumn`. */
export function shownTo(viewerId: Viewer, userColumn: UserColumn, textColumn?: UserColumn): SQL | undefined {
  return and(notBlockedWith(viewerId, userColumn), notMutedBy(viewerId, userColumn), textColumn ? withoutMutedWords(viewerId, textColumn) : undefined);
}

/**
 * shownTo, checked only when it can leave something out: when the viewer has a block either way,
 * a mute or a muted word. The question is uncorrelated, so SQLite answers it once per statement,
 * and a viewer without any rule (most) pays nothing per row; a long list (search) asks it in the
 * statement that reads the list instead of one round trip before it.
 */
export function shownToIfRuled(viewerId: string, userColumn: UserColumn, textColumn?: UserColumn): SQL {
  const ruled = sql`(exists(select 1 from blocks where blocker_id = ${viewerId}) or exists(select 1 from blocks where blocked_id = ${viewerId}) or exists(select 1 from mutes where muter_id = ${viewerId}) or exists(select 1 from muted_words where user_id = ${viewerId}))`;
  return sql`(case when ${ruled} then ${shownTo(viewerId, userColumn, textColumn) ?? sql`1`} else 1 end)`;
}

/**
 * Of these readers, the ones a comment by `authorId` (with `text`, when it is known) on
 * `postOwnerId`'s post is not for: a block either way with the author or with the post's owner
 * (the post does not exist for them), a mute of the author, a muted word in the text. The same
 * conditions as the comment lists, in one statement whatever the number of readers (one JSON
 * parameter: D1 binds at most 100). For a post's live room, which filters each broadcast.
 */
export async function readersNotShown(db: Db, readerIds: readonly string[], item: { authorId: string; postOwnerId: string; text: string | null }): Promise<Set<string>> {
  if (readerIds.length === 0) return new Set();
  const reader = sql`r.value`;
  const author = sql`${item.authorId}`;
  const shown = and(
    shownTo(reader, author, item.text === null ? undefined : sql`${item.text}`),
    notBlockedWith(reader, sql`${item.postOwnerId}`),
  );
  const rows = await db.all<{ id: string }>(sql`select r.value as id from json_each(${JSON.stringify([...new Set(readerIds)])}) r where not (${shown})`);
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether `viewerId` sees what `userId` does (with `text`, when it has one): no block either way,
 * no mute, no muted word. For notices about one thing, such as a new like or comment.
 */
export async function isShownTo(db: Db, viewerId: string, userId: string, text?: string): Promise<boolean> {
  if (viewerId === userId) return true;
  const rows = await db.all<{ one: number }>(sql`select 1 as one where ${shownTo(viewerId, sql`${userId}`, text === undefined ? undefined : sql`${text}`)}`);
  return rows.length > 0;
}

/**
 * Whether `viewerId` cannot reach `otherId` (follow, message, offer, book, buy): a block either
 * way, or the other's account was deleted (its placeholder only keeps old conversations and orders
 * readable; decision record 0084). One statement. Every caller answers as it does for a block, so
 * a deleted account reads like a missing one.
 */
export async function cannotReach(db: Db, viewerId: string | null | undefined, otherId: string): Promise<boolean> {
  const deleted = sql`exists(select 1 from account_deletions ad where ad.user_id = ${otherId} and ad.completed_at is not null)`;
  const blocked = viewerId && viewerId !== otherId ? sql` or not ${notBlockedWith(viewerId, sql`${otherId}`)}` : sql``;
  const rows = await db.all<{ one: number }>(sql`select 1 as one where ${deleted}${blocked}`);
  return rows.length > 0;
}

/** Whether either of the two has blocked the other. False for a visitor or oneself. */
export async function isBlockedBetween(db: Db, a: string | null | undefined, b: string): Promise<boolean> {
  if (!a || a === b) return false;
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(blocks)
    .where(sql`(${blocks.blockerId} = ${a} and ${blocks.blockedId} = ${b}) or (${blocks.blockerId} = ${b} and ${blocks.blockedId} = ${a})`)
    .limit(1);
  return rows.length > 0;
}

/** What `viewerId` did to `userId`: their own block and mute, never the other direction. */
export async function getRelation(db: Db, viewerId: string, userId: string): Promise<Relation> {
  const [blocked, muted] = await db.batch([
    db.select({ one: sql<number>`1` }).from(blocks).where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, userId))).limit(1),
    db.select({ one: sql<number>`1` }).from(mutes).where(and(eq(mutes.muterId, viewerId), eq(mutes.mutedId, userId))).limit(1),
  ]);
  return { blocked: blocked.length > 0, muted: muted.length > 0 };
}

/**
 * Blocks `blockedId` and ends the follows between the two, both ways, in one batch (the follower
 * counters follow the rows by trigger). False when the user does not exist. The insert selects
 * from users, so an unknown id writes nothing; a repeated block is a no-op.
 */
export async function addBlock(db: Db, input: { blockerId: string; blockedId: string; now: number }): Promise<boolean> {
  const { blockerId, blockedId, now } = input;
  const [, , , exists] = await db.batch([
    db
      .insert(blocks)
      .select(
        db
          .select({
            blockerId: sql<string>`${blockerId}`.as("blocker_id"),
            blockedId: users.id,
            createdAt: sql<number>`${now}`.as("created_at"),
          })
          .from(users)
          .where(eq(users.id, blockedId)),
      )
      .onConflictDoNothing(),
    db.delete(follows).where(and(eq(follows.followerId, blockerId), eq(follows.followingId, blockedId))),
    db.delete(follows).where(and(eq(follows.followerId, blockedId), eq(follows.followingId, blockerId))),
    db.select({ one: sql<number>`1` }).from(users).where(eq(users.id, blockedId)).limit(1),
  ]);
  return exists.length > 0;
}

export async function removeBlock(db: Db, blockerId: string, blockedId: string): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

/** Mutes `mutedId`; false when the user does not exist. */
export async function addMute(db: Db, input: { muterId: string; mutedId: string; now: number }): Promise<boolean> {
  const { muterId, mutedId, now } = input;
  const [, exists] = await db.batch([
    db
      .insert(mutes)
      .select(
        db
          .select({ muterId: sql<string>`${muterId}`.as("muter_id"), mutedId: users.id, createdAt: sql<number>`${now}`.as("created_at") })
          .from(users)
          .where(eq(users.id, mutedId)),
      )
      .onConflictDoNothing(),
    db.select({ one: sql<number>`1` }).from(users).where(eq(users.id, mutedId)).limit(1),
  ]);
  return exists.length > 0;
}

export async function removeMute(db: Db, muterId: string, mutedId: string): Promise<void> {
  await db.delete(mutes).where(and(eq(mutes.muterId, muterId), eq(mutes.mutedId, mutedId)));
}

/** The accounts I blocked, newest first, keyset on (created_at, blocked_id). */
export async function listBlocked(db: Db, input: { userId: string; cursor?: Cursor | null; limit: number }): Promise<ListedAccountPage> {
  const { userId, cursor, limit } = input;
  const rows = await db
    .select({ id: blocks.blockedId, createdAt: blocks.createdAt, ...personColumns })
    .from(blocks)
    .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(and(eq(blocks.blockerId, userId), cursor ? sql`(${blocks.createdAt}, ${blocks.blockedId}) < (${cursor.createdAt}, ${cursor.id})` : undefined))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit + 1);
  return mapPage(pageOf(rows, limit), (row) => ({ person: toPersonLine(row.id, row), since: row.createdAt }));
}

/** The accounts I muted, newest first, keyset on (created_at, muted_id). */
export async function listMuted(db: Db, input: { userId: string; cursor?: Cursor | null; limit: number }): Promise<ListedAccountPage> {
  const { userId, cursor, limit } = input;
  const rows = await db
    .select({ id: mutes.mutedId, createdAt: mutes.createdAt, ...personColumns })
    .from(mutes)
    .leftJoin(profiles, eq(profiles.userId, mutes.mutedId))
    .where(and(eq(mutes.muterId, userId), cursor ? sql`(${mutes.createdAt}, ${mutes.mutedId}) < (${cursor.createdAt}, ${cursor.id})` : undefined))
    .orderBy(desc(mutes.createdAt), desc(mutes.mutedId))
    .limit(limit + 1);
  return mapPage(pageOf(rows, limit), (row) => ({ person: toPersonLine(row.id, row), since: row.createdAt }));
}

/** Every word the user muted, newest first (at most MUTED_WORDS_MAX, so one list). */
export async function listMutedWords(db: Db, userId: string): Promise<MutedWord[]> {
  return db
    .select({ id: mutedWords.id, word: mutedWords.word, createdAt: mutedWords.createdAt })
    .from(mutedWords)
    .where(eq(mutedWords.userId, userId))
    .orderBy(desc(mutedWords.createdAt), desc(mutedWords.id));
}

/**
 * Adds a normalised word unless the user already has `max` words. The count and the insert are
 * one statement (INSERT … SELECT … WHERE count < max), so two requests at once cannot pass the
 * limit together. Returns the row (the existing one for a repeated word), or null when full.
 */
export async function addMutedWord(db: Db, input: { userId: string; word: string; now: number; max: number }): Promise<MutedWord | null> {
  const { userId, word, now, max } = input;
  const id = newId();
  await db.run(
    sql`insert into muted_words (id, user_id, word, created_at) select ${id}, ${userId}, ${word}, ${now} where (select count(*) from muted_words where user_id = ${userId}) < ${max} on conflict do nothing`,
  );
  const [row] = await db
    .select({ id: mutedWords.id, word: mutedWords.word, createdAt: mutedWords.createdAt })
    .from(mutedWords)
    .where(and(eq(mutedWords.userId, userId), eq(mutedWords.word, word)))
    .limit(1);
  return row ?? null;
}

/** Deletes one of the user's own muted words; false when they have no such word. */
export async function deleteMutedWord(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db.delete(mutedWords).where(and(eq(mutedWords.id, id), eq(mutedWords.userId, userId))).run();
  return (result.meta.changes ?? 0) > 0;
}
