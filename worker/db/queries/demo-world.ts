// The demo world's rows (seed/world/seed.ts builds them): whether it
// is already there, and every row in one atomic batch, parents before children, so a failure
// leaves no half-seeded database and the triggers fill every counter from the rows.
import { getTableColumns, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "../client";
import * as schema from "../schema";

/** D1 binds at most 100 parameters per statement. */
const MAX_PARAMS = 100;

type Rows<T extends SQLiteTable> = Array<T["$inferInsert"]>;

/** Every table the demo world fills, in insert order. */
export interface DemoWorldRows {
  users: Rows<typeof schema.users>;
  profiles: Rows<typeof schema.profiles>;
  follows: Rows<typeof schema.follows>;
  posts: Rows<typeof schema.posts>;
  hashtags: Rows<typeof schema.hashtags>;
  postHashtags: Rows<typeof schema.postHashtags>;
  comments: Rows<typeof schema.comments>;
  postLikes: Rows<typeof schema.postLikes>;
  bookmarks: Rows<typeof schema.bookmarks>;
  services: Rows<typeof schema.services>;
  products: Rows<typeof schema.products>;
  conversations: Rows<typeof schema.conversations>;
  messages: Rows<typeof schema.messages>;
  conversationReads: Rows<typeof schema.conversationReads>;
  orders: Rows<typeof schema.orders>;
  orderHistory: Rows<typeof schema.orderHistory>;
  orderFiles: Rows<typeof schema.orderFiles>;
  orderVersions: Rows<typeof schema.orderVersions>;
  revisionNotes: Rows<typeof schema.revisionNotes>;
  reviews: Rows<typeof schema.reviews>;
  payoutAccounts: Rows<typeof schema.payoutAccounts>;
}

/** True when a profile with the demo username (any case) exists. */
export async function hasProfileNamed(db: Db, username: string): Promise<boolean> {
  const row = await db
    .select({ id: schema.profiles.userId })
    .from(schema.profiles)
    .where(sql`lower(${schema.profiles.username}) = lower(${username})`)
    .get();
  return row !== undefined;
}

export async function insertDemoWorld(db: Db, rows: DemoWorldRows): Promise<void> {
  const statements: BatchItem<"sqlite">[] = [
    ...inserts(db, schema.users, rows.users),
    ...inserts(db, schema.profiles, rows.profiles),
    ...inserts(db, schema.follows, rows.follows),
    ...inserts(db, schema.posts, rows.posts),
    ...inserts(db, schema.hashtags, rows.hashtags),
    ...inserts(db, schema.postHashtags, rows.postHashtags),
    ...inserts(db, schema.comments, rows.comments),
    ...inserts(db, schema.postLikes, rows.postLikes),
    ...inserts(db, schema.bookmarks, rows.bookmarks),
    ...inserts(db, schema.services, rows.services),
    ...inserts(db, schema.products, rows.products),
    ...inserts(db, schema.conversations, rows.conversations),
    ...inserts(db, schema.messages, rows.messages),
    ...inserts(db, schema.conversationReads, rows.conversationReads),
    ...inserts(db, schema.orders, rows.orders),
    ...inserts(db, schema.orderHistory, rows.orderHistory),
    ...inserts(db, schema.orderFiles, rows.orderFiles),
    ...inserts(db, schema.orderVersions, rows.orderVersions),
    ...inserts(db, schema.revisionNotes, rows.revisionNotes),
    ...inserts(db, schema.reviews, rows.reviews),
    ...inserts(db, schema.payoutAccounts, rows.payoutAccounts),
  ];
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/**
 * The demo world's sellers named here (by username) who own a service or product and have no
 * payout account get the enabled TEST MODE account a fresh seed gives them (decision record 0081).
 * Local seeding only: nobody else is touched, and an existing account is never changed.
 */
export async function addMissingTestPayouts(db: Db, usernames: readonly string[], now: number): Promise<void> {
  if (usernames.length === 0) return;
  await db.run(sql`insert or ignore into payout_accounts (user_id, stripe_account_id, mode, charges_enabled, payouts_enabled, details_submitted, requirements_due, requirements_pending, synced_at, created_at, updated_at)
    select p.user_id, 'acct_test_' || substr(replace(p.user_id, '-', ''), 1, 16), 'test', 1, 1, 1, '[]', '[]', ${now}, ${now}, ${now}
      from profiles p
     where lower(p.username) in (${sql.join(usernames.map((u) => sql`lower(${u})`), sql`, `)})
       and (exists (select 1 from services s where s.user_id = p.user_id) or exists (select 1 from products pr where pr.user_id = p.user_id))`);
}

/** Multi-row inserts chunked so that no statement binds more than MAX_PARAMS parameters. */
function inserts<T extends SQLiteTable>(db: Db, table: T, rows: Rows<T>): BatchItem<"sqlite">[] {
  const columns = Object.keys(getTableColumns(table)).length;
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns));
  const out: BatchItem<"sqlite">[] = [];
  for (let i = 0; i < rows.length; i += perStatement) {
    out.push(db.insert(table).values(rows.slice(i, i + perStatement)));
  }
  return out;
}
