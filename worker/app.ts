// Middleware order and the one .route() chain of the API. `AppType` is what the SPA's hc client
// is typed against, so a renamed field breaks the build rather than a user.
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { routePath } from "hono/route";
import type { ErrorBody } from "@shared/errors";
import { REQUEST_TEXTS } from "@shared/messages";
import type { AppEnv } from "./env";
import { ApiError } from "./lib/errors";
import { bodyLimits } from "./middleware/body-limit";
import { configurationCheck } from "./middleware/configuration";
import { drainUnreadBody } from "./middleware/drain-body";
import { createLogger } from "./lib/logger";
import { init } from "./middleware/init";
import { originCheck } from "./middleware/origin";
import { requestLog } from "./middleware/request-log";
import { session } from "./middleware/session";
import { securityHeaders } from "./middleware/security-headers";
import { analyticsRoutes } from "./routes/analytics";
import { appLinkRoutes } from "./routes/app-links";
import { authRoutes } from "./routes/auth";
import { bookingRoutes } from "./routes/booking";
import { clientErrorRoutes } from "./routes/client-errors";
import { bookmarkPostRoutes, bookmarkRoutes } from "./routes/bookmarks";
import { checkoutRoutes } from "./routes/checkout";
import { accountRoutes } from "./routes/account";
import { activityRoutes } from "./routes/activity";
import { commentRoutes, postCommentRoutes } from "./routes/comments";
import { conversationRoutes } from "./routes/conversations";
import { devRoutes } from "./routes/dev";
import { downloadRoutes } from "./routes/downloads";
import { feedRoutes, hashtagPostRoutes, userPostRoutes } from "./routes/feed";
import { followRoutes } from "./routes/follows";
import { hashtagRoutes } from "./routes/hashtags";
import { healthRoutes } from "./routes/health";
import { likeRoutes } from "./routes/likes";
import { liveRoutes } from "./routes/live";
import { mediaRoutes } from "./routes/media";
import { moderationRoutes } from "./routes/moderation";
import { notificationRoutes, pushRoutes, unsubscribePageRoutes } from "./routes/notifications";
import { reportRoutes } from "./routes/reports";
import { orderRoutes } from "./routes/orders";
import { revisionRoutes } from "./routes/revisions";
import { offerRoutes, paymentRoutes } from "./routes/payments";
import { payoutRoutes } from "./routes/payouts";
import { portfolioRoutes, userPortfolioRoutes } from "./routes/portfolio";
import { postRoutes } from "./routes/posts";
import { productRoutes } from "./routes/products";
import { profileRoutes, userProfileRoutes } from "./routes/profiles";
import { recommendationRoutes } from "./routes/recommendations";
import { reviewRoutes } from "./routes/reviews";
import { blockListRoutes, blockRoutes, mutedWordRoutes, muteListRoutes } from "./routes/safety";
import { searchRoutes } from "./routes/search";
import { securityEventRoutes } from "./routes/security-events";
import { serviceRoutes } from "./routes/services";
import { sharedPageRoutes } from "./routes/shared-pages";
import { serveAsset, siteRoutes } from "./routes/site";
import { uploadRoutes } from "./routes/uploads";
import { webhookRoutes } from "./routes/webhooks";

const api = new Hono<AppEnv>()
  .route("/health", healthRoutes)
  .route("/auth", authRoutes)
  .route("/security-events", securityEventRoutes)
  // The SPA's uncaught errors, as log lines (decision record 0011).
  .route("/client-errors", clientErrorRoutes)
  .route("/uploads", uploadRoutes)
  .route("/posts", postRoutes)
  .route("/feed", feedRoutes)
  .route("/users", userPostRoutes)
  .route("/hashtags", hashtagPostRoutes)
  // Likes, bookmarks, comments (with their live room) and follows: the social contract.
  .route("/posts", likeRoutes)
  .route("/posts", bookmarkPostRoutes)
  .route("/posts", postCommentRoutes)
  .route("/bookmarks", bookmarkRoutes)
  .route("/comments", commentRoutes)
  .route("/users", followRoutes)
  // Profiles: one's own under /profile, anyone's (and their tabs) under /users/:userId.
  .route("/profile", profileRoutes)
  .route("/users", userProfileRoutes)
  // Search and discovery: ranked search, trending topics, hashtag views and recommendations.
  .route("/search", searchRoutes)
  .route("/hashtags", hashtagRoutes)
  .route("/recommendations", recommendationRoutes)
  // The catalogue: the owner's services and products, their forms and public detail pages.
  .route("/services", serviceRoutes)
  .route("/products", productRoutes)
  // Checkout, orders, delivery and payouts; Stripe calls the webhook itself.
  .route("/checkout", checkoutRoutes)
  .route("/orders", orderRoutes)
  .route("/orders", revisionRoutes)
  .route("/downloads", downloadRoutes)
  .route("/payouts", payoutRoutes)
  .route("/webhooks", webhookRoutes)
  // Reviews of completed orders and Request Review.
  .route("/reviews", reviewRoutes)
  // The payments overview, receipts and custom offers (decision records 0049–0050).
  .route("/payments", paymentRoutes)
  .route("/offers", offerRoutes)
  // Booking: weekly times, free slots and bookings of paid services that need scheduling.
  .route("/booking", bookingRoutes)
  // Messages, activity and the per-user live channel with the badge counts.
  .route("/conversations", conversationRoutes)
  .route("/activity", activityRoutes)
  // Professional tools on the user's own data: analytics and the portfolio.
  .route("/analytics", analyticsRoutes)
  .route("/portfolio", portfolioRoutes)
  .route("/users", userPortfolioRoutes)
  // Leaving: delete my account, download my data (decision record 0084).
  .route("/account", accountRoutes)
  // Reports and moderation (decision record 0083).
  .route("/reports", reportRoutes)
  .route("/moderation", moderationRoutes)
  // Block and mute: the caller's own lists; what they hide is applied by each route (0082).
  .route("/users", blockRoutes)
  .route("/blocks", blockListRoutes)
  .route("/mutes", muteListRoutes)
  .route("/muted-words", mutedWordRoutes)
  // Notification settings, push devices and one-click unsubscribe (issue #30).
  .route("/notifications", notificationRoutes)
  .route("/push", pushRoutes)
  .route("/", liveRoutes);

