// The common route tests (CONVENTIONS.md example 9): every /api route declares what a visitor, a
// signed-in user who owns nothing there, the buyer of the owner's order and the owner get, and
// runCommonRouteTests proves it for each row of tests/worker/security-table.ts. Writes must also
// refuse cross-site and Origin-less requests, a forged or tampered session counts as a visitor, a
// refusal changes no row, and no success answer to anyone but the owner carries the owner's
// private data (decision record 0018).
import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatCentsExact, purchaseTotal } from "@shared/rules/price";
import { unsubscribeToken } from "../../../worker/services/notifications/unsubscribe";
import { signDownloadLink } from "../../../worker/services/payments/downloads";
import { insertCompletedReview, insertOffer, insertOrder, payableInTestMode } from "./checkout";
import { jpegBytes, uploadThroughApi } from "./media";
import { insertRevisionFixture, type RevisionFixture } from "./revisions";
import { api, cookieHeader, expectError } from "./request";
import { insertMessage, openConversation } from "../../../worker/db/queries/conversations";
import { newId } from "../../../worker/db/ids";
import { availabilityRules, bookings, dataExports, mutedWords, profiles } from "../../../worker/db/schema";
import { db, unique } from "./db";
import { createUser, signedInUser, signedInUserWithPost, type SignedInUser } from "./users";

/** What one kind of caller gets: the status and, for errors, the envelope's message (the spec's text). */
export interface Outcome {
  status: number;
  message?: string;
}

/**
 * What the fixture's owner keeps to themselves (issue #27 item 9): no success answer to anyone else
 * may carry it. Each is distinctive, so finding it in a body is a leak and not a coincidence.
 */
export interface OwnerSecrets {
  /** Their sign-in address (unique per user). */
  email: string;
  /** The phone of their onboarding answers (private: shared/profile-api.ts OwnProfile). */
  phone: string;
  /** The price of a completed sale to the third user: their earnings, which /payments and /analytics sum. */
  earnings: number;
  /** The third user's message to them, in their conversation. */
  message: string;
}

export type OwnerSecret = keyof OwnerSecrets;

/** Fresh for every route, so one route's owner request (a delete, a sign-out) never touches another's. */
export interface RouteFixture {
  /** Owns the post, its one comment and the open upload; the :userId of user routes. */
  owner: SignedInUser & { postId: string };
  /** Signed in, owns nothing here. */
  other: SignedInUser;
  /**
   * Signed in: the buyer of `orderId` (and of its pending booking), the author of `reviewId` and the
   * one `offerId` is for. Never in the owner's conversation, and not the buyer of their distinctive sale.
   */
  buyer: SignedInUser;
  commentId: string;
  /** An open upload of a 3,000-byte JPEG, every part received. */
  uploadId: string;
  /** The owner's service and (digital, file-less) product. */
  serviceId: string;
  productId: string;
  /** A paid test-mode service order the owner sells to `buyer`. */
  orderId: string;
  /** A valid download link for that order's buyer (the order is a service: there is nothing to download). */
  downloadToken: string;
  /** A review by `buyer`, not yet answered, of a completed order the owner sold them. */
  reviewId: string;
  /** The owner's conversation with a third user (never `other` or `buyer`), holding one message to the owner. */
  conversationId: string;
  /** That message as an item of the owner's activity feed. */
  activityId: string;
  /** An open custom offer the owner sent to `buyer`. */
  offerId: string;
  /** One weekly time the owner offers. */
  ruleId: string;
  /** A pending booking of `orderId`, waiting for the owner (its seller) to confirm. */
  bookingId: string;
  /** The owner's ready data export, its file in PRIVATE_FILES (decision record 0084). */
  exportId: string;
  /** A word the owner muted (decision record 0082). */
  wordId: string;
  /**
   * Audio versions and revision notes (decision record 0091): an undelivered WAV attached to
   * `orderId`, and two more service orders the owner sells to `buyer`, one awaiting review (a
   * delivered v1 with the buyer's draft) and one in revision (an open note, and one the owner
   * marked resolved in the undelivered v2). ROUTE_PARAMS names them in the routes that need them.
   */
  revisions: RevisionFixture;
  /** A native push token the owner registered through the API (issue #30). */
  pushToken: string;
  /** A one-click unsubscribe token of the owner's order mail (issue #30). */
  unsubscribeToken: string;
  secrets: OwnerSecrets;
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
  /**
   * What the fixture's buyer gets. Left out, the buyer is one more signed-in user who owns nothing
   * the route touches and gets `otherUser` (buyerOutcome); the groups about orders, downloads,
   * checkout, payments, offers, reviews, bookings and leaving are PartyRouteCase, which must say.
   */
  buyer?: Outcome;
  /**
   * The buyer runs on a fixture of their own: the row's write is one the buyer and the owner may
   * both make on the same thing (cancelling the booking), so whoever went first would spoil the
   * other's success. Without it all callers share the row's fixture (the owner goes last).
   */
  buyerApart?: true;
  /**
   * The owner's secrets this row's success answers rightly carry to every caller, and why (signing
   * in with the owner's password answers with the owner's account). Any other is a leak.
   */
  reveals?: { secrets: OwnerSecret[]; because: string };
}

