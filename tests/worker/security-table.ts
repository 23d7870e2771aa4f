// The security table: every /api route with what a visitor, another signed-in user, the buyer and
// the owner get, like the permission table of the spec (social-feed-search §6). runCommonRouteTests
// (helpers/route-security.ts) runs each group in its resource's security test, and
// route-coverage.test.ts fails when the app serves a route that is neither here nor in
// PUBLIC_ROUTES. "Owner" is the fixture's owner: the author of the post, its comment and the open
// upload, the seller of the fixture's order, and the :userId of user routes. "Buyer" is that
// order's buyer: the groups about orders, checkout, payments, offers, reviews, bookings and leaving
// state what they get (PartyRouteCase); elsewhere they are one more signed-in user and get what
// `otherUser` gets. Every success answer to anyone but the owner is also searched for the owner's
// private data (email, phone, earnings, their conversation's messages). A new route gets a row here.
import {
  api,
  AUTH_REQUIRED,
  createUser,
  DEFAULT_PASSWORD,
  everyone,
  jpegBytes,
  mailedToken,
  PRODUCT_BODY,
  SERVICE_BODY,
  type PartyRouteCase,
  type PublicRoute,
  type RouteCase,
  unique,
} from "./helpers";

/** A sign-up body for an address nobody has used. */
function newcomer() {
  const name = unique("new");
  return { email: `${name}@example.test`, password: DEFAULT_PASSWORD, username: name, displayName: "New Comer" };
}

/** A fresh, unspent email-confirmation token: a sign-up through the API, then the mailed link. */
async function confirmToken(): Promise<string> {
  const body = newcomer();
  const res = await api("/api/auth/sign-up", { body });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return mailedToken(body.email, "confirm");
}

/** A fresh password-reset token of a user of its own (spending one ends that user's sessions). */
async function resetToken(): Promise<string> {
  const user = await createUser();
  const res = await api("/api/auth/password-reset", { body: { email: user.email } });
  if (res.status !== 200) throw new Error(`reset request failed: ${res.status} ${await res.text()}`);
  return mailedToken(user.email, "reset");
}

const UPLOAD_NOT_FOUND = { status: 404, message: "Upload not found" };

