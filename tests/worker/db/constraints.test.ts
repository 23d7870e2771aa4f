// Unique and CHECK constraints that the routes rely on to turn races into clean conflicts.
import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { newId } from "../../../worker/db/ids";
import {
  bookmarks,
  conversations,
  follows,
  hashtags,
  orders,
  postLikes,
  products,
  profiles,
  users,
} from "../../../worker/db/schema";
import { createUser, db, failureOf, insertPost } from "../helpers";

describe("unique constraints", () => {
  it("allows one like per user and post", async () => {
    const d = db();
    const { id: author } = await createUser();
    const { id: fan } = await createUser();
    const post = await insertPost(author);
    await d.insert(postLikes).values({ postId: post, userId: fan });
    expect(await failureOf(d.insert(postLikes).values({ postId: post, userId: fan }))).toMatch(
      /UNIQUE constraint failed: post_likes\.post_id, post_likes\.user_id/,
    );
    // A different user may like the same post.
    await d.insert(postLikes).values({ postId: post, userId: author });
    expect(await d.$count(postLikes, eq(postLikes.postId, post))).toBe(2);
  });

  it("allows one bookmark per user and post, and onConflictDoNothing treats the duplicate as done", async () => {
    const d = db();
    const { id: u } = await createUser();
    const post = await insertPost(u);
    await d.insert(bookmarks).values({ userId: u, postId: post });
    expect(await failureOf(d.insert(bookmarks).values({ userId: u, postId: post }))).toMatch(
      /UNIQUE constraint failed: bookmarks\.user_id, bookmarks\.post_id/,
    );
    const res = await d.insert(bookmarks).values({ userId: u, postId: post }).onConflictDoNothing();
    expect(res.meta.changes).toBe(0);
    expect(await d.$count(bookmarks, eq(bookmarks.userId, u))).toBe(1);
  });

  it("allows one follow per pair and refuses a self-follow", async () => {
    const d = db();
    const { id: a } = await createUser();
    const { id: b } = await createUser();
    await d.insert(follows).values({ followerId: a, followingId: b });
    expect(await failureOf(d.insert(follows).values({ followerId: a, followingId: b }))).toMatch(
      /UNIQUE constraint failed: follows\.follower_id, follows\.following_id/,
    );
    // The reverse direction is a different follow.
    await d.insert(follows).values({ followerId: b, followingId: a });
    expect(await failureOf(d.insert(follows).values({ followerId: a, followingId: a }))).toMatch(
      /CHECK constraint failed: follows_no_self_follow/,
    );
    expect(await d.$count(follows)).toBe(2);
  });

  it("allows one conversation per pair, stored with the smaller id first", async () => {
    const d = db();
    const [x, y] = [(await createUser()).id, (await createUser()).id].sort();
    const [lo, hi] = [x!, y!];
    await d.insert(conversations).values({ user1Id: lo, user2Id: hi });
    expect(await failureOf(d.insert(conversations).values({ user1Id: lo, user2Id: hi }))).toMatch(
      /UNIQUE constraint failed: conversations\.user1_id, conversations\.user2_id/,
    );
    expect(await failureOf(d.insert(conversations).values({ user1Id: hi, user2Id: lo }))).toMatch(
      /CHECK constraint failed: conversations_ordered_pair/,
    );
    expect(await failureOf(d.insert(conversations).values({ user1Id: lo, user2Id: lo }))).toMatch(
      /CHECK constraint failed: conversations_ordered_pair/,
    );
    expect(await d.$count(conversations)).toBe(1);
  });

  it("keeps usernames unique ignoring case", async () => {
    const d = db();
    await createUser({ username: "BeatSmith" });
    expect(await failureOf(createUser({ username: "beatsmith" }))).toMatch(/UNIQUE constraint failed: index 'profiles_username_lower_unique'/);
    expect(await failureOf(createUser({ username: "BEATSMITH" }))).toMatch(/UNIQUE constraint failed/);
    // The original case is kept for display, and a lookup by lower() finds it.
    const found = await d
      .select({ username: profiles.username })
      .from(profiles)
      .where(sql`lower(${profiles.username}) = lower(${"BEATSMITH"})`);
    expect(found).toEqual([{ username: "BeatSmith" }]);
    // Renaming into someone else's name (in another case) is refused too.
    const { id: other } = await createUser({ username: "loopqueen" });
    expect(await failureOf(d.update(profiles).set({ username: "beatSMITH" }).where(eq(profiles.userId, other)))).toMatch(
      /UNIQUE constraint failed/,
    );
  });

  it("keeps emails unique and lowercased", async () => {
    const d = db();
    await d.insert(users).values({ email: "dj@example.test" });
    expect(await failureOf(d.insert(users).values({ email: "dj@example.test" }))).toMatch(/UNIQUE constraint failed: users\.email/);
    expect(await failureOf(d.insert(users).values({ email: "DJ@example.test" }))).toMatch(/CHECK constraint failed: users_email_lowercase/);
  });

  it("keeps hashtag names unique and lowercased", async () => {
    const d = db();
    await d.insert(hashtags).values({ name: "synthwave" });
    expect(await failureOf(d.insert(hashtags).values({ name: "synthwave" }))).toMatch(/UNIQUE constraint failed: hashtags\.name/);
    expect(await failureOf(d.insert(hashtags).values({ name: "SynthWave" }))).toMatch(/CHECK constraint failed: hashtags_name_lowercase/);
  });
});

