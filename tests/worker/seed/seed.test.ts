// The demo world: seeding an empty database creates a believable,
// consistent world, and seeding again changes nothing. Real media files are not readable inside
// workerd, so the test passes small placeholder bytes per manifest file.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { screenContent } from "@shared/rules/content-screen";
import { PRICING_MODELS, PRODUCT_CATEGORIES, PRODUCT_TYPES, SERVICE_CATEGORIES } from "@shared/constants";
import { CONVERSATIONS, POSTS, PROFILES, DEMO_USERNAME, REVIEWS, REVISION_ORDER } from "../../../seed/world/data";
import { SEED_MEDIA_MANIFEST, seedDemoWorld, type SeedMedia } from "../../../seed/world/seed";
import { buildDemoWorld } from "../../../seed/world/world";

const placeholder: SeedMedia = (file) => new TextEncoder().encode(`placeholder:${file}`);
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

async function all<T>(query: string, ...params: unknown[]): Promise<T[]> {
  return (await env.DB.prepare(query).bind(...params).all<T>()).results;
}
async function count(query: string, ...params: unknown[]): Promise<number> {
  const row = await env.DB.prepare(query).bind(...params).first<{ n: number }>();
  return row?.n ?? 0;
}

const TABLES = [
  "users",
  "profiles",
  "follows",
  "posts",
  "hashtags",
  "post_hashtags",
  "comments",
  "post_likes",
  "bookmarks",
  "services",
  "products",
  "conversations",
  "messages",
  "conversation_reads",
  "orders",
  "order_history",
  "order_files",
  "order_versions",
  "revision_notes",
  "reviews",
];
async function rowCounts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) out[t] = await count(`select count(*) as n from ${t}`);
  return out;
}

describe("demo data", () => {
  it("passes the content screen everywhere a user could have typed it", () => {
    const texts = [
      ...POSTS.flatMap((p) => [p.caption, ...(p.comments ?? []).flatMap((c) => [c.text, ...(c.replies ?? []).map((r) => r.text)])]),
      ...CONVERSATIONS.flatMap((c) => c.messages.map((m) => m.text)),
      ...PROFILES.map((p) => p.bio),
      ...REVIEWS.flatMap((r) => [r.text, ...(r.answer ? [r.answer] : [])]),
      REVISION_ORDER.requestNote,
      ...REVISION_ORDER.versions.flatMap((v) => [v.note, v.deliveryNote]),
      ...REVISION_ORDER.notes.map((n) => n.text),
    ];
    for (const text of texts) expect(screenContent(text), text).toEqual(screenContent("fine"));
    for (const p of POSTS) expect(p.caption.length).toBeLessThanOrEqual(500);
  });

  it("uses only media that exists in the manifest", () => {
    for (const p of POSTS) expect(SEED_MEDIA_MANIFEST.files[p.media], p.media).toBeDefined();
    for (const p of PROFILES) expect(SEED_MEDIA_MANIFEST.files[`avatars/${p.username}.jpg`], p.username).toBeDefined();
  });
});