/** A row whose route concerns the buyer's side of the fixture, so the buyer's outcome is stated. */
export type PartyRouteCase = RouteCase & { buyer: Outcome };

/** The buyer's outcome: stated, or else the other user's (see RouteCase.buyer). */
function buyerOutcome(route: RouteCase): Outcome {
  return route.buyer ?? route.otherUser;
}

/** A route the table does not run, and why (each is proven where `reason` says). */
export interface PublicRoute {
  route: string;
  reason: string;
}

/** The same outcome for everyone: a public route. */
export function everyone(status: number, message?: string): Pick<PartyRouteCase, "visitor" | "otherUser" | "owner" | "buyer"> {
  const outcome = message === undefined ? { status } : { status, message };
  return { visitor: outcome, otherUser: outcome, owner: outcome, buyer: outcome };
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
  versionId: (f) => f.revisions.reviewVersionId,
  noteId: (f) => f.revisions.draftNoteId,
};

/**
 * Path parameters of routes that act on another part of the fixture than PARAMS names: the notes
 * and versions of the orders in review and in revision rather than the paid `orderId`.
 */
const ROUTE_PARAMS: Record<string, Record<string, (f: RouteFixture) => string>> = {
  "GET /api/orders/:orderId/versions/:versionId/audio": { orderId: (f) => f.revisions.reviewOrderId },
  "POST /api/orders/:orderId/versions/:versionId/notes": { orderId: (f) => f.revisions.reviewOrderId },
  "DELETE /api/orders/:orderId/notes/:noteId": { orderId: (f) => f.revisions.reviewOrderId },
  "POST /api/orders/:orderId/notes/:noteId/resolution": { orderId: (f) => f.revisions.revisionOrderId, noteId: (f) => f.revisions.openNoteId },
  "DELETE /api/orders/:orderId/notes/:noteId/resolution": { orderId: (f) => f.revisions.revisionOrderId, noteId: (f) => f.revisions.markedNoteId },
  // A real token, so the fuzzer's bodies and queries meet the route past its token check.
  "POST /api/notifications/unsubscribe/:token": { token: (f) => f.unsubscribeToken },
};

function split(route: string): { method: string; path: string } {
  const [method, path] = route.split(" ");
  return { method: method!, path: path! };
}

/** The fixture's value for a path parameter of `route` (ROUTE_PARAMS, else PARAMS), or undefined for a name neither knows. */
export function fixtureParam(name: string, f: RouteFixture, route?: string): string | undefined {
  return (route ? ROUTE_PARAMS[route]?.[name] : undefined)?.(f) ?? PARAMS[name]?.(f);
}

function pathFor(route: string, f: RouteFixture): string {
  return split(route).path.replace(/:(\w+)/g, (_, name: string) => {
    const value = fixtureParam(name, f, route);
    if (value === undefined) throw new Error(`${route}: no fixture value for :${name} (add it to PARAMS)`);
    return encodeURIComponent(value);
  });
}

/** A valid service form: an hourly mixing service. */
export const SERVICE_BODY = { name: "Mixing", category: "mixing", pricingModel: "hourly", price: "45", turnaroundDays: 3 };
/** A valid product form: a digital beat without image or file. */
export const PRODUCT_BODY = { name: "Night beat", category: "beats", price: "19.99", type: "digital" };

/** The owner's phone: as the onboarding form stores it (shared/profile-api.ts phoneSchema). */
const OWNER_PHONE = "+44 7700 900461";
/** The owner's distinctive sale, $73,518.29: no other amount in the fixture is near it. */
const SALE_CENTS = 7_351_829;

