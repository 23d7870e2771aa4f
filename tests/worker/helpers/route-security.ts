// The common route tests (CONVENTIONS.md example 9): every /api route declares what a visitor, a
// signed-in user who owns nothing there, and the owner get, and runCommonRouteTests proves it for
// each row of tests/worker/security-table.ts. Writes must also refuse cross-site and Origin-less
// requests, a forged or tampered session counts as a visitor, and a refusal writes nothing.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { signDownloadLink } from "../../../worker/services/payments/downloads";
import { insertCompletedReview, insertOffer, insertOrder, payableInTestMode } from "./checkout";
import { jpegBytes, uploadThroughApi } from "./media";
import { api, cookieHeader, expectError } from "./request";
import { insertMessage, openConversation } from "../../../worker/db/queries/conversations";
import { newId } from "../../../worker/db/ids";
import { availabilityRules, bookings, dataExports, mutedWords } from "../../../worker/db/schema";
import { db } from "./db";
import { createUser, signedInUser, signedInUserWithPost, type SignedInUser } from "./users";

/** What one kind of caller gets: the status and, for errors, the envelope's message (the spec's text). */
export interface Outcome {
  status: number;
  message?: string;
}

/** Fresh for every route, so one route's owner request (a delete, a sign-out) never touches another's. */
export interface RouteFixture {
  /** Owns the post, its one comment and the open upload; the :userId of user routes. */
  owner: SignedInUser & { postId: string };
  /** Signed in, owns nothing here. */
  other: SignedInUser;
  /** Signed in: the buyer of `orderId`, the author of `reviewId` and the one `offerId` is for. */
  buyer: SignedInUser;
  commentId: string;
  /** An open upload of a 3,000-byte JPEG, every part received. */
  uploadId: string;
  /** The owner's service and (digital, file-less) product. */
  serviceId: string;
  productId: string;
  /** A paid test-mode service order the owner sells to a third user (not `other`). */
  orderId: string;
  /** A valid download link for that order's buyer: nobody in the fixture may use it. */
  downloadToken: string;
  /** A review, not yet answered, of a completed order the owner sold to a third user (not `other`). */
  reviewId: string;
  /** The owner's conversation with a third user (never `other`), holding one message to the owner. */
  conversationId: string;
  /** That message as an item of the owner's activity feed. */
  activityId: string;
  /** An open custom offer the owner sent to the order's buyer (not `other`). */
  offerId: string;
  /** One weekly time the owner offers. */
  ruleId: string;
  /** A pending booking of `orderId`, waiting for the owner (its seller) to confirm. */
  bookingId: string;
  /** The owner's ready data export, its file in PRIVATE_FILES (decision record 0084). */
  exportId: string;
  /** A word the owner muted (decision record 0082). */
  wordId: string;
}

export interface RouteCase {
  /** Method and path exactly as the app's route table lists them, e.g. "PATCH /api/posts/:postId". */
  route: string;
  /** The JSON body; built for every request, so single-use tokens and new addresses stay fresh. */
  body?: (f: RouteFixture) => unknown;
  /** A raw body (file bytes), sent with `headers`. */
  raw?: () => Uint8Array;
  headers?: Record<string, string>;
  visitor: Outcome;
  otherUser: Outcome;
  owner: Outcome;
}

/** A route the table does not run, and why (each is proven where `reason` says). */
export interface PublicRoute {
  route: string;
  reason: string;
}

/** The same outcome for everyone: a public route. */
export function everyone(status: number, message?: string): Pick<RouteCase, "visitor" | "otherUser" | "owner"> {
  const outcome = message === undefined ? { status } : { status, message };
  return { visitor: outcome, otherUser: outcome, owner: outcome };
}

export const AUTH_REQUIRED: Outcome = { status: 401, message: "Authentication required" };

/** What the path parameters of a route stand for in a fixture. */
const PARAMS: Record<string, (f: RouteFixture) => string> = {
  postId: (f) => f.owner.postId,
  commentId: (f) => f.commentId,
  uploadId: (f) => f.uploadId,
  userId: (f) => f.owner.id,
  serviceId: (f) => f.serviceId,
  productId: (f) => f.productId,
  conversationId: (f) => f.conversationId,
  activityId: (f) => f.activityId,
  ruleId: (f) => f.ruleId,
  bookingId: (f) => f.bookingId,
  partNumber: () => "1",
  name: () => "studio",
  orderId: (f) => f.orderId,
  token: (f) => f.downloadToken,
  reviewId: (f) => f.reviewId,
  offerId: (f) => f.offerId,
  exportId: (f) => f.exportId,
  wordId: (f) => f.wordId,
};

function split(route: string): { method: string; path: string } {
  const [method, path] = route.split(" ");
  return { method: method!, path: path! };
}