export const app = new Hono<AppEnv>();

// Outermost, so it sees every answer, errors included: the local server reads what a handler
// left unread before answering (decision record 0021).
app.use("*", drainUnreadBody);
app.use("*", securityHeaders);
app.use("*", init);
// One structured line per request, refusals included (decision record 0011).
app.use("*", requestLog);
// A deploy missing APP_ORIGIN or its secrets answers 503 to everything (decision record 0086).
app.use("*", configurationCheck);
// Cross-origin mutations are refused before any handler runs; then an oversized body (decision
// record 0020); then the session is read, so every API and media handler sees c.var.session (null
// for visitors).
app.use("/api/*", originCheck);
app.use("/api/*", bodyLimits);
app.use("/api/*", session);
app.use("/media/*", session);

// Only its type is read (AppType below): the chain's return value carries every route's types.
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- used as a type only
const routes = app.route("/api", api);

// Unknown API paths answer in the error envelope; everything else is the SPA or a static asset.
app.all("/api/*", () => {
  throw new ApiError("not_found", REQUEST_TEXTS.notFound);
});
// Post media from R2 (GET/HEAD with Range); mounted before the SPA catch-all below.
app.route("/media", mediaRoutes);
// The native app's deep-link verification files (decision record 0043).
app.route("/.well-known", appLinkRoutes);
// The dev mail outbox; a 404 unless ENVIRONMENT is development or test.
app.route("/dev", devRoutes);
// The page a notification mail's unsubscribe link opens (issue #30): served by the Worker, not
// the SPA, so it works in any mail client's browser without the app's JavaScript.
app.route("/", unsubscribePageRoutes);
// Shared links to a post, a profile, a service or a product: the page painted by the Worker, with
// its link-preview tags (decision record 0097).
app.route("/", sharedPageRoutes);
// robots.txt, the prerendered landing page, and the caching rules of every page and static file.
app.route("/", siteRoutes);
app.all("*", serveAsset);

app.notFound(serveAsset);

app.onError((err, c) => {
  const requestId = c.get("requestId") ?? crypto.randomUUID();
  if (err instanceof ApiError) {
    const body: ErrorBody = { error: { code: err.code, message: err.message, requestId } };
    if (err.details !== undefined) body.error.details = err.details;
    return c.json(body, err.status, err.headers);
  }
  if (err instanceof HTTPException) {
    // Hono raises these for malformed input (e.g. an unparsable JSON body).
    const status = err.status;
    const code = status === 401 ? "unauthorized" : status === 413 ? "payload_too_large" : status >= 500 ? "internal" : "bad_request";
    const body: ErrorBody = { error: { code, message: err.message || REQUEST_TEXTS.invalidRequest, requestId } };
    return c.json(body, status);
  }
  const log = c.get("log") ?? createLogger({ requestId });
  // The one line of this failure, with its stack (the logger adds it); the request line that
  // follows carries the route and the 500, not the error again. The route pattern, not the path:
  // a path can hold ids and search words.
  log.error("unhandled error", { route: routePath(c), error: err instanceof Error ? err : new Error(String(err)) });
  const body: ErrorBody = { error: { code: "internal", message: REQUEST_TEXTS.unexpectedError, requestId } };
  return c.json(body, 500);
});

export type AppType = typeof routes;