/** Accounts (spec §1–§2, §4, §9), the browser's security reports (§9) and the health probe. */
export const ACCOUNT_ROUTES: RouteCase[] = [
  { route: "GET /api/health", ...everyone(200) },
  { route: "POST /api/auth/sign-up", body: () => newcomer(), ...everyone(201) },
  // The mailed token is the credential, whoever holds it.
  { route: "POST /api/auth/confirm", body: async () => ({ token: await confirmToken() }), ...everyone(200) },
  { route: "POST /api/auth/resend", body: () => ({ email: `${unique("nobody")}@example.test` }), ...everyone(200) },
  // Whoever holds the owner's password signs in as the owner: the answer is the owner's account.
  {
    route: "POST /api/auth/sign-in",
    body: (f) => ({ email: f.owner.email, password: f.owner.password }),
    ...everyone(200),
    reveals: { secrets: ["email", "phone"], because: "the caller proved the owner's password, so the answer is the owner's own session and profile" },
  },
  // The refresh cookie is the credential: each signed-in caller rotates their own.
  {
    route: "POST /api/auth/refresh",
    visitor: { status: 401, message: "Your session has ended. Please sign in again." },
    otherUser: { status: 200 },
    owner: { status: 200 },
  },
  { route: "POST /api/auth/sign-out", body: () => ({ scope: "local" }), visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  // The SPA boots from this: signed out is an answer, never a 401.
  { route: "GET /api/auth/session", ...everyone(200) },
  { route: "POST /api/auth/password-reset", body: () => ({ email: `${unique("nobody")}@example.test` }), ...everyone(200) },
  {
    route: "POST /api/auth/password-reset/confirm",
    body: async () => ({ token: await resetToken(), password: "Brand-New-Pass-7!" }),
    ...everyone(200),
  },
  { route: "GET /api/auth/providers", ...everyone(200) },
  { route: "GET /api/auth/google", ...everyone(302) },
  // Without Google's code and state every caller is sent back to /auth with the failure text.
  { route: "GET /api/auth/google/callback", ...everyone(302) },
  // Google sign-in from the native app (decision record 0093): anyone may start one, with only a
  // challenge; it signs nobody in (auth/app-handoff.test.ts runs the whole hand-off).
  { route: "POST /api/auth/app/google", body: () => ({ challenge: "A".repeat(43) }), ...everyone(200) },
  // The code is the credential, with the verifier behind its challenge: a code nobody was given
  // is refused to everyone alike.
  {
    route: "POST /api/auth/app/exchange",
    body: () => ({ code: "B".repeat(43), verifier: "C".repeat(43) }),
    ...everyone(400, "This sign-in has expired or was already used. Please sign in again."),
  },
  // The app's re-authentication before deleting the account: the fixture's accounts have no Google link.
  {
    route: "POST /api/auth/app/google/reauth",
    body: () => ({ challenge: "A".repeat(43) }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 400, message: "Your account is not linked to Google. Confirm with your password instead." },
    owner: { status: 400, message: "Your account is not linked to Google. Confirm with your password instead." },
  },
  // Visitors report too; the user comes from the session, never from the body.
  {
    route: "POST /api/security-events",
    body: () => ({ event_type: "suspicious_login_attempt", severity: "medium", details: { clicks: 14, minGapMs: 12 } }),
    ...everyone(202),
  },
  // Each caller reads their own events; there is nobody else's to ask for.
  { route: "GET /api/security-events/summary", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  // Re-authentication before deleting the account (decision record 0084): the fixture's accounts
  // have no Google link, so each is sent back to /settings (account/google-reauth.test.ts runs the flow).
  { route: "GET /api/auth/google/reauth", visitor: AUTH_REQUIRED, otherUser: { status: 302 }, owner: { status: 302 } },
  // The SPA's error reports: anyone may send one; it is a log line, owned by nobody.
  { route: "POST /api/client-errors", body: () => ({ kind: "error", message: "TypeError: x is undefined", route: "/feed" }), ...everyone(202) },
];

/** Uploads (spec §5 Upload), posts (§4, §6, §7) and the post lists (§2 /feed). */
export const POST_ROUTES: RouteCase[] = [
  {
    route: "POST /api/uploads",
    body: () => ({ contentType: "image", mimeType: "image/jpeg", size: 3000, fileName: "cover.jpg" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 201 },
    owner: { status: 201 },
  },
  // Someone else's upload answers exactly like a missing one.
  { route: "GET /api/uploads/:uploadId", visitor: AUTH_REQUIRED, otherUser: UPLOAD_NOT_FOUND, owner: { status: 200 } },
  {
    route: "PUT /api/uploads/:uploadId/parts/:partNumber",
    raw: () => jpegBytes(3000),
    visitor: AUTH_REQUIRED,
    otherUser: UPLOAD_NOT_FOUND,
    owner: { status: 200 },
  },
  {
    route: "PUT /api/uploads/:uploadId/thumbnail",
    raw: () => jpegBytes(800),
    headers: { "content-type": "image/jpeg" },
    visitor: AUTH_REQUIRED,
    otherUser: UPLOAD_NOT_FOUND,
    owner: { status: 200 },
  },
  { route: "DELETE /api/uploads/:uploadId", visitor: AUTH_REQUIRED, otherUser: UPLOAD_NOT_FOUND, owner: { status: 200 } },
  { route: "GET /api/posts", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  // A post is made from one's own upload only.
  { route: "POST /api/posts", body: (f) => ({ uploadId: f.uploadId }), visitor: AUTH_REQUIRED, otherUser: UPLOAD_NOT_FOUND, owner: { status: 201 } },
  // Share links (/post/{id}) open for visitors.
  { route: "GET /api/posts/:postId", ...everyone(200) },
  {
    route: "PATCH /api/posts/:postId",
    body: () => ({ caption: "Edited by whoever may" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 403, message: "You can only edit your own posts" },
    owner: { status: 200 },
  },
  {
    route: "DELETE /api/posts/:postId",
    visitor: AUTH_REQUIRED,
    otherUser: { status: 403, message: "You can only delete your own posts" },
    owner: { status: 200 },
  },
  // §8: view tracking never fails the client, visitors included.
  { route: "POST /api/posts/:postId/views", ...everyone(204) },
  { route: "GET /api/feed", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  // The public profile's Posts tab reads this list, so it is open like the profile (decision record 0026).
  { route: "GET /api/users/:userId/posts", ...everyone(200) },
  { route: "GET /api/hashtags/:name/posts", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
];

/** Likes, bookmarks, comments and follows (spec §4, §5, §7). */
export const SOCIAL_ROUTES: RouteCase[] = [
  { route: "PUT /api/posts/:postId/like", body: () => ({ liked: true }), visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  {
    route: "PUT /api/posts/:postId/bookmark",
    body: () => ({ bookmarked: true }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 200 },
    owner: { status: 200 },
  },
  { route: "GET /api/bookmarks", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  // Posts are public, so are their comments.
  { route: "GET /api/posts/:postId/comments", ...everyone(200) },
  {
    route: "POST /api/posts/:postId/comments",
    body: () => ({ content: "Hello there" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 201 },
    owner: { status: 201 },
  },
  // A thread's further replies are as public as the page they continue.
  { route: "GET /api/comments/:commentId/replies", ...everyone(200) },
  // The fixture's comment is the owner's own, on their own post.
  {
    route: "DELETE /api/comments/:commentId",
    visitor: AUTH_REQUIRED,
    otherUser: { status: 403, message: "You can only delete your own comments" },
    owner: { status: 200 },
  },
  { route: "GET /api/users/:userId/follow", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  {
    route: "PUT /api/users/:userId/follow",
    body: () => ({ following: true }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 200 },
    owner: { status: 400, message: "You cannot follow yourself" },
  },
  // The waveform's pinned comments are as public as the comment pages they come from.
  { route: "GET /api/posts/:postId/comments/markers", ...everyone(200) },
];

/**
 * Profiles, the dashboard and onboarding (second document §2, §5–§7). Anyone's profile and its tabs
 * are public; /api/profile is always the caller's own (the owner comes from the session, never the
 * request), so another user reaches only their own profile there and the owner's stays untouched
 * (tests/worker/profiles/security.test.ts checks the rows).
 */
export const PROFILE_ROUTES: RouteCase[] = [
  { route: "GET /api/users/:userId", ...everyone(200) },
  // §7 interactions: recording a visit never fails the client, visitors included.
  { route: "POST /api/users/:userId/visits", ...everyone(204) },
  { route: "GET /api/users/:userId/services", ...everyone(200) },
  { route: "GET /api/users/:userId/products", ...everyone(200) },
  { route: "GET /api/profile", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  {
    route: "PATCH /api/profile",
    body: () => ({ bio: "Edited by whoever may" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 200 },
    owner: { status: 200 },
  },
  // Without ?username= the rule answers; a visitor is refused before their input is judged.
  {
    route: "GET /api/profile/username-check",
    visitor: AUTH_REQUIRED,
    otherUser: { status: 400, message: "Please enter a username" },
    owner: { status: 400, message: "Please enter a username" },
  },
  {
    route: "POST /api/profile/avatar",
    raw: () => jpegBytes(3000),
    headers: { "content-type": "image/jpeg" },
    visitor: AUTH_REQUIRED,
    otherUser: { status: 200 },
    owner: { status: 200 },
  },
  {
    route: "PUT /api/profile/onboarding",
    body: () => ({ firstName: "Ana", lastName: "Lopez", profession: "DJ", phone: "+1 555 010 0199" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 200 },
    owner: { status: 200 },
  },
  { route: "POST /api/profile/onboarding/skip", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/profile/dashboard", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
];

/**
 * Search and discovery (first document §2 Search and explore, §6 "a signed-in user … searches",
 * §7). Searching is for signed-in users (decision record 0095); recommendations are always the
 * caller's own, so another user gets their own and the owner's rows stay untouched.
 */
export const SEARCH_ROUTES: RouteCase[] = [
  { route: "GET /api/search/explore", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/search/users", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/search/posts", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/search/hashtags", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/search/services", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/hashtags/trending", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  // §7 interactions: recording a hashtag view never fails the client, visitors included.
  { route: "POST /api/hashtags/:name/views", ...everyone(204) },
  { route: "GET /api/recommendations", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "POST /api/recommendations/refresh", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
];

const SERVICE_OF_OTHERS = { status: 403, message: "You can only change your own services" };
const PRODUCT_OF_OTHERS = { status: 403, message: "You can only change your own products" };

/**
 * The catalogue (second document §2 Services, Products and their detail pages, §6): the lists and
 * forms are the caller's own; detail pages and view records are open to visitors; only the owner
 * changes or deletes an item (tests/worker/marketplace/security.test.ts checks the rows and files).
 */
export const MARKET_ROUTES: RouteCase[] = [
  { route: "GET /api/services", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "POST /api/services", body: () => SERVICE_BODY, visitor: AUTH_REQUIRED, otherUser: { status: 201 }, owner: { status: 201 } },
  { route: "GET /api/services/:serviceId", ...everyone(200) },
  {
    route: "PUT /api/services/:serviceId",
    body: () => ({ ...SERVICE_BODY, name: "Mixing and mastering" }),
    visitor: AUTH_REQUIRED,
    otherUser: SERVICE_OF_OTHERS,
    owner: { status: 200 },
  },
  { route: "DELETE /api/services/:serviceId", visitor: AUTH_REQUIRED, otherUser: SERVICE_OF_OTHERS, owner: { status: 200 } },
  // §7 interactions: recording a service view never fails the client, visitors included.
  { route: "POST /api/services/:serviceId/views", ...everyone(204) },
  { route: "GET /api/products", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "POST /api/products", body: () => PRODUCT_BODY, visitor: AUTH_REQUIRED, otherUser: { status: 201 }, owner: { status: 201 } },
  {
    route: "POST /api/products/images",
    raw: () => jpegBytes(3000),
    headers: { "content-type": "image/jpeg" },
    visitor: AUTH_REQUIRED,
    otherUser: { status: 201 },
    owner: { status: 201 },
  },
  { route: "GET /api/products/:productId", ...everyone(200) },
  {
    route: "PUT /api/products/:productId",
    body: () => ({ ...PRODUCT_BODY, price: "24.99" }),
    visitor: AUTH_REQUIRED,
    otherUser: PRODUCT_OF_OTHERS,
    owner: { status: 200 },
  },
  { route: "DELETE /api/products/:productId", visitor: AUTH_REQUIRED, otherUser: PRODUCT_OF_OTHERS, owner: { status: 200 } },
];

const LOGIN_TO_PURCHASE = { status: 401, message: "Please log in to make a purchase" };
const ORDER_NOT_FOUND = { status: 404, message: "Order not found" };
const STEP_NOT_ALLOWED = "This order cannot be changed that way now";

/**
 * Checkout, orders, downloads and payouts. The fixture's owner (payable through the TEST MODE
 * onboarding) sells a priced service, and a paid service order to the buyer; `other` is no party
 * to it, so learns nothing about it. The buyer reads it and takes the buyer's steps (none is open
 * before a delivery); the test-mode routes belong to them alone (the order is paid already, so
 * confirming it again changes nothing), and the download link too (a service has no file).
 */
export const CHECKOUT_ROUTES: PartyRouteCase[] = [
  {
    route: "POST /api/checkout/create-payment",
    body: (f) => ({ itemType: "service", itemId: f.serviceId, itemName: "x", itemPrice: 1 }),
    visitor: LOGIN_TO_PURCHASE,
    otherUser: { status: 201 },
    owner: { status: 400, message: "You cannot buy your own item" },
    buyer: { status: 201 },
  },
  {
    route: "POST /api/checkout/create-embedded-payment",
    body: (f) => ({ itemType: "service", itemId: f.serviceId }),
    visitor: LOGIN_TO_PURCHASE,
    otherUser: { status: 201 },
    owner: { status: 400, message: "You cannot buy your own item" },
    buyer: { status: 201 },
  },
  { route: "POST /api/checkout/test/:orderId/confirm", body: () => ({ outcome: "success" }), visitor: LOGIN_TO_PURCHASE, otherUser: ORDER_NOT_FOUND, owner: ORDER_NOT_FOUND, buyer: { status: 200 } },
  { route: "GET /api/checkout/test/:orderId", visitor: LOGIN_TO_PURCHASE, otherUser: ORDER_NOT_FOUND, owner: ORDER_NOT_FOUND, buyer: { status: 200 } },
  {
    route: "POST /api/checkout/test/:orderId",
    raw: () => new TextEncoder().encode("outcome=success"),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    visitor: LOGIN_TO_PURCHASE,
    otherUser: ORDER_NOT_FOUND,
    owner: ORDER_NOT_FOUND,
    buyer: { status: 303 },
  },
  { route: "GET /api/orders", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/orders/:orderId", visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 200 }, buyer: { status: 200 } },
  // The fixture's order is a service: it is delivered, never shipped.
  { route: "POST /api/orders/:orderId/ship", body: () => ({}), visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 409, message: STEP_NOT_ALLOWED }, buyer: { status: 403, message: STEP_NOT_ALLOWED } },
  { route: "POST /api/orders/:orderId/deliver", body: () => ({ note: "Done" }), visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 200 }, buyer: { status: 403, message: STEP_NOT_ALLOWED } },
  // Completing and asking for a revision are the buyer's steps.
  { route: "POST /api/orders/:orderId/complete", visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 403, message: STEP_NOT_ALLOWED }, buyer: { status: 409, message: STEP_NOT_ALLOWED } },
  {
    route: "POST /api/orders/:orderId/request-revision",
    body: () => ({}),
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 403, message: STEP_NOT_ALLOWED },
    buyer: { status: 409, message: STEP_NOT_ALLOWED },
  },
  { route: "POST /api/orders/:orderId/refund", visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 200 }, buyer: { status: 403, message: STEP_NOT_ALLOWED } },
  {
    route: "POST /api/orders/:orderId/files",
    raw: () => jpegBytes(800),
    headers: { "content-type": "image/jpeg" },
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 201 },
    buyer: { status: 403, message: STEP_NOT_ALLOWED },
  },
  // Downloads are the buyer's alone.
  {
    route: "POST /api/orders/:orderId/download-link",
    body: () => ({}),
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 403, message: "This download is not available" },
    buyer: { status: 403, message: "This download is not available" },
  },
  // Audio versions and revision notes (decision record 0091): the seller adds versions and marks
  // notes, the buyer writes and deletes their drafts, both play delivered versions; `other` learns
  // nothing. A draft does not exist for the seller. The rows name the fixture's orders in review
  // and in revision (ROUTE_PARAMS in helpers/route-security.ts).
  {
    route: "POST /api/orders/:orderId/versions",
    body: (f) => ({ fileId: f.revisions.audioFileId, durationMs: 200_000, note: "First pass" }),
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 201 },
    buyer: { status: 403, message: STEP_NOT_ALLOWED },
  },
  { route: "GET /api/orders/:orderId/versions/:versionId/audio", visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 200 }, buyer: { status: 200 } },
  {
    route: "POST /api/orders/:orderId/versions/:versionId/notes",
    body: () => ({ atMs: 83_000, endMs: 90_000, body: "The vocal is too loud here" }),
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 403, message: STEP_NOT_ALLOWED },
    buyer: { status: 201 },
  },
  {
    route: "DELETE /api/orders/:orderId/notes/:noteId",
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 404, message: "Note not found" },
    buyer: { status: 204 },
  },
  {
    route: "POST /api/orders/:orderId/notes/:noteId/resolution",
    body: (f) => ({ versionId: f.revisions.nextVersionId }),
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 200 },
    buyer: { status: 403, message: STEP_NOT_ALLOWED },
  },
  {
    route: "DELETE /api/orders/:orderId/notes/:noteId/resolution",
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 200 },
    buyer: { status: 403, message: STEP_NOT_ALLOWED },
  },
  {
    route: "GET /api/downloads/:token",
    visitor: AUTH_REQUIRED,
    otherUser: { status: 404, message: "This download is not available" },
    owner: { status: 404, message: "This download is not available" },
    buyer: { status: 404, message: "This download is not available" },
  },
  // Payouts are each caller's own: every signed-in user sees and sets up theirs (test mode here;
  // checkout/payouts.test.ts runs them with keys).
  { route: "GET /api/payouts/account", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "POST /api/payouts/onboarding-link", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "POST /api/payouts/refresh", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/payouts/test-onboarding", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  {
    route: "POST /api/payouts/test-onboarding",
    raw: () => new TextEncoder().encode("outcome=complete"),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    visitor: AUTH_REQUIRED,
    otherUser: { status: 303 },
    owner: { status: 303 },
    buyer: { status: 303 },
  },
];

/**
 * Reviews (decision records 0047–0048). The fixture's order is the owner's paid (not yet
 * completed) sale to the buyer, so the owner may neither review it (their own item) nor ask for
 * its review yet, and the buyer may not review it yet; the fixture's review is the buyer's, of
 * another, completed sale of the owner's, which only the owner answers. `other` is no party to
 * either and learns nothing of them.
 */
export const REVIEW_ROUTES: PartyRouteCase[] = [
  { route: "GET /api/reviews", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/reviews/summary", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/reviews/requests", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/reviews/orders/:orderId", visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 200 }, buyer: { status: 200 } },
  {
    route: "POST /api/reviews/orders/:orderId",
    body: () => ({ rating: 5, content: "Great session" }),
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 403, message: "You cannot review your own item" },
    buyer: { status: 409, message: "You can only review a completed order" },
  },
  {
    route: "POST /api/reviews/orders/:orderId/request",
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 409, message: "You can only request a review for a completed order" },
    buyer: { status: 403, message: "Only the seller can request a review" },
  },
  {
    route: "POST /api/reviews/:reviewId/answer",
    body: () => ({ content: "Thank you!" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 404, message: "Review not found" },
    owner: { status: 200 },
    // The buyer wrote it: they are told that only the seller answers.
    buyer: { status: 403, message: "Only the seller can answer this review" },
  },
];

const OFFER_NOT_FOUND = { status: 404, message: "Offer not found" };
/** What the offer's buyer is told on withdrawing it: the seller's step alone. */
const ONLY_SELLER_WITHDRAWS = { status: 403, message: "Only the seller can withdraw this offer" };

/**
 * The payments overview, receipts and custom offers (decision records 0049–0050). The
 * fixture's owner sold the fixture's order and sent the fixture's offer, both to the buyer, who
 * reads both; `other` sees neither: a receipt and an offer answer them like missing rows. Each
 * caller's summary is their own: the buyer's never holds the owner's earnings.
 */
export const PAYMENTS_ROUTES: PartyRouteCase[] = [
  { route: "GET /api/payments/summary", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/payments/recent", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/payments/receipts/:orderId", visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 200 }, buyer: { status: 200 } },
  // Anyone signed in may send the owner an offer; the owner cannot send one to themselves.
  {
    route: "POST /api/offers",
    body: (f) => ({ username: f.owner.username, title: "Custom mix", description: "Two songs", price: "250", deliveryDays: 5 }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 201 },
    owner: { status: 400, message: "You cannot send an offer to yourself" },
    buyer: { status: 201 },
  },
  { route: "GET /api/offers", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/offers/:offerId", visitor: AUTH_REQUIRED, otherUser: OFFER_NOT_FOUND, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "POST /api/offers/:offerId/withdraw", visitor: AUTH_REQUIRED, otherUser: OFFER_NOT_FOUND, owner: { status: 200 }, buyer: ONLY_SELLER_WITHDRAWS },
];

const CONVERSATION_NOT_FOUND = { status: 404, message: "Conversation not found" };

/**
 * Messages and activity (second document §2, §6 "Activity and messages are scoped to the current
 * user", §7). The fixture's conversation is the owner's with a third user, so the other user is
 * a stranger to it and gets the 404 a missing conversation gets; the activity item is that
 * conversation's message to the owner.
 */
export const MESSAGING_ROUTES: RouteCase[] = [
  { route: "GET /api/conversations", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  // Contact on the owner's profile: anyone else opens a conversation; the owner cannot message themselves.
  {
    route: "POST /api/conversations",
    body: (f) => ({ userId: f.owner.id }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 201 },
    owner: { status: 400, message: "You cannot message yourself" },
  },
  { route: "GET /api/conversations/:conversationId", visitor: AUTH_REQUIRED, otherUser: CONVERSATION_NOT_FOUND, owner: { status: 200 } },
  { route: "GET /api/conversations/:conversationId/messages", visitor: AUTH_REQUIRED, otherUser: CONVERSATION_NOT_FOUND, owner: { status: 200 } },
  {
    route: "POST /api/conversations/:conversationId/messages",
    body: () => ({ clientId: crypto.randomUUID(), content: "Hello there" }),
    visitor: AUTH_REQUIRED,
    otherUser: CONVERSATION_NOT_FOUND,
    owner: { status: 201 },
  },
  { route: "PUT /api/conversations/:conversationId/read", visitor: AUTH_REQUIRED, otherUser: CONVERSATION_NOT_FOUND, owner: { status: 200 } },
  { route: "GET /api/unread", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/activity", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "POST /api/activity/read-all", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  {
    route: "PUT /api/activity/:activityId/read",
    visitor: AUTH_REQUIRED,
    otherUser: { status: 404, message: "Activity not found" },
    owner: { status: 200 },
  },
];

/**
 * Professional tools: analytics and the portfolio are the signed-in user's own; the
 * portfolio refuses a post of someone else (the fixture's post is the owner's), and anyone reads
 * the portfolio a profile shows.
 */
export const PRO_TOOL_ROUTES: RouteCase[] = [
  { route: "GET /api/analytics", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/portfolio", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  {
    route: "PUT /api/portfolio",
    body: (f) => ({ items: [{ postId: f.owner.postId, title: "Live at the Roundhouse", note: "" }] }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 403, message: "You can only feature your own posts" },
    owner: { status: 200 },
  },
  { route: "GET /api/users/:userId/portfolio", ...everyone(200) },
];

const BOOKING_NOT_FOUND = { status: 404, message: "Booking not found" };
const NOT_BOOKABLE = "Only a paid order for a service that needs scheduling can be booked";

/**
 * Booking (decision records 0054 and 0055). The fixture's owner offers one weekly time and sells
 * the fixture's order to the buyer, whose pending booking waits for the owner's confirmation;
 * `other` is no party to either, so gets the 404 a missing row gets. Either side may cancel (the
 * buyer on a fixture of their own, `buyerApart`). The order's item is no scheduled
 * service, so the owner gets as far as the order check when moving the booking or booking as its
 * seller, and the buyer as far as it when booking again.
 */
export const BOOKING_ROUTES: PartyRouteCase[] = [
  { route: "GET /api/booking/overview", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/booking/availability", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  {
    route: "POST /api/booking/availability",
    body: () => ({ weekday: 3, startTime: "15:00", durationMinutes: 60, timeZone: "Europe/Berlin" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 201 },
    owner: { status: 201 },
    buyer: { status: 201 },
  },
  {
    route: "DELETE /api/booking/availability/:ruleId",
    visitor: AUTH_REQUIRED,
    otherUser: { status: 404, message: "Availability time not found" },
    owner: { status: 200 },
    buyer: { status: 404, message: "Availability time not found" },
  },
  { route: "GET /api/booking/orders/:orderId/slots", visitor: AUTH_REQUIRED, otherUser: ORDER_NOT_FOUND, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "GET /api/booking/bookings", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  // Only the order's buyer books; its seller is refused.
  {
    route: "POST /api/booking/bookings",
    body: (f) => ({ orderId: f.orderId, startsAt: Date.now() + 86_400_000 }),
    visitor: AUTH_REQUIRED,
    otherUser: ORDER_NOT_FOUND,
    owner: { status: 403, message: NOT_BOOKABLE },
    // The buyer gets past who may book to what: the order's item is no scheduled service.
    buyer: { status: 409, message: NOT_BOOKABLE },
  },
  // The booking waits for its seller: the buyer, who chose the time, cannot confirm it too.
  {
    route: "POST /api/booking/bookings/:bookingId/confirm",
    visitor: AUTH_REQUIRED,
    otherUser: BOOKING_NOT_FOUND,
    owner: { status: 200 },
    buyer: { status: 403, message: "Only the other side can confirm this booking" },
  },
  // Either side may cancel; whoever cancelled first would leave the other a cancelled booking.
  {
    route: "POST /api/booking/bookings/:bookingId/cancel",
    visitor: AUTH_REQUIRED,
    otherUser: BOOKING_NOT_FOUND,
    owner: { status: 200 },
    buyer: { status: 200 },
    buyerApart: true,
  },
  {
    route: "POST /api/booking/bookings/:bookingId/reschedule",
    body: () => ({ startsAt: Date.now() + 86_400_000 }),
    visitor: AUTH_REQUIRED,
    otherUser: BOOKING_NOT_FOUND,
    owner: { status: 409, message: NOT_BOOKABLE },
    buyer: { status: 409, message: NOT_BOOKABLE },
  },
];

/**
 * Leaving (decision record 0084): each caller acts on their own account only. The owner sells and
 * the buyer bought the fixture's paid order, so the deletion of either is refused until it
 * settles; `other` has no open order, so theirs is recorded (and their sessions end). The export
 * link is the owner's alone.
 */
export const LEAVING_ROUTES: PartyRouteCase[] = [
  { route: "POST /api/account/delete", body: () => ({ password: DEFAULT_PASSWORD }), visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 409 }, buyer: { status: 409 } },
  { route: "GET /api/account/export", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
  { route: "POST /api/account/export", visitor: AUTH_REQUIRED, otherUser: { status: 202 }, owner: { status: 202 }, buyer: { status: 202 } },
  { route: "GET /api/account/export/:exportId", visitor: AUTH_REQUIRED, otherUser: { status: 404, message: "Export not found" }, owner: { status: 200 }, buyer: { status: 404, message: "Export not found" } },
  // How the caller's own account confirms it is them; nobody else's can be asked for.
  { route: "GET /api/account/reauth", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 }, buyer: { status: 200 } },
];

/**
 * Reports and moderation (decision record 0083). Anyone signed in reports someone else's post; the
 * owner cannot report their own. Neither fixture account is a moderator, so the moderation routes
 * answer both like an unknown path (moderation/moderation.test.ts runs them as a moderator).
 */
export const MODERATION_ROUTES: RouteCase[] = [
  {
    route: "POST /api/reports",
    body: (f) => ({ targetType: "post", targetId: f.owner.postId, reason: "spam" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 201 },
    owner: { status: 400, message: "You cannot report your own content" },
  },
  { route: "GET /api/moderation/queue", visitor: AUTH_REQUIRED, otherUser: { status: 404, message: "Not found" }, owner: { status: 404, message: "Not found" } },
  {
    route: "POST /api/moderation/actions",
    body: (f) => ({ targetType: "post", targetId: f.owner.postId, action: "hide" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 404, message: "Not found" },
    owner: { status: 404, message: "Not found" },
  },
];

/**
 * Block and mute (decision record 0082): each caller acts on their own rows only; :userId is the
 * owner, so the owner meets the self-refusals. What a block or a mute hides on the other routes is
 * the route × relation table of safety/block-table.test.ts.
 */
export const SAFETY_ROUTES: RouteCase[] = [
  { route: "GET /api/users/:userId/relation", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "POST /api/users/:userId/block", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 400, message: "You cannot block yourself" } },
  { route: "DELETE /api/users/:userId/block", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "POST /api/users/:userId/mute", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 400, message: "You cannot mute yourself" } },
  { route: "DELETE /api/users/:userId/mute", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/blocks", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/mutes", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "GET /api/muted-words", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  { route: "POST /api/muted-words", body: () => ({ word: "Encore" }), visitor: AUTH_REQUIRED, otherUser: { status: 201 }, owner: { status: 201 } },
  // Someone else's muted word answers exactly like a missing one.
  { route: "DELETE /api/muted-words/:wordId", visitor: AUTH_REQUIRED, otherUser: { status: 404, message: "Muted word not found" }, owner: { status: 200 } },
];

/**
 * Notification settings and push devices (issue #30): each caller reads and writes their own only;
 * no body names a user. Removing a device answers 204 whoever's it is, so nobody learns whether
 * another account has a device at an address (the owner's own removal is the only one that
 * removes anything: notifications/subscriptions.test.ts).
 */
export const NOTIFICATION_ROUTES: RouteCase[] = [
  { route: "GET /api/notifications/preferences", visitor: AUTH_REQUIRED, otherUser: { status: 200 }, owner: { status: 200 } },
  {
    route: "PUT /api/notifications/preferences",
    body: () => ({ categories: { likes: { push: false }, orders: { email: false } }, quietHours: { startMinute: 1320, endMinute: 420 }, timeZone: "Europe/Berlin" }),
    visitor: AUTH_REQUIRED,
    otherUser: { status: 200 },
    owner: { status: 200 },
  },
  // A device of its own for every request: one device is one row, so a shared token would move between callers.
  { route: "POST /api/push/subscriptions", body: () => ({ kind: "fcm", token: `${unique("fcm")}:APA91b${"t".repeat(40)}` }), visitor: AUTH_REQUIRED, otherUser: { status: 201 }, owner: { status: 201 } },
  { route: "DELETE /api/push/subscriptions", body: (f) => ({ token: f.pushToken }), visitor: AUTH_REQUIRED, otherUser: { status: 204 }, owner: { status: 204 } },
];

/** Routes the table cannot run as a plain request, each proven elsewhere. */
export const PUBLIC_ROUTES: PublicRoute[] = [
  {
    route: "GET /api/posts/:postId/comments/live",
    reason:
      "a WebSocket upgrade, open to visitors like the comments it carries; social/security.test.ts opens it as a visitor and comment-room.test.ts covers who may act in it",
  },
  {
    route: "POST /api/webhooks/stripe",
    reason:
      "called by Stripe's servers, so exempt from the Origin check and without a session: its credential is the signature, and checkout/webhooks.test.ts proves forged, unsigned, stale and replayed events change nothing",
  },
  {
    route: "POST /api/webhooks/stripe-connect",
    reason:
      "Stripe's Connect endpoint (connected accounts' account.updated): exempt from the Origin check and without a session like /stripe, its credential its own signing secret; checkout/payouts.test.ts proves an event signed for the other endpoint, and a replay, change nothing",
  },
  {
    route: "GET /api/conversations/:conversationId/live",
    reason: "a WebSocket upgrade for the two participants only; messaging/chat-room.test.ts refuses a visitor, a third user and another site",
  },
  {
    route: "GET /api/live",
    reason: "a WebSocket upgrade to the caller's own live channel; messaging/chat-room.test.ts refuses a visitor and another site",
  },
  {
    route: "POST /api/notifications/unsubscribe/:token",
    reason:
      "one-click unsubscribe (RFC 8058, issue #30): a mail provider's server posts it without a session or an Origin, so it is exempt from the Origin check; its credential is the signed token, and notifications/unsubscribe.test.ts proves a forged, edited or foreign token and a deleted account's change nothing, and that nothing else is exempt",
  },
];

export const SECURITY_TABLE: RouteCase[] = [...ACCOUNT_ROUTES, ...POST_ROUTES, ...SOCIAL_ROUTES, ...PROFILE_ROUTES, ...SEARCH_ROUTES, ...MARKET_ROUTES, ...CHECKOUT_ROUTES, ...PAYMENTS_ROUTES, ...MESSAGING_ROUTES, ...REVIEW_ROUTES, ...PRO_TOOL_ROUTES, ...BOOKING_ROUTES, ...LEAVING_ROUTES, ...MODERATION_ROUTES, ...SAFETY_ROUTES, ...NOTIFICATION_ROUTES];