/** The fixture's value for a path parameter, or undefined for a name PARAMS does not know. */
export function fixtureParam(name: string, f: RouteFixture): string | undefined {
  return PARAMS[name]?.(f);
}

function pathFor(route: string, f: RouteFixture): string {
  return split(route).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = fixtureParam(name, f);
    if (value === undefined) throw new Error(`${route}: no fixture value for :${name} (add it to PARAMS)`);
    return encodeURIComponent(value);
  });
}

/** A valid service form: an hourly mixing service. */
export const SERVICE_BODY = { name: "Mixing", category: "mixing", pricingModel: "hourly", price: "45", turnaroundDays: 3 };
/** A valid product form: a digital beat without image or file. */
export const PRODUCT_BODY = { name: "Night beat", category: "beats", price: "19.99", type: "digital" };

/** The owner with a post, a comment, an open upload, a service and a product, and another signed-in user. */
export async function routeFixture(): Promise<RouteFixture> {
  const owner = await signedInUserWithPost();
  const other = await signedInUser();
  const comment = await api(`/api/posts/${owner.postId}/comments`, { cookie: owner.cookie, body: { content: "The one comment" } });
  if (comment.status !== 201) throw new Error(`comment failed: ${comment.status} ${await comment.text()}`);
  const { id: commentId } = (await comment.json()) as { id: string };
  const uploadId = await uploadThroughApi(owner.cookie, { contentType: "image", mimeType: "image/jpeg", bytes: jpegBytes(3000), fileName: "cover.jpg" });
  // The owner can be paid (test mode's stand-in account), so buying from them goes through.
  await payableInTestMode(owner.id);
  const service = await api("/api/services", { cookie: owner.cookie, body: SERVICE_BODY });
  if (service.status !== 201) throw new Error(`service failed: ${service.status} ${await service.text()}`);
  const product = await api("/api/products", { cookie: owner.cookie, body: PRODUCT_BODY });
  if (product.status !== 201) throw new Error(`product failed: ${product.status} ${await product.text()}`);
  const [{ id: serviceId }, { id: productId }] = (await Promise.all([service.json(), product.json()])) as [{ id: string }, { id: string }];
  const buyer = await signedInUser();
  const orderId = await insertOrder({ buyerId: buyer.id, sellerId: owner.id, itemType: "service" });
  const { token: downloadToken } = await signDownloadLink(env, { orderId, fileId: null, userId: buyer.id }, Date.now());
  const reviewId = await insertCompletedReview({ buyerId: buyer.id, sellerId: owner.id });
  // Written straight to D1: the third user only needs to exist, not to sign in.
  const third = await createUser();
  const conversation = await openConversation(db(), owner.id, third.id);
  const { message } = await insertMessage(db(), {
    conversationId: conversation.id,
    senderId: third.id,
    receiverId: owner.id,
    clientId: crypto.randomUUID(),
    content: "The one message",
  });
  const offerId = await insertOffer({ sellerId: owner.id, buyerId: buyer.id });
  const ruleId = newId();
  const bookingId = newId();
  const wordId = newId();
  const startsAt = Date.now() + 7 * 86_400_000;
  await db().batch([
    db().insert(availabilityRules).values({ id: ruleId, userId: owner.id, weekday: 1, startMinute: 600, durationMinutes: 60, timeZone: "UTC" }),
    db().insert(bookings).values({ id: bookingId, orderId, sellerId: owner.id, buyerId: buyer.id, startsAt, endsAt: startsAt + 3_600_000, status: "pending", awaiting: "seller" }),
    db().insert(mutedWords).values({ id: wordId, userId: owner.id, word: "spoiler" }),
  ]);
  const exportId = newId();
  const exportKey = `data-exports/${owner.id}/${exportId}.json`;
  await env.PRIVATE_FILES.put(exportKey, JSON.stringify({ format: "backline-data-export" }));
  await db()
    .insert(dataExports)
    .values({ id: exportId, userId: owner.id, status: "ready", fileKey: exportKey, readyAt: Date.now(), expiresAt: Date.now() + 86_400_000 });
  return {
    exportId,
    owner,
    other,
    buyer,
    commentId,
    uploadId,
    serviceId,
    productId,
    orderId,
    downloadToken,
    conversationId: conversation.id,
    activityId: `message-${message.id}`,
    reviewId,
    offerId,
    ruleId,
    bookingId,
    wordId,
  };
}

/** Tables whose rows are derived or bookkeeping, never a route's write: left out of the counts. */
const UNCOUNTED = /^(?:sqlite_|_cf_|d1_migrations$)/;

let countedTables: Promise<string[]> | undefined;

/**
 * Every table of the schema, read from SQLite itself so a table added by a migration is counted
 * without anyone remembering to. Left out: SQLite's and D1's own tables, the full-text indexes and
 * their shadow tables (derived from the rows counted here), and security_events, because refusals
 * such as a visitor's sign-out or a rate-limited request are logged by design.
 */