/**
 * The owner with a post, a comment, an open upload, a service, a product and private data (a
 * phone, earnings, a third user's message), another signed-in user, and the buyer of their order.
 */
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
  // Written straight to D1: the third user only needs to exist, not to sign in. Their message to
  // the owner, and the owner's sale to them, are the secrets the owner shares with nobody else here.
  const third = await createUser();
  const secrets: OwnerSecrets = { email: owner.email, phone: OWNER_PHONE, earnings: SALE_CENTS, message: `Third party words ${unique("m")}` };
  const conversation = await openConversation(db(), owner.id, third.id);
  const { message } = await insertMessage(db(), {
    conversationId: conversation.id,
    senderId: third.id,
    receiverId: owner.id,
    clientId: crypto.randomUUID(),
    content: secrets.message,
  });
  await insertOrder({ buyerId: third.id, sellerId: owner.id, itemType: "service", status: "completed", priceCents: SALE_CENTS });
  await db().update(profiles).set({ phone: OWNER_PHONE }).where(eq(profiles.userId, owner.id));
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
  const revisions = await insertRevisionFixture({ sellerId: owner.id, buyerId: buyer.id, paidOrderId: orderId });
  const pushToken = `${unique("fcm")}:APA91b${"f".repeat(40)}`;
  const push = await api("/api/push/subscriptions", { cookie: owner.cookie, body: { kind: "fcm", token: pushToken } });
  if (push.status !== 201) throw new Error(`push device failed: ${push.status} ${await push.text()}`);
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
    revisions,
    pushToken,
    unsubscribeToken: await unsubscribeToken(env, { userId: owner.id, category: "orders" }),
    secrets,
  };
}

/** Tables whose rows are derived or bookkeeping, never a route's write: left out of the comparison. */
const UNCOMPARED = /^(?:sqlite_|_cf_|d1_migrations$)/;

/**
 * Columns a refused request may change, by table, each with the reason: left out of the
 * comparison, while the rest of their row is compared.
 */
const CHANGED_BY_REFUSALS: Record<string, Record<string, string>> = {
  auth_sessions: {
    last_active_at:
      "every signed-in request, refused or not, records its session's activity (at most once a minute, loadActiveSession in worker/services/auth/sessions.ts): the 60-minute idle timeout counts from it",
  },
};

interface Comparison {
  sql: string;
  /** The compared columns of each table, in the order its rows list them. */
  columns: Map<string, string[]>;
}

let comparison: Promise<Comparison> | undefined;

/**
 * One statement that reads every compared table whole: per table, a JSON array with one string
 * per row, its columns (from pragma_table_info, so a column or table added by a migration is
 * compared without anyone remembering to) quoted by SQLite's quote(), which keeps types apart and
 * renders blobs. Left out: SQLite's and D1's own tables, the full-text indexes and their shadow
 * tables (derived from the rows compared here), security_events, because refusals such as a
 * visitor's sign-out or a rate-limited request are logged by design, and CHANGED_BY_REFUSALS.
 */
function comparisonQuery(): Promise<Comparison> {
  comparison ??= (async () => {
    const { results } = await env.DB.prepare("select name, sql from sqlite_master where type = 'table'").all<{ name: string; sql: string | null }>();
    const virtual = results.filter((t) => /^create virtual table/i.test(t.sql ?? "")).map((t) => t.name);
    const tables = results
      .map((t) => t.name)
      .filter((name) => !UNCOMPARED.test(name) && name !== "security_events")
      .filter((name) => !virtual.some((v) => name === v || name.startsWith(`${v}_`)))
      .sort();
    // Table by table: D1 refuses pragma_table_info joined over sqlite_master, which holds its own _cf_ tables.
    const found = await env.DB.batch<{ name: string }>(tables.map((t) => env.DB.prepare("select name from pragma_table_info(?) order by cid").bind(t)));
    const columns = new Map(tables.map((t, i) => [t, found[i]!.results.map((c) => c.name).filter((c) => CHANGED_BY_REFUSALS[t]?.[c] === undefined)]));
    const perTable = [...columns].map(([t, compared]) => {
      // A row as text: a JSON array of its quoted columns. D1 allows 32 arguments a function, so a
      // wider table nests arrays of 30; `|| ''` makes the row a plain string in its table's array,
      // so a failure's diff names only the rows that changed.
      const chunks: string[] = [];
      for (let at = 0; at < compared.length; at += 30) chunks.push(`json_array(${compared.slice(at, at + 30).map((c) => `quote("${c}")`).join(", ")})`);
      const row = chunks.length === 1 ? chunks[0]! : `json_array(${chunks.join(", ")})`;
      return `(select json_group_array(${row} || '') from "${t}") as "${t}"`;
    });
    return { sql: `select ${perTable.join(", ")}`, columns };
  })();
  return comparison;
}

