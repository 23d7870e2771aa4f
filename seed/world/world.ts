// Turns the hand-written demo data (data.ts) into database rows and R2 objects: ids, timestamps
// relative to `now`, R2 keys, hashtags, a follow graph and likes. Pure: no I/O, so it is easy to
// test and the seed function only has to write what it returns.
//
// Randomness (who likes what, who follows whom, small time offsets) comes from a seeded generator,
// so every seed builds the same world apart from the random UUIDs.
import type * as schema from "../../worker/db/schema";
import { newId } from "../../worker/db/ids";
import { mediaUrl } from "../../worker/lib/media-url";
import {
  CONVERSATIONS,
  DEMO_BOOKMARKS,
  DEMO_EMAIL,
  DEMO_FOLLOWERS,
  DEMO_FOLLOWS,
  DEMO_LIKES,
  DEMO_USERNAME,
  POSTS,
  PRODUCTS,
  PROFILES,
  REVIEWS,
  REVISION_ORDER,
  SERVICES,
} from "./data";
import type { SeedMediaEntry, SeedMediaManifest } from "./media-types";
import { mulberry32 } from "./random";
import { platformFeeCents } from "@shared/rules/price";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

/** One object to store in R2: `file` is a manifest key whose bytes go to `key`. */
interface SeedObject {
  bucket: "MEDIA" | "PRIVATE_FILES";
  key: string;
  file: string;
  contentType: string;
}

export interface SeedWorld {
  users: Array<typeof schema.users.$inferInsert>;
  profiles: Array<typeof schema.profiles.$inferInsert>;
  follows: Array<typeof schema.follows.$inferInsert>;
  /** sizeBytes is filled in by the seed from the bytes it actually stores. */
  posts: Array<typeof schema.posts.$inferInsert & { mediaFile: string }>;
  hashtags: Array<typeof schema.hashtags.$inferInsert>;
  postHashtags: Array<typeof schema.postHashtags.$inferInsert>;
  comments: Array<typeof schema.comments.$inferInsert>;
  postLikes: Array<typeof schema.postLikes.$inferInsert>;
  bookmarks: Array<typeof schema.bookmarks.$inferInsert>;
  services: Array<typeof schema.services.$inferInsert>;
  /** fileSize is filled in by the seed from the bytes it actually stores for fileSource. */
  products: Array<typeof schema.products.$inferInsert & { fileSource: string | null }>;
  conversations: Array<typeof schema.conversations.$inferInsert>;
  messages: Array<typeof schema.messages.$inferInsert>;
  conversationReads: Array<typeof schema.conversationReads.$inferInsert>;
  orders: Array<typeof schema.orders.$inferInsert>;
  orderHistory: Array<typeof schema.orderHistory.$inferInsert>;
  /** size is filled in by the seed from the bytes it actually stores for fileSource. */
  orderFiles: Array<typeof schema.orderFiles.$inferInsert & { fileSource: string }>;
  orderVersions: Array<typeof schema.orderVersions.$inferInsert>;
  revisionNotes: Array<typeof schema.revisionNotes.$inferInsert>;
  reviews: Array<typeof schema.reviews.$inferInsert>;
  payoutAccounts: Array<typeof schema.payoutAccounts.$inferInsert>;
  objects: SeedObject[];
  demoUserId: string;
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const extension = (file: string): string => file.slice(file.lastIndexOf(".") + 1);

/** Hashtags in a caption: '#' followed by letters, digits or underscores; stored lowercased. */
function extractHashtags(caption: string): string[] {
  const names = [...caption.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) => (m[1] ?? "").toLowerCase());
  return [...new Set(names)].filter((n) => n !== "");
}