function tablesToCount(): Promise<string[]> {
  countedTables ??= env.DB.prepare("select name, sql from sqlite_master where type = 'table'")
    .all<{ name: string; sql: string | null }>()
    .then(({ results }) => {
      const virtual = results.filter((t) => /^create virtual table/i.test(t.sql ?? "")).map((t) => t.name);
      return results
        .map((t) => t.name)
        .filter((name) => !UNCOUNTED.test(name) && name !== "security_events")
        .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)))
        .sort();
    });
  return countedTables;
}

/**
 * What a refused request must leave as it was: the row count of every table, and the fixture's
 * own post and upload (an edit or a part changes a row without adding one). One batch, so the
 * fuzz suite (tests/worker/fuzz) can take it around every request it sends.
 */
export async function refusalState(f: RouteFixture) {
  const tables = await tablesToCount();
  const [counts, post, upload] = await env.DB.batch([
    env.DB.prepare(`select ${tables.map((t) => `(select count(*) from "${t}") as "${t}"`).join(", ")}`),
    env.DB.prepare("select caption, location, tags, updated_at, likes_count, comments_count from posts where id = ?").bind(f.owner.postId),
    env.DB.prepare("select status, received_bytes, parts from uploads where id = ?").bind(f.uploadId),
  ]);
  return { counts: counts!.results[0], post: post!.results[0] ?? null, upload: upload!.results[0] ?? null };
}

async function expectOutcome(res: Response, outcome: Outcome) {
  if (outcome.status >= 400) {
    await expectError(res, outcome.status, outcome.message);
  } else {
    expect(res.status).toBe(outcome.status);
    await res.arrayBuffer();
  }
}

/** Flips the end of the token's signature, as an attacker editing a cookie would. */
function tampered(token: string): string {
  return token.slice(0, -3) + (token.endsWith("AAA") ? "BBB" : "AAA");
}

const FORGED_ACCESS = "bl_access=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.";

/** Runs the common tests for every row: one describe per route, with its own fixture. */
export function runCommonRouteTests(cases: RouteCase[]) {
  describe.each(cases)("$route", (route) => {
    const { method } = split(route.route);
    const writes = method !== "GET" && method !== "HEAD";
    let f: RouteFixture;

    beforeAll(async () => {
      f = await routeFixture();
    });

    /** Builds the request first, so the work of making a body (a sign-up for a token) is not counted. */
    async function request(cookie: string | null, origin?: string | null) {
      const body = route.body ? await route.body(f) : undefined;
      const raw = route.raw?.();
      return () =>
        api(pathFor(route.route, f), {
          method,
          cookie,
          ...(body !== undefined ? { body } : {}),
          ...(raw ? { raw } : {}),
          ...(route.headers ? { headers: route.headers } : {}),
          ...(origin !== undefined ? { origin } : {}),
        });
    }

    /** Sends a request that must be refused, and checks that nothing changed. */
    async function refused(cookie: string | null, outcome: Outcome, origin?: string | null) {
      const send = await request(cookie, origin);
      const before = await refusalState(f);
      await expectOutcome(await send(), outcome);
      expect(await refusalState(f)).toEqual(before);
    }

    // Refusals run first: a public route's successes may leave work running after the response
    // (mail to send), which must not land between a refusal's before and after.
    if (writes) {
      it("refuses a cross-site or Origin-less request from the owner with 403 and writes nothing", async () => {
        const crossOrigin = { status: 403, message: "Cross-origin request refused" };
        await refused(f.owner.cookie, crossOrigin, "https://evil.example");
        await refused(f.owner.cookie, crossOrigin, null);
      });
    }

    if (route.visitor.status === 401) {
      it("treats a forged or tampered session as a visitor", async () => {
        await refused(FORGED_ACCESS, route.visitor);
        await refused(cookieHeader({ bl_access: tampered(f.other.access) }), route.visitor);
      });
    }

    for (const [who, outcome] of [
      ["visitor", route.visitor],
      ["other user", route.otherUser],
      ["owner", route.owner],
    ] as const) {
      it(`answers ${outcome.status} to the ${who}${outcome.status >= 400 ? " and writes nothing" : ""}`, async () => {
        const cookie = who === "visitor" ? null : who === "owner" ? f.owner.cookie : f.other.cookie;
        if (outcome.status >= 400) return refused(cookie, outcome);
        await expectOutcome(await (await request(cookie))(), outcome);
      });
    }
  });
}

/** Every API route the app serves, as "METHOD /path" (a route with middleware is listed once). */
export function servedApiRoutes(routes: readonly { method: string; path: string }[]): string[] {
  const served = routes.filter((r) => r.method !== "ALL" && r.path.startsWith("/api/")).map((r) => `${r.method} ${r.path}`);
  return [...new Set(served)].sort();
}