/** Every compared table's rows, each a string (see comparisonQuery). */
export type RefusalState = Record<string, string[]>;

/**
 * What a refused request must leave as it was: every row of every compared table, column by
 * column, so an UPDATE is caught as surely as an INSERT or a DELETE. One statement, so the fuzz
 * suite (tests/worker/fuzz) can take it around every request it sends. The fixture is not needed
 * any more (every row is read) but stays in the signature its callers use.
 */
export async function refusalState(_f?: RouteFixture): Promise<RefusalState> {
  const row = await env.DB.prepare((await comparisonQuery()).sql).first<Record<string, string>>();
  return Object.fromEntries(Object.entries(row ?? {}).map(([tbl, rows]) => [tbl, JSON.parse(rows) as string[]]));
}

/**
 * `before` as the one refusal that writes by design leaves it (decision record 0005): the owner's
 * part that runs past the upload's declared size (413) or whose first bytes are not its type
 * (415) aborts the whole upload, which sets its status to "aborted" and its updated_at. Compare
 * such a refusal's after-state with this instead of `before`: the upload's row is taken from
 * `after` only when nothing else in it changed, so any other write still shows.
 */
export async function withUploadAborted(before: RefusalState, after: RefusalState, uploadId: string): Promise<RefusalState> {
  const columns = (await comparisonQuery()).columns.get("uploads") ?? [];
  const [id, status, updatedAt] = ["id", "status", "updated_at"].map((c) => columns.indexOf(c));
  const values = (row: string) => (JSON.parse(row) as unknown[]).flat() as string[];
  const key = `'${uploadId}'`;
  const was = (before.uploads ?? []).findIndex((row) => values(row)[id!] === key);
  const now = (after.uploads ?? []).find((row) => values(row)[id!] === key);
  if (was < 0 || now === undefined) return before;
  const old = values(before.uploads![was]!);
  const next = values(now);
  if (next[status!] !== "'aborted'" || next.some((v, i) => i !== status && i !== updatedAt && v !== old[i])) return before;
  return { ...before, uploads: before.uploads!.map((row, i) => (i === was ? now : row)) };
}

/** `literal` where it stands alone: not inside a longer number or word (a timestamp, a uuid). */
function standalone(literal: string): RegExp {
  return new RegExp(`(?<![\\w.,])${literal.replace(/[.,+()]/g, "\\$&")}(?![\\w]|[.,]\\d)`);
}

/**
 * How the owner's earnings can show: the distinctive sale's price and what its buyer paid, alone or
 * summed with up to three of the fixture's other sales ($100 each, $105 paid; the earned, pending
 * and analytics totals), in cents as the JSON answers carry them and in dollars as receipts print them.
 */
function earningsPatterns(saleCents: number): RegExp[] {
  const amounts = [saleCents, purchaseTotal(saleCents).totalCents].flatMap((base) => [0, 1, 2, 3].flatMap((k) => [base + k * 10_000, base + k * 10_500]));
  return [...new Set(amounts)].flatMap((cents) => [String(cents), formatCentsExact(cents).slice(1), String(cents / 100), (cents / 100).toFixed(2)]).map(standalone);
}

/** The owner's secrets an answer carries (its body, and where it redirects to). */
export function secretsIn(text: string, secrets: OwnerSecrets): OwnerSecret[] {
  const lower = text.toLowerCase();
  const found: OwnerSecret[] = [];
  if (lower.includes(secrets.email.toLowerCase()) || lower.includes(encodeURIComponent(secrets.email).toLowerCase())) found.push("email");
  if (text.includes(secrets.phone) || standalone(secrets.phone.replace(/\D/g, "")).test(text)) found.push("phone");
  if (earningsPatterns(secrets.earnings).some((re) => re.test(text))) found.push("earnings");
  if (text.includes(secrets.message)) found.push("message");
  return found;
}

type Caller = "visitor" | "other user" | "buyer" | "owner";

/**
 * The owner's secrets each caller may read. Only the owner reads their own. The buyer reads what
 * their order, their offer, their review and their booking show (the owner's public name, the
 * item, the $100 they paid, the offer's text and price), none of which is a secret here: their
 * email, phone, earnings and their conversation with the third user stay the owner's, so the
 * buyer may read none of the four, like the visitor and the other user.
 */
const MAY_READ: Record<Caller, readonly OwnerSecret[]> = {
  visitor: [],
  "other user": [],
  buyer: [],
  owner: ["email", "phone", "earnings", "message"],
};