export function buildDemoWorld(
  manifest: SeedMediaManifest,
  options: { now: number; demoPasswordHash?: string | null },
): SeedWorld {
  const { now } = options;
  const rand = mulberry32(20_240_611);
  const entry = (file: string): SeedMediaEntry => {
    const e = manifest.files[file];
    if (!e) throw new Error(`seed: ${file} is not in the media manifest`);
    return e;
  };

  const world: SeedWorld = {
    users: [],
    profiles: [],
    follows: [],
    posts: [],
    hashtags: [],
    postHashtags: [],
    comments: [],
    postLikes: [],
    bookmarks: [],
    services: [],
    products: [],
    conversations: [],
    messages: [],
    conversationReads: [],
    orders: [],
    orderHistory: [],
    orderFiles: [],
    orderVersions: [],
    revisionNotes: [],
    reviews: [],
    payoutAccounts: [],
    objects: [],
    demoUserId: "",
  };

  // ---- people ---------------------------------------------------------------------------------
  const idOf = new Map<string, string>();
  const joinedAt = new Map<string, number>();
  const userId = (username: string): string => {
    const id = idOf.get(username);
    if (!id) throw new Error(`seed: unknown username ${username}`);
    return id;
  };
  for (const p of PROFILES) {
    const id = newId();
    idOf.set(p.username, id);
    const createdAt = now - p.joinedDaysAgo * DAY - Math.floor(rand() * 8 * HOUR);
    joinedAt.set(p.username, createdAt);
    const isDemo = p.username === DEMO_USERNAME;
    world.users.push({
      id,
      email: isDemo ? DEMO_EMAIL : `${p.username}@example.com`,
      emailVerifiedAt: createdAt,
      passwordHash: isDemo ? (options.demoPasswordHash ?? null) : null,
      createdAt,
      updatedAt: createdAt,
    });
    const avatarFile = `avatars/${p.username}.jpg`;
    const avatarKey = `avatars/${id}/${newId()}.jpg`;
    world.objects.push({ bucket: "MEDIA", key: avatarKey, file: avatarFile, contentType: entry(avatarFile).mime });
    world.profiles.push({
      userId: id,
      username: p.username,
      displayName: p.displayName,
      avatarUrl: mediaUrl(avatarKey),
      bio: p.bio,
      profession: p.profession,
      location: p.location,
      verified: p.verified ?? false,
      websiteUrl: p.websiteUrl ?? null,
      skills: p.skills,
      createdAt,
      updatedAt: createdAt,
    });
  }
  const demoId = userId(DEMO_USERNAME);
  world.demoUserId = demoId;

  // ---- follow graph -----------------------------------------------------------------------------
  const followPairs = new Set<string>();
  const follow = (follower: string, following: string): void => {
    if (follower === following) return;
    const pair = `${follower}>${following}`;
    if (followPairs.has(pair)) return;
    followPairs.add(pair);
    const since = Math.max(joinedAt.get(follower) ?? now, joinedAt.get(following) ?? now);
    world.follows.push({
      id: newId(),
      followerId: userId(follower),
      followingId: userId(following),
      createdAt: since + Math.floor(rand() * (now - since) * 0.9),
    });
  };
  for (const u of DEMO_FOLLOWS) follow(DEMO_USERNAME, u);
  for (const u of DEMO_FOLLOWERS) follow(u, DEMO_USERNAME);
  // Everyone else follows 4 to 10 people, verified accounts twice as likely.
  const others = PROFILES.filter((p) => p.username !== DEMO_USERNAME);
  for (const p of others) {
    const count = 4 + Math.floor(rand() * 7);
    const ranked = others
      .filter((o) => o.username !== p.username)
      .map((o) => ({ o, w: rand() * (o.verified ? 2 : 1) }))
      .sort((a, b) => b.w - a.w);
    for (const { o } of ranked.slice(0, count)) follow(p.username, o.username);
  }

  // ---- posts, hashtags, comments, likes ---------------------------------------------------------
  const postIdByRef = new Map<string, string>();
  const postCreated = new Map<string, number>();
  const hashtagIds = new Map<string, string>();
  const hashtagScore = new Map<string, number>();
  const hashtagFirstUse = new Map<string, number>();
  for (const p of POSTS) {
    const id = newId();
    const uid = userId(p.author);
    const media = entry(p.media);
    const createdAt = now - p.hoursAgo * HOUR - Math.floor(rand() * 50 * MINUTE);
    postIdByRef.set(p.ref, id);
    postCreated.set(p.ref, createdAt);
    const contentType = media.kind === "audio" ? "audio" : media.kind === "video" ? "video" : "image";
    const folder = { image: "post-images", audio: "post-audio", video: "post-videos" }[contentType];
    // Each post gets its own copy of the file: deleting a post removes its object first (spec
    // §4), which must never break another post that happens to use the same demo media.
    const mediaKey = `${folder}/${uid}/${id}.${extension(p.media)}`;
    world.objects.push({ bucket: "MEDIA", key: mediaKey, file: p.media, contentType: media.mime });
    let thumbnailKey: string | null = null;
    if (media.poster) {
      thumbnailKey = `${folder}/${uid}/${id}-poster.jpg`;
      world.objects.push({ bucket: "MEDIA", key: thumbnailKey, file: media.poster, contentType: entry(media.poster).mime });
    }
    world.posts.push({
      id,
      userId: uid,
      contentType,
      mediaKey,
      mediaFile: p.media,
      mimeType: media.mime,
      sizeBytes: media.bytes,
      thumbnailKey,
      width: media.width ?? null,
      height: media.height ?? null,
      durationMs: media.duration_ms ?? null,
      waveform: contentType === "image" ? null : (media.waveform ?? null),
      caption: p.caption,
      location: p.location ?? null,
      tags: p.tags ?? [],
      createdAt,
      updatedAt: createdAt,
    });

    const ageDays = (now - createdAt) / DAY;
    for (const name of extractHashtags(p.caption)) {
      let hid = hashtagIds.get(name);
      if (!hid) {
        hid = newId();
        hashtagIds.set(name, hid);
      }
      world.postHashtags.push({ postId: id, hashtagId: hid });
      // A provisional trending score (recent use counts most, likes add weight) so the Tags tab is
      // populated before the trending cron first runs; the cron recomputes it.
      hashtagScore.set(name, (hashtagScore.get(name) ?? 0) + Math.exp(-ageDays / 7) * (1 + p.likes / 20));
      hashtagFirstUse.set(name, Math.min(hashtagFirstUse.get(name) ?? createdAt, createdAt));
    }

    // Comments: spaced after the post, replies after their parent, all in the past.
    let t = createdAt;
    const step = Math.max(MINUTE, Math.min((now - createdAt) / 8, 6 * HOUR));
    for (const c of p.comments ?? []) {
      t += Math.floor(step * (0.3 + rand()));
      const cid = newId();
      world.comments.push({ id: cid, postId: id, userId: userId(c.author), parentId: null, content: c.text, createdAt: Math.min(t, now - MINUTE) });
      for (const r of c.replies ?? []) {
        t += Math.floor(step * (0.2 + rand() * 0.5));
        world.comments.push({ id: newId(), postId: id, userId: userId(r.author), parentId: cid, content: r.text, createdAt: Math.min(t, now - MINUTE) });
      }
    }

    // Likes from other people (never the author; the demo user's likes are listed explicitly).
    const candidates = shuffled(
      PROFILES.filter((x) => x.username !== p.author && x.username !== DEMO_USERNAME).map((x) => x.username),
      rand,
    );
    const likers = candidates.slice(0, Math.min(p.likes, candidates.length));
    if (DEMO_LIKES.includes(p.ref) && p.author !== DEMO_USERNAME) likers.push(DEMO_USERNAME);
    for (const liker of likers) {
      world.postLikes.push({
        id: newId(),
        postId: id,
        userId: userId(liker),
        createdAt: createdAt + Math.floor(rand() * (now - createdAt)),
      });
    }
  }
  for (const [name, id] of hashtagIds) {
    const at = hashtagFirstUse.get(name) ?? now;
    world.hashtags.push({
      id,
      name,
      trendingScore: Math.round((hashtagScore.get(name) ?? 0) * 1000) / 1000,
      createdAt: at,
      updatedAt: now,
    });
  }

  // ---- bookmarks --------------------------------------------------------------------------------
  for (const ref of DEMO_BOOKMARKS) {
    const postId = postIdByRef.get(ref);
    const created = postCreated.get(ref);
    if (!postId || created === undefined) throw new Error(`seed: unknown post ref ${ref}`);
    world.bookmarks.push({ userId: demoId, postId, createdAt: created + Math.floor(rand() * (now - created)) });
  }

  // ---- marketplace ------------------------------------------------------------------------------
  for (const s of SERVICES) {
    const createdAt = now - s.daysAgo * DAY - Math.floor(rand() * 12 * HOUR);
    world.services.push({
      id: newId(),
      userId: userId(s.owner),
      name: s.name,
      description: s.description,
      category: s.category,
      needsScheduling: s.needsScheduling,
      pricingModel: s.pricingModel,
      priceCents: s.pricingModel === "package" ? null : s.priceCents,
      packageDetails: s.pricingModel === "package" ? (s.packages ?? null) : null,
      turnaroundDays: s.turnaroundDays,
      createdAt,
      updatedAt: createdAt,
    });
  }
  for (const p of PRODUCTS) {
    const id = newId();
    const uid = userId(p.owner);
    const createdAt = now - p.daysAgo * DAY - Math.floor(rand() * 12 * HOUR);
    let imageKey: string | null = null;
    if (p.image) {
      imageKey = `product-images/${uid}/${id}.${extension(p.image)}`;
      world.objects.push({ bucket: "MEDIA", key: imageKey, file: p.image, contentType: entry(p.image).mime });
    }
    let fileKey: string | null = null;
    let fileSource: string | null = null;
    if (p.file && p.type === "digital") {
      fileSource = p.file;
      // Private bucket: served only through a signed link checked against the buyer's order.
      fileKey = `product-files/${uid}/${id}.${extension(p.file)}`;
      world.objects.push({ bucket: "PRIVATE_FILES", key: fileKey, file: p.file, contentType: entry(p.file).mime });
    }
    world.products.push({
      id,
      userId: uid,
      name: p.name,
      description: p.description,
      category: p.category,
      priceCents: p.priceCents,
      type: p.type,
      fileKey,
      // The buyer's download name and type; the size is the stored bytes' (filled in by the seed).
      fileName: fileSource ? fileSource.slice(fileSource.lastIndexOf("/") + 1) : null,
      fileMime: fileSource ? entry(fileSource).mime : null,
      fileSource,
      imageKey,
      createdAt,
      updatedAt: createdAt,
    });
  }

  // ---- payouts (decision record 0081) ---------------------------------------------------------
  // Every seller but the demo account finished the TEST MODE payout onboarding, so their items can
  // be bought; the demo account has not, so signing in as it shows "Set up payouts" on /payments
  // and the whole onboarding flow.
  const sellerIds = new Set([...world.services.map((s) => s.userId), ...world.products.map((p) => p.userId)]);
  for (const sellerId of sellerIds) {
    if (sellerId === demoId) continue;
    world.payoutAccounts.push({
      userId: sellerId,
      stripeAccountId: `acct_test_${sellerId.replaceAll("-", "").slice(0, 16)}`,
      mode: "test",
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
      requirementsPending: [],
      syncedAt: now,
      createdAt: now,
      updatedAt: now,
    });
  }

  // ---- completed orders and their reviews --------------------------------------------------------
  for (const r of REVIEWS) {
    const service = world.services.find((s) => s.userId === userId(r.owner) && s.name === r.service);
    if (!service?.id) throw new Error(`seed: no service ${r.service} by ${r.owner}`);
    const priceCents = service.priceCents ?? 0;
    const feeCents = platformFeeCents(priceCents);
    const completedAt = now - r.daysAgo * DAY;
    const paidAt = completedAt - 7 * DAY;
    const orderId = newId();
    const buyerId = userId(r.buyer);
    world.orders.push({
      id: orderId,
      buyerId,
      sellerId: service.userId,
      itemType: "service",
      itemId: service.id,
      itemName: service.name,
      priceCents,
      feeCents,
      totalCents: priceCents + feeCents,
      status: "completed",
      provider: "test",
      createdAt: paidAt,
      updatedAt: completedAt,
      paidAt,
      statusChangedAt: completedAt,
    });
    world.orderHistory.push(
      { id: newId(), orderId, status: "pending", actor: "buyer", createdAt: paidAt },
      { id: newId(), orderId, status: "paid", actor: "system", createdAt: paidAt },
      { id: newId(), orderId, status: "delivered", actor: "seller", createdAt: completedAt - DAY },
      { id: newId(), orderId, status: "completed", actor: "buyer", createdAt: completedAt },
    );
    const reviewedAt = completedAt + 2 * HOUR;
    world.reviews.push({
      id: newId(),
      orderId,
      buyerId,
      sellerId: service.userId,
      itemType: "service",
      itemId: service.id,
      itemName: service.name,
      rating: r.rating,
      content: r.text,
      answer: r.answer ?? null,
      answeredAt: r.answer ? reviewedAt + DAY : null,
      createdAt: reviewedAt,
      updatedAt: reviewedAt,
    });
  }

  // ---- a delivery under review, with versions and revision notes (decision record 0091) --------
  {
    const r = REVISION_ORDER;
    const service = world.services.find((s) => s.userId === userId(r.owner) && s.name === r.service);
    if (!service?.id) throw new Error(`seed: no service ${r.service} by ${r.owner}`);
    const priceCents = service.priceCents ?? 0;
    const feeCents = platformFeeCents(priceCents);
    const buyerId = userId(r.buyer);
    const orderId = newId();
    const paidAt = now - r.daysAgo * DAY;
    // Day by day: paid, v1 delivered, notes and the request, v2 delivered (a day ago).
    const at = (days: number) => paidAt + days * DAY;
    const history = {
      pending: newId(),
      paid: newId(),
      firstDelivery: newId(),
      request: newId(),
      secondDelivery: newId(),
    };
    const lastDelivery = at(r.daysAgo - 1);
    world.orders.push({
      id: orderId,
      buyerId,
      sellerId: service.userId,
      itemType: "service",
      itemId: service.id,
      itemName: service.name,
      priceCents,
      feeCents,
      totalCents: priceCents + feeCents,
      status: "delivered",
      provider: "test",
      createdAt: paidAt,
      updatedAt: lastDelivery,
      paidAt,
      statusChangedAt: lastDelivery,
    });
    const deliveries = [
      { historyId: history.firstDelivery, at: at(2) },
      { historyId: history.secondDelivery, at: lastDelivery },
    ];
    world.orderHistory.push(
      { id: history.pending, orderId, status: "pending", actor: "buyer", createdAt: paidAt },
      { id: history.paid, orderId, status: "paid", actor: "system", createdAt: paidAt },
      { id: history.firstDelivery, orderId, status: "delivered", actor: "seller", note: r.versions[0]?.deliveryNote ?? null, createdAt: deliveries[0]!.at },
      { id: history.request, orderId, status: "in_progress", actor: "buyer", note: r.requestNote, createdAt: at(3) },
      { id: history.secondDelivery, orderId, status: "delivered", actor: "seller", note: r.versions[1]?.deliveryNote ?? null, createdAt: lastDelivery },
    );
    const versionIds: string[] = [];
    r.versions.forEach((v, i) => {
      const delivery = deliveries[i];
      if (!delivery) throw new Error("seed: a version without its delivery");
      const media = entry(v.file);
      const fileId = newId();
      const versionId = newId();
      versionIds.push(versionId);
      const key = `order-files/${orderId}/${fileId}`;
      const createdAt = delivery.at - 2 * HOUR;
      world.objects.push({ bucket: "PRIVATE_FILES", key, file: v.file, contentType: media.mime });
      world.orderFiles.push({ id: fileId, orderId, key, name: v.name, contentType: media.mime, size: media.bytes, createdAt, deliveredAt: delivery.at, fileSource: v.file });
      world.orderVersions.push({
        id: versionId,
        orderId,
        fileId,
        number: i + 1,
        note: v.note,
        durationMs: media.duration_ms ?? 1,
        waveform: media.waveform ?? null,
        contentType: media.mime,
        createdAt,
        deliveredAt: delivery.at,
        deliveryHistoryId: delivery.historyId,
      });
    });
    const versionId = (number: number): string => {
      const id = versionIds[number - 1];
      if (!id) throw new Error(`seed: no version ${number}`);
      return id;
    };
    r.notes.forEach((n, i) => {
      world.revisionNotes.push({
        id: newId(),
        orderId,
        versionId: versionId(n.version),
        authorId: buyerId,
        atMs: n.atMs,
        endMs: n.endMs ?? null,
        body: n.text,
        createdAt: at(3) - (r.notes.length - i) * HOUR,
        requestedAt: at(3),
        requestHistoryId: history.request,
        resolvedInVersionId: n.resolvedIn ? versionId(n.resolvedIn) : null,
        resolvedAt: n.resolvedIn ? lastDelivery - 3 * HOUR : null,
      });
    });
  }

  // ---- conversations ----------------------------------------------------------------------------
  for (const c of CONVERSATIONS) {
    const otherId = userId(c.with);
    const [user1Id, user2Id] = demoId < otherId ? [demoId, otherId] : [otherId, demoId];
    const conversationId = newId();
    const times = c.messages.map((m) => now - m.minutesAgo * MINUTE);
    world.conversations.push({ id: conversationId, user1Id, user2Id, createdAt: Math.min(...times) });
    c.messages.forEach((m, i) => {
      world.messages.push({
        id: newId(),
        conversationId,
        senderId: m.fromDemo ? demoId : otherId,
        receiverId: m.fromDemo ? otherId : demoId,
        content: m.text,
        messageType: "text",
        status: "sent",
        createdAt: times[i] ?? now,
        seq: i + 1,
      });
    });
    const last = Math.max(...times);
    const lastFromDemo = Math.max(...c.messages.map((m, i) => (m.fromDemo ? (times[i] ?? 0) : 0)));
    world.conversationReads.push({ conversationId, userId: otherId, lastReadAt: last });
    world.conversationReads.push({ conversationId, userId: demoId, lastReadAt: c.readByDemo ? last : lastFromDemo });
  }

  return world;
}