describe("seedDemoWorld", () => {
  it("seeds a consistent world once, and a second run changes nothing", async () => {
    const result = await seedDemoWorld(env, placeholder, { now: NOW });
    expect(result.seeded).toBe(true);
    expect(result.users).toBeGreaterThanOrEqual(30);
    expect(result.posts).toBeGreaterThanOrEqual(55);

    // People across the professions, some verified, and the demo user without a password yet.
    expect(await count("select count(*) as n from profiles")).toBeGreaterThanOrEqual(30);
    expect(await count("select count(distinct profession) as n from profiles")).toBeGreaterThanOrEqual(8);
    expect(await count("select count(*) as n from profiles where verified = 1")).toBeGreaterThan(5);
    const demo = await env.DB.prepare(
      "select p.user_id, p.display_name, p.follower_count, p.following_count, p.post_count, u.password_hash from profiles p join users u on u.id = p.user_id where p.username = ?",
    )
      .bind(DEMO_USERNAME)
      .first<{ user_id: string; display_name: string; follower_count: number; following_count: number; post_count: number; password_hash: string | null }>();
    expect(demo).toMatchObject({ display_name: "Demo Producer", password_hash: null });
    if (!demo) throw new Error("no demo user");

    // Counters come from the triggers and equal the rows they count.
    expect(demo.follower_count).toBe(await count("select count(*) as n from follows where following_id = ?", demo.user_id));
    expect(demo.following_count).toBe(await count("select count(*) as n from follows where follower_id = ?", demo.user_id));
    expect(demo.follower_count).toBeGreaterThanOrEqual(15);
    expect(demo.following_count).toBeGreaterThanOrEqual(12);
    expect(demo.post_count).toBe(await count("select count(*) as n from posts where user_id = ?", demo.user_id));
    expect(
      await count(
        `select count(*) as n from profiles p where
           p.post_count <> (select count(*) from posts where user_id = p.user_id)
           or p.follower_count <> (select count(*) from follows where following_id = p.user_id)
           or p.following_count <> (select count(*) from follows where follower_id = p.user_id)`,
      ),
    ).toBe(0);
    expect(
      await count(
        `select count(*) as n from posts x where
           x.likes_count <> (select count(*) from post_likes where post_id = x.id)
           or x.comments_count <> (select count(*) from comments where post_id = x.id)`,
      ),
    ).toBe(0);
    expect(
      await count("select count(*) as n from hashtags h where h.usage_count <> (select count(*) from post_hashtags where hashtag_id = h.id)"),
    ).toBe(0);
    expect(await count("select count(*) as n from hashtags where usage_count >= 3")).toBeGreaterThan(3);

    // Posts of all three types over the last month, each with its media object in R2.
    const posts = await all<{
      id: string;
      user_id: string;
      content_type: string;
      media_key: string;
      mime_type: string;
      size_bytes: number;
      thumbnail_key: string | null;
      waveform: string | null;
      duration_ms: number | null;
      created_at: number;
    }>("select id, user_id, content_type, media_key, mime_type, size_bytes, thumbnail_key, waveform, duration_ms, created_at from posts");
    expect(new Set(posts.map((p) => p.content_type))).toEqual(new Set(["image", "audio", "video"]));
    const folder = { image: "post-images", audio: "post-audio", video: "post-videos" } as const;
    for (const p of posts) {
      expect(p.media_key.startsWith(`${folder[p.content_type as keyof typeof folder]}/${p.user_id}/${p.id}.`)).toBe(true);
      expect(p.created_at).toBeLessThan(NOW);
      expect(p.created_at).toBeGreaterThan(NOW - 31 * 24 * 3_600_000);
      const obj = await env.MEDIA.get(p.media_key);
      expect(obj, p.media_key).not.toBeNull();
      expect(obj?.httpMetadata?.contentType).toBe(p.mime_type);
      expect(obj?.size).toBe(p.size_bytes);
      await obj?.arrayBuffer();
      if (p.content_type === "video") {
        expect(p.thumbnail_key).not.toBeNull();
        const poster = await env.MEDIA.get(p.thumbnail_key ?? "");
        expect(poster?.httpMetadata?.contentType).toBe("image/jpeg");
        await poster?.arrayBuffer();
      }
      if (p.content_type !== "image") {
        const peaks = JSON.parse(p.waveform ?? "[]") as number[];
        expect(peaks.length).toBeGreaterThanOrEqual(100);
        expect(peaks.every((v) => v >= 0 && v <= 1)).toBe(true);
        expect(p.duration_ms).toBeGreaterThan(4000);
      }
    }

    // Avatars are stored and linked.
    const avatars = await all<{ user_id: string; avatar_url: string }>("select user_id, avatar_url from profiles");
    for (const a of avatars) {
      expect(a.avatar_url.startsWith(`/media/avatars/${a.user_id}/`)).toBe(true);
      const obj = await env.MEDIA.head(a.avatar_url.slice("/media/".length));
      expect(obj?.httpMetadata?.contentType).toBe("image/jpeg");
    }

    // Threaded comments, bookmarks and likes for the demo user.
    expect(await count("select count(*) as n from comments where parent_id is not null")).toBeGreaterThan(5);
    expect(await count("select count(*) as n from bookmarks where user_id = ?", demo.user_id)).toBeGreaterThanOrEqual(5);
    expect(await count("select count(*) as n from post_likes where user_id = ?", demo.user_id)).toBeGreaterThanOrEqual(5);

    // Services: every category and every pricing model; package prices live in package_details.
    const services = await all<{ category: string; pricing_model: string; price_cents: number | null; package_details: string | null; turnaround_days: number }>(
      "select category, pricing_model, price_cents, package_details, turnaround_days from services",
    );
    expect(new Set(services.map((s) => s.category))).toEqual(new Set(SERVICE_CATEGORIES));
    expect(new Set(services.map((s) => s.pricing_model))).toEqual(new Set(PRICING_MODELS));
    for (const s of services) {
      if (s.pricing_model === "package") {
        expect(s.price_cents).toBeNull();
        // A list of packages (decision record 0034), each with sessions and a price.
        const packages = JSON.parse(s.package_details ?? "null") as unknown[];
        expect(packages.length).toBeGreaterThan(0);
        for (const pack of packages) expect(pack).toMatchObject({ sessions: expect.any(Number), priceCents: expect.any(Number) });
      } else expect(s.price_cents).toBeGreaterThan(0);
    }

    // Products: both types across categories; digital files in the private bucket only.
    const products = await all<{
      user_id: string;
      type: string;
      category: string;
      file_key: string | null;
      image_key: string | null;
      file_name: string | null;
      file_size: number | null;
      file_mime: string | null;
    }>("select user_id, type, category, file_key, image_key, file_name, file_size, file_mime from products");
    expect(new Set(products.map((p) => p.type))).toEqual(new Set(PRODUCT_TYPES));
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(PRODUCT_CATEGORIES));
    for (const p of products) {
      if (p.type === "digital") {
        expect(p.file_key).not.toBeNull();
        const file = await env.PRIVATE_FILES.head(p.file_key ?? "");
        expect(file, p.file_key ?? "").not.toBeNull();
        expect(await env.MEDIA.head(p.file_key ?? "")).toBeNull();
        // The buyer's download name, the stored size and the type come with it.
        expect(p.file_name).toMatch(/\.(zip|wav|mp3)$/);
        expect(p.file_size).toBe(file?.size);
        expect(p.file_mime).toBe(file?.httpMetadata?.contentType);
      } else expect(p.file_key).toBeNull();
      if (p.image_key) expect(await env.MEDIA.head(p.image_key)).not.toBeNull();
    }

    // Every seller has both tabs filled: whoever offers a service sells a product, and the reverse.
    const serviceSellers = new Set((await all<{ user_id: string }>("select distinct user_id from services")).map((r) => r.user_id));
    const productSellers = new Set(products.map((p) => p.user_id));
    expect(serviceSellers.size).toBeGreaterThanOrEqual(20);
    expect(productSellers).toEqual(serviceSellers);
    expect(products.filter((p) => p.image_key !== null).length).toBeGreaterThanOrEqual(products.length - 1);

    // Conversations with the demo user, ordered pairs, last message kept by the trigger.
    const convs = await all<{ id: string; user1_id: string; user2_id: string; last_message_id: string | null; last_message_at: number | null }>(
      "select id, user1_id, user2_id, last_message_id, last_message_at from conversations",
    );
    expect(convs.length).toBeGreaterThanOrEqual(2);
    for (const c of convs) {
      expect(c.user1_id < c.user2_id).toBe(true);
      expect([c.user1_id, c.user2_id]).toContain(demo.user_id);
      const last = await env.DB.prepare("select id, created_at from messages where conversation_id = ? order by created_at desc limit 1")
        .bind(c.id)
        .first<{ id: string; created_at: number }>();
      expect(c.last_message_id).toBe(last?.id);
      expect(c.last_message_at).toBe(last?.created_at);
    }

    // Completed orders with their reviews: real ratings on the reviewed services' public pages.
    const reviewed = await all<{ rating: number; status: string; item_id: string; seller_id: string; buyer_id: string; service_owner: string | null }>(
      `select r.rating, o.status, r.item_id, r.seller_id, r.buyer_id, s.user_id as service_owner
         from reviews r join orders o on o.id = r.order_id left join services s on s.id = r.item_id`,
    );
    expect(reviewed).toHaveLength(REVIEWS.length);
    for (const r of reviewed) {
      expect(r.status).toBe("completed");
      expect(r.service_owner).toBe(r.seller_id);
      expect(r.buyer_id).not.toBe(r.seller_id);
    }
    expect(reviewed.filter((r) => r.buyer_id === demo.user_id).length).toBeGreaterThanOrEqual(1);

    // A delivery under review (decision record 0091): the demo account's order holds v1 and v2,
    // both delivered with their files in PRIVATE_FILES, and the two notes its revision request
    // sent, one resolved in v2, each within its version's length.
    const versions = await all<{ order_id: string; status: string; buyer_id: string; number: number; duration_ms: number; delivered_at: number | null; key: string; size: number; file_delivered_at: number | null; delivery_status: string | null }>(
      `select v.order_id, o.status, o.buyer_id, v.number, v.duration_ms, v.delivered_at, f.key, f.size, f.delivered_at as file_delivered_at, h.status as delivery_status
         from order_versions v join orders o on o.id = v.order_id join order_files f on f.id = v.file_id left join order_history h on h.id = v.delivery_history_id
        order by v.number`,
    );
    expect(versions.map((v) => [v.number, v.status, v.buyer_id, v.delivery_status])).toEqual([
      [1, "delivered", demo.user_id, "delivered"],
      [2, "delivered", demo.user_id, "delivered"],
    ]);
    for (const v of versions) {
      expect(v.delivered_at).toBe(v.file_delivered_at);
      expect((await env.PRIVATE_FILES.head(v.key))?.size).toBe(v.size);
    }
    const notes = await all<{ at_ms: number; end_ms: number | null; number: number; duration_ms: number; requested_at: number | null; resolved_in: number | null; request_status: string }>(
      `select n.at_ms, n.end_ms, v.number, v.duration_ms, n.requested_at, r.number as resolved_in, h.status as request_status
         from revision_notes n join order_versions v on v.id = n.version_id left join order_versions r on r.id = n.resolved_in_version_id
         join order_history h on h.id = n.request_history_id order by n.at_ms`,
    );
    expect(notes.map((n) => [n.number, n.resolved_in, n.request_status])).toEqual([
      [1, 2, "in_progress"],
      [1, null, "in_progress"],
    ]);
    for (const n of notes) expect(n.at_ms < n.duration_ms && (n.end_ms ?? 0) <= n.duration_ms && n.requested_at !== null).toBe(true);

    // Payouts (decision record 0081): every seller but the demo account can be paid in test mode;
    // the demo account has not set payouts up, so /payments shows the onboarding flow.
    const sellers = await all<{ user_id: string; mode: string | null; charges_enabled: number | null }>(
      `select s.user_id, pa.mode, pa.charges_enabled
         from (select user_id from services union select user_id from products) s left join payout_accounts pa on pa.user_id = s.user_id`,
    );
    expect(sellers.length).toBeGreaterThan(10);
    for (const seller of sellers) {
      if (seller.user_id === demo.user_id) expect(seller.mode).toBeNull();
      else expect([seller.mode, seller.charges_enabled]).toEqual(["test", 1]);
    }

    // A second run finds the demo user and changes nothing.
    const before = await rowCounts();
    const objectsBefore = (await env.MEDIA.list({ limit: 1000 })).objects.length;
    const again = await seedDemoWorld(env, placeholder, { now: NOW + 60_000 });
    expect(again).toEqual({ seeded: false, users: 0, posts: 0 });
    expect(await rowCounts()).toEqual(before);
    expect((await env.MEDIA.list({ limit: 1000 })).objects.length).toBe(objectsBefore);

    // A world seeded before payouts existed gets its sellers' TEST MODE accounts on the next run;
    // an account a seller set up themselves is left as it is, and the demo account gets none.
    const [first, second] = sellers.filter((seller) => seller.user_id !== demo.user_id);
    await env.DB.prepare("delete from payout_accounts where user_id = ?").bind(first!.user_id).run();
    await env.DB.prepare("update payout_accounts set mode = 'stripe', stripe_account_id = 'acct_real_1', charges_enabled = 0 where user_id = ?").bind(second!.user_id).run();
    await seedDemoWorld(env, placeholder, { now: NOW + 120_000 });
    const accounts = await all<{ user_id: string; mode: string; stripe_account_id: string; charges_enabled: number }>(
      "select user_id, mode, stripe_account_id, charges_enabled from payout_accounts where user_id in (?, ?, ?)",
      first!.user_id,
      second!.user_id,
      demo.user_id,
    );
    expect(accounts.find((a) => a.user_id === first!.user_id)).toMatchObject({ mode: "test", charges_enabled: 1 });
    expect(accounts.find((a) => a.user_id === second!.user_id)).toMatchObject({ mode: "stripe", stripe_account_id: "acct_real_1", charges_enabled: 0 });
    expect(accounts.find((a) => a.user_id === demo.user_id)).toBeUndefined();
  });

  it("gives only the demo user the password hash it is passed", () => {
    const world = buildDemoWorld(SEED_MEDIA_MANIFEST, { now: NOW, demoPasswordHash: "pbkdf2-sha256$100000$salt$hash" });
    const demoUser = world.users.find((u) => u.id === world.demoUserId);
    expect(demoUser?.passwordHash).toBe("pbkdf2-sha256$100000$salt$hash");
    expect(demoUser?.email).toBe("demo@example.com");
    expect(world.users.filter((u) => u.passwordHash != null)).toHaveLength(1);
  });
});