describe("CHECK constraints on enumerations and money", () => {
  it("refuses values outside the enumerations", async () => {
    const { id: u } = await createUser();
    const msg = await failureOf(
      env.DB.prepare(
        "INSERT INTO posts (id, user_id, content_type, media_key, mime_type, size_bytes) VALUES (?, ?, 'text', 'k', 'text/plain', 1)",
      )
        .bind(newId(), u)
        .run(),
    );
    expect(msg).toMatch(/CHECK constraint failed: posts_content_type_check/);
  });

  it("refuses a file on a physical product and an order whose total is not price + fee", async () => {
    const d = db();
    const { id: seller } = await createUser();
    const { id: buyer } = await createUser();
    expect(
      await failureOf(
        d.insert(products).values({ userId: seller, name: "Tee", category: "merchandise", priceCents: 2000, type: "physical", fileKey: "x" }),
      ),
    ).toMatch(/CHECK constraint failed: products_file_digital_only/);
    const base = {
      buyerId: buyer,
      sellerId: seller,
      itemType: "product" as const,
      itemId: newId(),
      itemName: "Beat",
      provider: "test" as const,
    };
    expect(await failureOf(d.insert(orders).values({ ...base, priceCents: 1000, feeCents: 50, totalCents: 1000 }))).toMatch(
      /CHECK constraint failed: orders_amounts_check/,
    );
    await d.insert(orders).values({ ...base, priceCents: 1000, feeCents: 50, totalCents: 1050 });
    const [order] = await d.select().from(orders).where(eq(orders.buyerId, buyer));
    expect(order).toMatchObject({ status: "pending", currency: "usd", totalCents: 1050, paidAt: null });
  });
});

describe("conversations.last_message_*", () => {
  it("is set by the messages trigger and never moves backwards", async () => {
    const d = db();
    const [lo, hi] = [(await createUser()).id, (await createUser()).id].sort() as [string, string];
    const conv = newId();
    await d.insert(conversations).values({ id: conv, user1Id: lo, user2Id: hi });
    const m1 = newId();
    const m2 = newId();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO messages (id, conversation_id, sender_id, receiver_id, content, created_at, seq) VALUES (?, ?, ?, ?, 'hi', 2000, 1)").bind(
        m1,
        conv,
        lo,
        hi,
      ),
      // Arrives later but was created earlier: must not replace the newer last message. (Each row
      // needs its own seq: the (conversation_id, seq) index is unique, decision record 0040.)
      env.DB.prepare("INSERT INTO messages (id, conversation_id, sender_id, receiver_id, content, created_at, seq) VALUES (?, ?, ?, ?, 'old', 1000, 2)").bind(
        m2,
        conv,
        hi,
        lo,
      ),
    ]);
    const [row] = await d.select().from(conversations).where(eq(conversations.id, conv));
    expect(row).toMatchObject({ lastMessageId: m1, lastMessageAt: 2000 });
  });
});
