// The pages a shared link opens (issue #29 item 1, decision record 0097; spec social-feed-search
// §7 "share links use /post/{id}", marketplace-messaging-account §2 /profile/{userId},
// /service/{serviceId}, /product/{productId}). A page navigation gets HTML that already shows the
// content, painted into the build's template (shared-page.html, written by the sharedPagePrerender
// plugin: the app's head, the critical CSS, the theme script and the island script, no app
// entry), with the link-preview tags chat apps read (this replaces 0028's link-previews.ts). What
// is shown is exactly what the app's API shows the same viewer: hidden, suspended, deleted or,
// for a signed-in viewer, blocked content answers 404 with the route's own not-found state.
//
// Caching: a visitor's page (no session cookie) is kept in the data centre's cache
// (caches.default, keyed by the path) for SHARED_PAGE_TTL_SECONDS and purged by the routes that
// edit or delete what it shows (purgeSharedPages); the browser revalidates every time
// (`no-cache`). A signed-in viewer's page is never stored anywhere.
//
// Anything that is not a page navigation, a profile tab other than Posts (the app's screen), and
// a build without the template (`vite dev`) get the app's own page as before.
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { LINK_PREVIEW_TEXTS, MARKET_SCREEN_TEXTS, POST_ERRORS, POST_SCREEN_TEXTS, PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import { cleanText } from "@shared/rules/sanitize";
import { idSchema } from "@shared/schemas/common";
import { PAGE_DEFAULT_LIMIT } from "@shared/paging";
import { isBlockedBetween } from "../db/queries/audience";
import { getPost, listUserPosts } from "../db/queries/posts";
import { getProductDetail } from "../db/queries/products";
import { getPublicProfile } from "../db/queries/profiles";
import { getServiceDetail } from "../db/queries/services";
import { sellerItemIds } from "../db/queries/seller-items";
import type { AppEnv, Ctx } from "../env";
import { expectedOrigin } from "../middleware/origin";
import { session } from "../middleware/session";
import { ACCESS_COOKIE } from "../services/auth/sessions";
import { paymentsMode } from "../services/payments/stripe";
import { detailBack, productDetail, serviceDetail } from "../ssr/catalogue";
import { notFoundCard, pageColumn, pageShell, publicHeader, signInCallout, type Viewer } from "../ssr/frame";
import { html, safeUrl, type SafeHtml } from "../ssr/html";
import { postCard } from "../ssr/post";
import { profileContent } from "../ssr/profile";
import { serveAsset } from "./site";

/** How long a data centre keeps a visitor's copy: also the bound on what a purge cannot reach. */
const SHARED_PAGE_TTL_SECONDS = 60;

export type SharedPageKind = "post" | "profile" | "service" | "product";

/** The template's placeholders (shared-page.html); a page without them is not the template. */
const HEAD_MARK = "<!--shared-page-head-->";
const BODY_MARK = "<!--shared-page-->";
const DATA_MARK = "<!--shared-page-data-->";
const ROOT_MARK = 'data-prerendered="shared"';

const DESCRIPTION_MAX = 200;
const DEFAULT_IMAGE = "/icons/icon-512.png";

/** What one rendered page holds: its status, its tags, its markup and the data the app starts from. */
interface Rendered {
  status: 200 | 404;
  title: string;
  preview: { type: "profile" | "article" | "product"; description: string; image: string | null; largeImage: boolean } | null;
  body: SafeHtml;
  /** The API answers the page was drawn from, for the app to start with (web/lib/prerendered-data.ts). */
  data: Record<string, unknown> | null;
}

function clip(text: string, max: number): string {
  const flat = cleanText(text).replace(/\s+/g, " ");
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

async function renderPost(c: Context<AppEnv>, id: string, viewer: Viewer): Promise<Rendered> {
  const here = `/post/${id}`;
  const post = await getPost(c.var.db, id, viewer.userId);
  const header = publicHeader(viewer, here);
  const callout = viewer.userId === null ? signInCallout(here) : null;
  if (!post) {
    const card = notFoundCard({
      icon: "SearchX",
      title: POST_ERRORS.postNotFound,
      hint: POST_SCREEN_TEXTS.page.notFoundHint,
      action: viewer.userId ? POST_SCREEN_TEXTS.page.backToFeed : POST_SCREEN_TEXTS.page.goHome,
      to: viewer.userId ? "/feed" : "/",
      testId: "post-not-found",
      heading: "h2",
    });
    return { status: 404, title: POST_ERRORS.postNotFound, preview: null, body: pageShell(header, pageColumn(html`<h1 class="sr-only">${POST_SCREEN_TEXTS.page.title}</h1>${card}${callout}`)), data: null };
  }
  const visual = post.contentType === "image" ? post.mediaUrl : post.thumbnailUrl;
  const card = postCard(post, viewer, { now: Date.now(), priority: true, here });
  return {
    status: 200,
    title: LINK_PREVIEW_TEXTS.postTitle(post.author.displayName),
    preview: {
      type: "article",
      description: post.caption || LINK_PREVIEW_TEXTS.postDescription(post.contentType, post.author.username),
      image: visual ?? post.author.avatarUrl,
      largeImage: visual !== null,
    },
    body: pageShell(header, pageColumn(html`<h1 class="sr-only">${POST_SCREEN_TEXTS.page.title}</h1>${card}${callout}`)),
    data: { post },
  };
}

async function renderProfile(c: Context<AppEnv>, id: string, viewer: Viewer): Promise<Rendered> {
  const here = `/profile/${id}`;
  const db = c.var.db;
  // One round trip's worth of latency: the three reads go out together.
  const [profile, blocked, firstPosts] = await Promise.all([
    getPublicProfile(db, id, viewer.userId),
    isBlockedBetween(db, viewer.userId, id),
    listUserPosts(db, { userId: id, limit: PAGE_DEFAULT_LIMIT, viewerId: viewer.userId }),
  ]);
  const header = publicHeader(viewer, here);
  const column = (content: SafeHtml) => pageShell(header, pageColumn(content, { spacing: "space-y-5" }));
  if (!profile || blocked) {
    const T = PROFILE_SCREEN_TEXTS.publicProfile;
    const card = notFoundCard({
      icon: "UserX",
      title: PROFILE_TEXTS.notFound,
      hint: T.notFoundHint,
      action: viewer.userId ? T.backToFeed : T.goToBackline,
      to: viewer.userId ? "/feed" : "/",
      testId: "profile-not-found",
      heading: "h1",
    });
    return { status: 404, title: PROFILE_TEXTS.notFound, preview: null, body: column(card), data: null };
  }
  const summary = [profile.profession, profile.location].filter(Boolean).join(" · ");
  const content = profileContent(profile, firstPosts.items, viewer, { now: Date.now(), here });
  return {
    status: 200,
    title: LINK_PREVIEW_TEXTS.profileTitle(profile.displayName, profile.username),
    preview: {
      type: "profile",
      description: profile.bio || summary || LINK_PREVIEW_TEXTS.profileDescription(profile.displayName),
      image: profile.avatarUrl,
      largeImage: false,
    },
    body: column(html`${content}${viewer.userId === null ? signInCallout(here) : null}`),
    data: { profile, posts: firstPosts },
  };
}

async function renderService(c: Context<AppEnv>, id: string, viewer: Viewer): Promise<Rendered> {
  const here = `/service/${id}`;
  const T = MARKET_SCREEN_TEXTS.services;
  const service = await getServiceDetail(c.var.db, id, viewer.userId, paymentsMode(c.env));
  const visible = service && !(await isBlockedBetween(c.var.db, viewer.userId, service.seller.userId)) ? service : null;
  const header = publicHeader(viewer, here, { hideBack: true, wide: true });
  const column = (content: SafeHtml) => pageShell(header, pageColumn(html`${detailBack("/search")}${content}`, { wide: true, top: "pt-3" }));
  if (!visible) {
    const card = notFoundCard({ icon: "PackageSearch", title: T.notFound, hint: T.notFoundHint, action: T.backToSearch, to: "/search", testId: "item-not-found", heading: "h1" });
    return { status: 404, title: T.notFound, preview: null, body: column(card), data: null };
  }
  return {
    status: 200,
    title: LINK_PREVIEW_TEXTS.itemTitle(visible.name, visible.price.label),
    preview: { type: "product", description: visible.description || LINK_PREVIEW_TEXTS.serviceDescription(visible.seller.username), image: visible.seller.avatarUrl, largeImage: false },
    body: column(html`${serviceDetail(visible)}${viewer.userId === null ? signInCallout(here) : null}`),
    data: { service: visible },
  };
}

async function renderProduct(c: Context<AppEnv>, id: string, viewer: Viewer): Promise<Rendered> {
  const here = `/product/${id}`;
  const T = MARKET_SCREEN_TEXTS.products;
  const product = await getProductDetail(c.var.db, id, viewer.userId, paymentsMode(c.env));
  const visible = product && !(await isBlockedBetween(c.var.db, viewer.userId, product.seller.userId)) ? product : null;
  const header = publicHeader(viewer, here, { hideBack: true, wide: true });
  const back = viewer.userId ? "/products" : "/";
  const column = (content: SafeHtml) => pageShell(header, pageColumn(html`${detailBack(back)}${content}`, { wide: true, top: "pt-3" }));
  if (!visible) {
    const card = notFoundCard({ icon: "PackageSearch", title: T.notFound, hint: T.notFoundHint, action: T.backToProducts, to: "/products", testId: "item-not-found", heading: "h1" });
    return { status: 404, title: T.notFound, preview: null, body: column(card), data: null };
  }
  return {
    status: 200,
    title: LINK_PREVIEW_TEXTS.itemTitle(visible.name, visible.price.label),
    preview: {
      type: "product",
      description: visible.description || LINK_PREVIEW_TEXTS.productDescription(visible.type, visible.seller.username),
      image: visible.imageUrl ?? visible.seller.avatarUrl,
      largeImage: visible.imageUrl !== null,
    },
    body: column(html`${productDetail(visible)}${viewer.userId === null ? signInCallout(here) : null}`),
    data: { product: visible },
  };
}

/** The head's tags: title, description, canonical URL and the card chat apps read (0028's set). */
function headTags(rendered: Rendered, pageUrl: string, siteName: string): SafeHtml {
  const title = html`<title>${rendered.title} · ${siteName}</title>`;
  if (!rendered.preview) return html`${title}<meta name="robots" content="noindex" />`;
  const { preview } = rendered;
  const image = new URL(safeUrl(preview.image) ?? DEFAULT_IMAGE, pageUrl).href;
  const description = clip(preview.description, DESCRIPTION_MAX);
  const tags: [attribute: "property" | "name", key: string, value: string][] = [
    ["name", "description", description],
    ["property", "og:type", preview.type],
    ["property", "og:site_name", siteName],
    ["property", "og:title", rendered.title],
    ["property", "og:description", description],
    ["property", "og:url", pageUrl],
    ["property", "og:image", image],
    ["name", "twitter:card", preview.largeImage ? "summary_large_image" : "summary"],
    ["name", "twitter:title", rendered.title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
  ];
  return html`${title}\n    <link rel="canonical" href="${pageUrl}" />${tags.map(([attribute, key, value]) => html`\n    <meta ${attribute === "property" ? html`property` : html`name`}="${key}" content="${value}" />`)}`;
}

/**
 * The data the page was drawn from, for the app to start with: JSON in a script element that
 * never runs (the CSP allows no inline script), with "<" written as \u003c so that no value can
 * close the element, and the two line separators JSON allows but scripts once did not.
 */
function dataScript(data: Record<string, unknown>, kind: SharedPageKind, id: string): string {
  const json = JSON.stringify({ kind, id, ...data })
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
  return `<script type="application/json" id="shared-page-data">${json}</script>`;
}

/**
 * The finished document. The root tells the island when the app takes over: right after the
 * first paint for a signed-in viewer (the app is what they use), on the first action that needs
 * it for a visitor (`intent`).
 */
function documentOf(template: string, rendered: Rendered, kind: SharedPageKind, id: string, pageUrl: string, siteName: string, signedIn: boolean): string {
  return template
    .replace(HEAD_MARK, () => headTags(rendered, pageUrl, siteName).value)
    .replace(ROOT_MARK, () => `${ROOT_MARK} data-takeover="${signedIn ? "now" : "intent"}"`)
    .replace(BODY_MARK, () => rendered.body.value)
    .replace(DATA_MARK, () => (rendered.data ? dataScript(rendered.data, kind, id) : ""));
}

/** The template from the build, or null when this build has none (`vite dev`). */
async function template(c: Context<AppEnv>): Promise<string | null> {
  const page = await c.env.ASSETS.fetch(new Request(new URL("/shared-page", c.req.url), { headers: { accept: "text/html" } }));
  if (!page.ok || !(page.headers.get("content-type") ?? "").includes("text/html")) return null;
  const text = await page.text();
  return text.includes(BODY_MARK) && text.includes(HEAD_MARK) && text.includes(ROOT_MARK) ? text : null;
}

/** The key a page is kept under in the data centre's cache: the path alone, on the request's origin. */
function cacheKey(origin: string, kind: SharedPageKind, id: string): Request {
  return new Request(new URL(`/${kind}/${encodeURIComponent(id)}`, origin).href, { method: "GET" });
}

/** A copy for the browser: revalidate every time, whatever the edge keeps. */
function forBrowser(response: Response, cacheState: "hit" | "miss" | "bypass"): Response {
  const copy = new Response(response.body, response);
  copy.headers.set("cache-control", "no-cache");
  copy.headers.set("x-shared-page-cache", cacheState);
  return copy;
}

const RENDERERS: Record<SharedPageKind, (c: Context<AppEnv>, id: string, viewer: Viewer) => Promise<Rendered>> = {
  post: renderPost,
  profile: renderProfile,
  service: renderService,
  product: renderProduct,
};

function wantsHtml(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").includes("text/html");
}

async function answer(c: Context<AppEnv>, kind: SharedPageKind): Promise<Response> {
  if (!wantsHtml(c)) return serveAsset(c);
  // Another tab of a profile is the app's screen, reached by its URL.
  if (kind === "profile" && (c.req.query("tab") ?? "posts") !== "posts") return serveAsset(c);
  const raw = c.req.param("id") ?? "";
  const origin = new URL(c.req.url).origin;
  // A visitor has no session cookie at all; anyone who sends one is never served a stored copy.
  const visitor = getCookie(c, ACCESS_COOKIE) === undefined;
  const cache = caches.default;
  if (visitor) {
    const stored = await cache.match(cacheKey(origin, kind, raw));
    if (stored) return forBrowser(stored, "hit");
  }
  const page = await template(c);
  if (!page) return serveAsset(c);
  const viewer: Viewer = { userId: c.var.session?.userId ?? null };
  const id = idSchema.safeParse(raw);
  let rendered: Rendered;
  try {
    // A malformed id names nothing: the same 404 as an unknown one.
    rendered = await RENDERERS[kind](c, id.success ? id.data : "", viewer);
  } catch (error) {
    // The page must open even when the database does not answer: the app's page, which shows
    // its own error state and retries.
    c.var.log.warn("shared page failed", { path: c.req.path, error });
    return serveAsset(c);
  }
  const pageUrl = new URL(c.req.path, expectedOrigin(c.req.url, c.env.APP_ORIGIN)).href;
  const body = documentOf(page, rendered, kind, raw, pageUrl, c.env.APP_NAME, viewer.userId !== null);
  const headers = { "content-type": "text/html; charset=utf-8", vary: "Accept" };
  if (!visitor) return forBrowser(new Response(body, { status: rendered.status, headers }), "bypass");
  const response = new Response(body, { status: rendered.status, headers: { ...headers, "cache-control": `public, max-age=${SHARED_PAGE_TTL_SECONDS}` } });
  // Stored after the answer has gone; a 404 is kept too, so a flood of unknown ids stays cheap.
  c.executionCtx.waitUntil(cache.put(cacheKey(origin, kind, raw), response.clone()));
  return forBrowser(response, "miss");
}

/**
 * Removes the stored copies of these pages from this data centre's cache, for the routes that
 * edit or delete what they show. Other data centres keep theirs until SHARED_PAGE_TTL_SECONDS
 * have passed (the Cache API is per data centre): that is the bound on a stale page.
 */
export async function purgeSharedPages(c: Context<AppEnv>, pages: { kind: SharedPageKind; id: string }[]): Promise<void> {
  const origin = new URL(c.req.url).origin;
  await Promise.all(pages.map(({ kind, id }) => caches.default.delete(cacheKey(origin, kind, id))));
}

/**
 * A seller's service and product pages, after a change that decides whether they can be bought
 * (payouts set up or lost): their Buy Now changes although no item was edited.
 */
export async function purgeSellerItemPages(ctx: Pick<Ctx, "db" | "origin">, seller: { userId: string } | { stripeAccountId: string }): Promise<void> {
  const ids = await sellerItemIds(ctx.db, seller);
  const pages = [...ids.services.map((id) => ({ kind: "service" as const, id })), ...ids.products.map((id) => ({ kind: "product" as const, id }))];
  await Promise.all(pages.map(({ kind, id }) => caches.default.delete(cacheKey(ctx.origin, kind, id))));
}

export const sharedPageRoutes = new Hono<AppEnv>()
  .get("/post/:id", session, (c) => answer(c, "post"))
  .get("/profile/:id", session, (c) => answer(c, "profile"))
  .get("/service/:id", session, (c) => answer(c, "service"))
  .get("/product/:id", session, (c) => answer(c, "product"));