/** Reads the answer: the error envelope of a refusal, or the body (and redirect) of a success. */
async function expectOutcome(res: Response, outcome: Outcome): Promise<string> {
  if (outcome.status >= 400) {
    await expectError(res, outcome.status, outcome.message);
    return "";
  }
  expect(res.status).toBe(outcome.status);
  const body = new TextDecoder().decode(await res.arrayBuffer());
  return `${res.headers.get("location") ?? ""}\n${body}`;
}

/** Flips the end of the token's signature, as an attacker editing a cookie would. */
function tampered(token: string): string {
  return token.slice(0, -3) + (token.endsWith("AAA") ? "BBB" : "AAA");
}

const FORGED_ACCESS = "bl_access=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.";

/**
 * Runs the common tests for every row: one describe per route, with its own fixture. A success
 * answer to anyone but the owner must carry none of the owner's secrets (OwnerSecrets) beyond what
 * the row `reveals`; a refusal must leave every row as it was (refusalState).
 */
export function runCommonRouteTests(cases: RouteCase[]) {
  describe.each(cases)("$route", (route) => {
    const { method } = split(route.route);
    const writes = method !== "GET" && method !== "HEAD";
    let f: RouteFixture;

    beforeAll(async () => {
      f = await routeFixture();
    });

    /** Builds the request first, so the work of making a body (a sign-up for a token) is not counted. */
    async function request(fx: RouteFixture, cookie: string | null, origin?: string | null) {
      const body = route.body ? await route.body(fx) : undefined;
      const raw = route.raw?.();
      return () =>
        api(pathFor(route.route, fx), {
          method,
          cookie,
          ...(body !== undefined ? { body } : {}),
          ...(raw ? { raw } : {}),
          ...(route.headers ? { headers: route.headers } : {}),
          ...(origin !== undefined ? { origin } : {}),
        });
    }

    /** Sends a request that must be refused, and checks that no row changed. */
    async function refused(fx: RouteFixture, cookie: string | null, outcome: Outcome, origin?: string | null) {
      const send = await request(fx, cookie, origin);
      const before = await refusalState(fx);
      await expectOutcome(await send(), outcome);
      expect(await refusalState(fx)).toEqual(before);
    }

    // Refusals run first: a public route's successes may leave work running after the response
    // (mail to send), which must not land between a refusal's before and after.
    if (writes) {
      it("refuses a cross-site or Origin-less request from the owner with 403 and writes nothing", async () => {
        const crossOrigin = { status: 403, message: "Cross-origin request refused" };
        await refused(f, f.owner.cookie, crossOrigin, "https://evil.example");
        await refused(f, f.owner.cookie, crossOrigin, null);
      });
    }

    if (route.visitor.status === 401) {
      it("treats a forged or tampered session as a visitor", async () => {
        await refused(f, FORGED_ACCESS, route.visitor);
        await refused(f, cookieHeader({ bl_access: tampered(f.other.access) }), route.visitor);
      });
    }

    const buyer = buyerOutcome(route);
    const callers: [Caller, Outcome, (fx: RouteFixture) => string | null][] = [
      ["visitor", route.visitor, () => null],
      ["other user", route.otherUser, (fx) => fx.other.cookie],
      ["buyer", buyer, (fx) => fx.buyer.cookie],
      ["owner", route.owner, (fx) => fx.owner.cookie],
    ];
    for (const [who, outcome, cookieOf] of callers) {
      const leakCheck = who === "owner" ? "" : " and none of the owner's private data";
      it(`answers ${outcome.status} to the ${who}${outcome.status >= 400 ? " and writes nothing" : leakCheck}`, async () => {
        const fx = who === "buyer" && route.buyerApart ? await routeFixture() : f;
        if (outcome.status >= 400) return refused(fx, cookieOf(fx), outcome);
        const answer = await expectOutcome(await (await request(fx, cookieOf(fx)))(), outcome);
        const allowed = [...MAY_READ[who], ...(route.reveals?.secrets ?? [])];
        expect(
          secretsIn(answer, fx.secrets).filter((secret) => !allowed.includes(secret)),
          `the ${who}'s answer carries the owner's private data: ${answer.slice(0, 2000)}`,
        ).toEqual([]);
      });
    }
  });
}

/**
 * Every route the app serves under `prefix` (the API's by default), as "METHOD /path" (a route
 * with middleware is listed once).
 */
export function servedApiRoutes(routes: readonly { method: string; path: string }[], prefix = "/api/"): string[] {
  const served = routes.filter((r) => r.method !== "ALL" && r.path.startsWith(prefix)).map((r) => `${r.method} ${r.path}`);
  return [...new Set(served)].sort();
}
