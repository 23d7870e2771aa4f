// Link previews (spec social-feed-search §7 "share links use /post/{id}",
// marketplace-messaging-account §2 /profile/{userId}, /service/{serviceId}, /product/{productId}).
// A chat app that fetches a shared link reads Open Graph and Twitter card tags from the HTML and
// runs no script, so the Worker writes them into the SPA's own index.html for these paths; the SPA
// then boots from that same page.
// Anything that is not a page navigation, and any id that names nothing, gets the page unchanged.
// Crawlers never meet the PWA service worker (they do not run one), so its navigation fallback,
// which serves the cached index.html to installed browsers, changes nothing here.
import { Hono, type Context } from "hono";
import { LINK_PREVIEW_TEXTS } from "@shared/messages";
import { cleanText, escapeHtml } from "@shared/rules/sanitize";
import { idSchema } from "@shared/schemas/common";
import { getPost } from "../db/queries/posts";
import { getProductDetail } from "../db/queries/products";
import { getPublicProfile } from "../db/queries/profiles";
import { getServiceDetail } from "../db/queries/services";
import type { AppEnv } from "../env";
import { expectedOrigin } from "../middleware/origin";
import { paymentsMode } from "../services/payments/stripe";
import { serveAsset } from "./site";

/** What one card says. Image is a path or URL; it is made absolute against the app's origin. */
interface LinkPreview {
  type: "profile" | "article" | "product";
  title: string;
  description: string;
  image: string | null;
  /** A large image for visual posts, the small square card for people and sound. */
  largeImage: boolean;
}

const DESCRIPTION_MAX = 200;
const DEFAULT_IMAGE = "/icons/icon-512.png";

function clip(text: string, max: number): string {
  const flat = cleanText(text).replace(/\s+/g, " ");
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/**
 * The SPA's page with the card's tags: the build's og:, twitter: and description tags are removed
 * and ours appended to the head, each value escaped here (one escaping rule for every tag).
 */
function withPreview(page: Response, preview: LinkPreview, pageUrl: string, siteName: string): Response {
  const absolute = (path: string) => new URL(path, pageUrl).href;
  const image = absolute(preview.image ?? DEFAULT_IMAGE);
  const description = clip(preview.description, DESCRIPTION_MAX);
  const tags: [attribute: "property" | "name", key: string, value: string][] = [
    ["name", "description", description],
    ["property", "og:type", preview.type],
    ["property", "og:site_name", siteName],
    ["property", "og:title", preview.title],
    ["property", "og:description", description],
    ["property", "og:url", pageUrl],
    ["property", "og:image", image],
    ["name", "twitter:card", preview.largeImage ? "summary_large_image" : "summary"],
    ["name", "twitter:title", preview.title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
  ];
  const markup = tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`).join("\n    ");
  const rewritten = new HTMLRewriter()
    .on('meta[property^="og:"], meta[name^="twitter:"], meta[name="description"]', {
      element(el) {
        el.remove();
      },
    })
    .on("title", {
      element(el) {
        el.setInnerContent(escapeHtml(`${preview.title} · ${siteName}`), { html: true });
      },
    })
    .on("head", {
      element(el) {
        el.append(`    ${markup}\n  `, { html: true });
      },
    })
    .transform(page);
  const response = new Response(rewritten.body, rewritten);
  // The page now depends on the row; the build's ETag and length describe the file it came from.
  response.headers.delete("etag");
  response.headers.delete("content-length");
  response.headers.set("cache-control", "no-cache");
  response.headers.append("vary", "Accept");
  return response;
}

async function profilePreview(c: Context<AppEnv>, id: string): Promise<LinkPreview | null> {
  const profile = await getPublicProfile(c.var.db, id, null);
  if (!profile) return null;
  const summary = [profile.profession, profile.location].filter(Boolean).join(" · ");
  return {
    type: "profile",
    title: LINK_PREVIEW_TEXTS.profileTitle(profile.displayName, profile.username),
    description: profile.bio || summary || LINK_PREVIEW_TEXTS.profileDescription(profile.displayName),
    image: profile.avatarUrl,
    largeImage: false,
  };
}

async function postPreview(c: Context<AppEnv>, id: string): Promise<LinkPreview | null> {
  const post = await getPost(c.var.db, id, null);
  if (!post) return null;
  const visual = post.contentType === "image" ? post.mediaUrl : post.thumbnailUrl;
  return {
    type: "article",
    title: LINK_PREVIEW_TEXTS.postTitle(post.author.displayName),
    description: post.caption || LINK_PREVIEW_TEXTS.postDescription(post.contentType, post.author.username),
    image: visual ?? post.author.avatarUrl,
    largeImage: visual !== null,
  };
}

async function servicePreview(c: Context<AppEnv>, id: string): Promise<LinkPreview | null> {
  const service = await getServiceDetail(c.var.db, id, null, paymentsMode(c.env));
  if (!service) return null;
  return {
    type: "product",
    title: LINK_PREVIEW_TEXTS.itemTitle(service.name, service.price.label),
    description: service.description || LINK_PREVIEW_TEXTS.serviceDescription(service.seller.username),
    image: service.seller.avatarUrl,
    largeImage: false,
  };
}

async function productPreview(c: Context<AppEnv>, id: string): Promise<LinkPreview | null> {
  const product = await getProductDetail(c.var.db, id, null, paymentsMode(c.env));
  if (!product) return null;
  return {
    type: "product",
    title: LINK_PREVIEW_TEXTS.itemTitle(product.name, product.price.label),
    description: product.description || LINK_PREVIEW_TEXTS.productDescription(product.type, product.seller.username),
    image: product.imageUrl ?? product.seller.avatarUrl,
    largeImage: product.imageUrl !== null,
  };
}

/** Only a browser or crawler asking for a page gets a card; fetches of anything else pass through. */
function wantsHtml(c: Context<AppEnv>): boolean {
  return (c.req.header("accept") ?? "").includes("text/html");
}

async function answer(c: Context<AppEnv>, load: (id: string) => Promise<LinkPreview | null>): Promise<Response> {
  // Through the site's own handler, so that a page without a card is revalidated like every page.
  const page = await serveAsset(c);
  const id = idSchema.safeParse(c.req.param("id"));
  if (!wantsHtml(c) || !id.success || !page.ok || !(page.headers.get("content-type") ?? "").includes("text/html")) return page;
  let preview: LinkPreview | null;
  try {
    preview = await load(id.data);
  } catch (error) {
    // A card is a nicety: the page itself must open even when the database does not answer.
    c.var.log.warn("link preview failed", { path: c.req.path, error });
    return page;
  }
  if (!preview) return page;
  const pageUrl = new URL(c.req.path, expectedOrigin(c.req.url, c.env.APP_ORIGIN)).href;
  return withPreview(page, preview, pageUrl, c.env.APP_NAME);
}

export const linkPreviewRoutes = new Hono<AppEnv>()
  .get("/profile/:id", (c) => answer(c, (id) => profilePreview(c, id)))
  .get("/post/:id", (c) => answer(c, (id) => postPreview(c, id)))
  .get("/service/:id", (c) => answer(c, (id) => servicePreview(c, id)))
  .get("/product/:id", (c) => answer(c, (id) => productPreview(c, id)));
