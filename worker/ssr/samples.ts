// Representative markup of every shared page (decision record 0097), rendered at build time by
// sharedPagePrerender (web/landing/prerender.config.ts): Beasties keeps the rules of the app's
// stylesheet whose selectors match it, and those become the template's inline CSS. Every branch a
// renderer can take that adds classes is here (visitor and signed-in, image, audio and video, a
// verified author, packages, a product with and without a picture, the not-found states); a
// renderer change that adds a class shows up here, or the page paints it unstyled until the app
// takes over.
import type { ProductDetail, ServiceDetail } from "@shared/marketplace-api";
import type { Post } from "@shared/posts-api";
import type { PublicProfile } from "@shared/profile-api";
import { detailBack, productDetail, serviceDetail } from "./catalogue";
import { notFoundCard, pageColumn, pageShell, publicHeader, signInCallout, type Viewer } from "./frame";
import { html } from "./html";
import { postCard } from "./post";
import { profileContent } from "./profile";

const NOW = Date.UTC(2026, 0, 15);
const author = { userId: "u1", username: "maya", displayName: "Maya Lopez", avatarUrl: "/media/avatars/u1/a.jpg", verified: true };

function post(contentType: Post["contentType"], extra: Partial<Post> = {}): Post {
  return {
    id: `p-${contentType}`,
    userId: author.userId,
    contentType,
    mediaUrl: `/media/post-${contentType}/u1/p.bin`,
    thumbnailUrl: contentType === "video" ? "/media/post-videos/u1/p-poster.jpg" : null,
    mimeType: "application/octet-stream",
    sizeBytes: 1,
    width: 1080,
    height: 1350,
    durationMs: 201_000,
    waveform: "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
    loudness: null,
    caption: "New mix is out #lofi",
    location: "Berlin",
    tags: ["lofi", "1"],
    likesCount: 1200,
    commentsCount: 3,
    createdAt: NOW - 3_600_000,
    updatedAt: NOW,
    author,
    viewer: { liked: true, bookmarked: true, isOwner: false },
    ...extra,
  };
}

const profile: PublicProfile = {
  ...author,
  profession: "Producer",
  bio: "Beats and mixes.",
  location: "Berlin",
  websiteUrl: "https://maya.example/work",
  skills: ["Mixing", "Mastering", "Sound design", "Vocals", "Keys", "Drums"],
  postCount: 3,
  followerCount: 12,
  followingCount: 4,
  joinedAt: NOW,
  viewer: { isSelf: false, following: true },
};

const price = { label: "Starting at $300", buyable: true, chargeCents: 30_000 };
const seller = { userId: author.userId, username: author.username, displayName: author.displayName, avatarUrl: null };

const service = {
  id: "s1",
  name: "Mixing",
  category: "per_session",
  description: "A mix.",
  pricingModel: "package",
  packages: [
    { sessions: 2, priceCents: 30_000, description: "Two sessions" },
    { sessions: null, priceCents: null, description: null },
  ],
  turnaroundDays: 3,
  needsScheduling: true,
  price,
  sellerPayable: true,
  seller,
  viewer: null,
  rating: { average: 4.5, count: 2 },
} as unknown as ServiceDetail;

const product = {
  id: "pr1",
  name: "Drum kit",
  category: "samples",
  type: "digital",
  description: "Kicks.",
  imageUrl: "/media/product-images/u1/pr1.jpg",
  hasFile: true,
  price,
  sellerPayable: false,
  seller,
  viewer: null,
  rating: null,
} as unknown as ProductDetail;

/** Every page kind, for a visitor and for a signed-in viewer, one after another. */
export function sampleMarkup(): string {
  const pages = [];
  for (const viewer of [{ userId: null }, { userId: "u2" }] satisfies Viewer[]) {
    const options = { now: NOW, priority: true, here: "/post/p" };
    pages.push(
      pageShell(publicHeader(viewer, "/post/p"), pageColumn(html`${postCard(post("audio"), viewer, options)}${postCard(post("image", { viewer: { liked: false, bookmarked: false, isOwner: false } }), viewer, options)}${postCard(post("video"), viewer, options)}${signInCallout("/post/p")}`)),
      pageShell(publicHeader(viewer, "/profile/u1"), pageColumn(profileContent(profile, [post("audio")], viewer, { now: NOW, here: "/profile/u1" }), { spacing: "space-y-5" })),
      pageShell(publicHeader(viewer, "/service/s1", { hideBack: true, wide: true }), pageColumn(html`${detailBack("/search")}${serviceDetail(service)}`, { wide: true, top: "pt-3" })),
      pageShell(publicHeader(viewer, "/product/pr1", { hideBack: true, wide: true }), pageColumn(html`${detailBack("/")}${productDetail(product)}${productDetail({ ...product, imageUrl: null, type: "physical", sellerPayable: true })}`, { wide: true, top: "pt-3" })),
    );
  }
  pages.push(profileContent({ ...profile, verified: false, viewer: null }, [], { userId: "u1" }, { now: NOW, here: "/profile/u1" }));
  pages.push(notFoundCard({ icon: "SearchX", title: "Post not found", hint: "Gone.", action: "Go home", to: "/", testId: "post-not-found", heading: "h2" }));
  pages.push(notFoundCard({ icon: "UserX", title: "Profile not found", hint: "Gone.", action: "Go home", to: "/", testId: "profile-not-found", heading: "h1" }));
  return pages.map((page) => page.value).join("\n");
}
