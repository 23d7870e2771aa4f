// Block and mute (issue #27; DESIGN.md "Block" and "Mute"; decision record 0082). A block is one
// row per (blocker, blocked) and is read in both directions; a mute and a muted word are read
// only by the muter. migrations/0018_blocks_mutes.sql creates these tables by hand.
import { sql } from "drizzle-orm";
import { check, index, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn } from "./columns";
import { users } from "./users";

export const blocks = sqliteTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    // My blocked accounts newest first (GET /api/blocks, keyset on (created_at, blocked_id)).
    index("blocks_blocker_created_idx").on(t.blockerId, t.createdAt, t.blockedId),
    // "Has this person blocked me?": the other direction of every probe.
    index("blocks_blocked_idx").on(t.blockedId, t.blockerId),
    check("blocks_no_self_block", sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export const mutes = sqliteTable(
  "mutes",
  {
    muterId: text("muter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    mutedId: text("muted_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.muterId, t.mutedId] }),
    index("mutes_muter_created_idx").on(t.muterId, t.createdAt, t.mutedId),
    // The cascade from users(id) on the muted side.
    index("mutes_muted_idx").on(t.mutedId),
    check("mutes_no_self_mute", sql`${t.muterId} <> ${t.mutedId}`),
  ],
);

export const mutedWords = sqliteTable(
  "muted_words",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Normalised by shared/rules/muted-words.ts: lower case, punctuation as spaces, single spaces. */
    word: text("word").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("muted_words_user_word_unique").on(t.userId, t.word)],
);
