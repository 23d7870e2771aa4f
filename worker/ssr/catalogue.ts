// A service or a product as the Worker paints it for a shared link (decision record 0097):
// ServiceDetailView and ProductDetailView (web/features/marketplace/components/item-detail.tsx)
// in the same classes. Buy Now is a link to sign in for a visitor (the purchase needs an account)
// and, for a signed-in buyer, the app's own button once it has taken over (`data-intent`).
import type { ProductDetail, SellerSummary, ServiceDetail } from "@shared/marketplace-api";
import { MARKET_SCREEN_TEXTS, PAYOUTS_SCREEN_TEXTS, REVIEW_TEXTS } from "@shared/messages";
import { formatCents } from "@shared/rules/price";
import type { ItemRating } from "@shared/review-api";
import { avatar, badge, buttonClass, plural } from "./frame";
import { html, safeUrl, type SafeHtml } from "./html";
import { icon } from "./icons";

const D = MARKET_SCREEN_TEXTS.detail;

/** "per_session" → "Per session": the catalogue card's rule. */
function categoryLabel(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).replaceAll("_", " ");
}

/** §2 Back: a link to where the app's back button goes when the page was opened directly. */
export function detailBack(to: string): SafeHtml {
  return html`<a href="${to}" class="${buttonClass("ghost", "sm", "-ml-2")}" data-testid="detail-back">${icon("ArrowLeft", "")} ${D.back}</a>`;
}

function sellerLine(seller: SellerSummary): SafeHtml {
  return html`<a href="/profile/${encodeURIComponent(seller.userId)}" class="group flex items-center gap-3 rounded-2xl border bg-card p-3 transition hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-ring" data-testid="seller-card">${avatar(seller.avatarUrl, seller.displayName, "md")}<span class="min-w-0 flex-1"><span class="block text-xs text-muted-foreground">${D.seller}</span><span class="block truncate font-semibold group-hover:text-primary">${seller.displayName}</span><span class="block truncate text-sm text-muted-foreground">@${seller.username}</span></span><span class="text-sm font-medium text-primary">${D.viewProfile}</span></a>`;
}

function rating(value: ItemRating | null): SafeHtml | null {
  if (!value || value.count === 0) return null;
  const average = value.average.toFixed(1);
  return html`<span class="inline-flex items-center gap-1 text-sm" data-testid="rating">${icon("Star", "size-4 fill-amber-400 text-amber-400")}<span aria-hidden="true" class="font-medium">${REVIEW_TEXTS.ratingLabel(average, value.count)}</span><span class="sr-only">${REVIEW_TEXTS.ratingAccessible(average, value.count)}</span></span>`;
}

/** Buy Now, Manage (the owner) or the reason it cannot be bought yet, as BuyButton shows them. */
function buy(item: { price: { buyable: boolean }; sellerPayable: boolean; viewer: { isOwner: boolean } | null }, manage: string): SafeHtml {
  const label = html`${icon("ShoppingCart", "")} ${MARKET_SCREEN_TEXTS.buy.buyNow}`;
  if (item.viewer?.isOwner) return html`<a href="${manage}" class="${buttonClass("outline", "md", "w-full")}" data-testid="manage-item">${icon("Pencil", "")} ${D.manage}</a>`;
  if (!item.price.buyable) return html`<button type="button" class="${buttonClass("primary", "lg", "w-full disabled:pointer-events-none disabled:opacity-50")}" disabled title="${MARKET_SCREEN_TEXTS.buy.contactForPricing}" data-testid="buy-now">${label}</button>`;
  if (!item.sellerPayable) {
    return html`<div class="flex flex-col gap-1.5 w-full" data-testid="buy-now-unavailable"><button type="button" class="${buttonClass("primary", "lg", "w-full aria-disabled:pointer-events-none aria-disabled:opacity-50")}" aria-disabled="true" aria-describedby="buy-now-reason" data-testid="buy-now">${label}</button><p id="buy-now-reason" class="text-xs text-muted-foreground" data-testid="buy-now-reason">${PAYOUTS_SCREEN_TEXTS.buyNow.notPayable}</p></div>`;
  }
  // A visitor's press too opens the app's purchase dialog, which asks them to log in in the spec's
  // words (§5); without scripts the page's sign-in call to action is the way in.
  return html`<button type="button" class="${buttonClass("primary", "lg", "w-full")}" data-intent="buy-now" data-testid="buy-now">${label}</button>`;
}

function purchasePanel(price: string, itemRating: ItemRating | null, note: SafeHtml | null, control: SafeHtml): SafeHtml {
  return html`<section aria-label="${MARKET_SCREEN_TEXTS.buy.buyNow}" class="space-y-3 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm lg:sticky lg:top-20"><div class="space-y-1"><p class="text-xs text-muted-foreground">${D.priceLabel}</p><p class="font-display text-2xl font-bold tracking-tight text-primary" data-testid="detail-price">${price}</p>${rating(itemRating)}</div>${note}${control}</section>`;
}

function about(description: string | null): SafeHtml | null {
  return description
    ? html`<section class="space-y-2"><h2 class="font-display text-lg font-semibold">${D.about}</h2><p class="text-[15px] leading-relaxed whitespace-pre-line" data-testid="detail-description">${description}</p></section>`
    : null;
}

export function serviceDetail(service: ServiceDetail): SafeHtml {
  const packages =
    service.pricingModel === "package" && service.packages.length > 0
      ? html`<section class="space-y-2" data-testid="package-list"><h2 class="font-display text-lg font-semibold">${D.packages}</h2><ul class="space-y-2">${service.packages.map(
          (pack, index) =>
            html`<li class="flex items-start justify-between gap-3 rounded-2xl border bg-card p-3"><div class="min-w-0 space-y-0.5"><p class="font-medium">${pack.sessions !== null ? plural(pack.sessions, "session") : MARKET_SCREEN_TEXTS.packageEditor.option(index + 1)}</p>${pack.description ? html`<p class="text-sm text-muted-foreground">${pack.description}</p>` : null}</div>${pack.priceCents !== null ? html`<p class="shrink-0 font-semibold text-primary">${formatCents(pack.priceCents)}</p>` : null}</li>`,
        )}</ul></section>`
      : null;
  return html`<article class="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start" data-testid="service-detail"><div class="space-y-5"><header class="flex items-start gap-4">${avatar(service.seller.avatarUrl, service.seller.displayName, "lg")}<div class="min-w-0 space-y-1.5"><h1 class="font-display text-2xl font-bold leading-tight tracking-tight break-words">${service.name}</h1><div class="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">${badge(html`${icon("Wrench", "")} ${categoryLabel(service.category)}`, "secondary")}<a href="/profile/${encodeURIComponent(service.seller.userId)}" class="font-medium text-foreground hover:text-primary hover:underline" data-testid="seller-username">@${service.seller.username}</a></div></div></header><div class="flex flex-wrap gap-2">${service.turnaroundDays !== null ? badge(html`${icon("Clock", "")} ${MARKET_SCREEN_TEXTS.delivery(service.turnaroundDays)}`, "outline", "py-1") : null}${service.needsScheduling ? badge(html`${icon("CalendarClock", "")} ${D.schedulingRequired}`, "default", "py-1", html` data-testid="scheduling-required"`) : null}</div>${about(service.description)}${packages}${sellerLine(service.seller)}</div>${purchasePanel(service.price.label, service.rating, null, buy(service, "/services"))}</article>`;
}

export function productDetail(product: ProductDetail): SafeHtml {
  const P = MARKET_SCREEN_TEXTS.products;
  const image = safeUrl(product.imageUrl);
  const picture = image
    ? html`<img src="${image}" alt="${product.name}" fetchpriority="high" decoding="async" class="aspect-square w-full rounded-[var(--radius-card)] border bg-muted object-cover sm:aspect-[4/3]" data-testid="product-image" />`
    : html`<div role="img" aria-label="${P.imagePlaceholder}" class="flex aspect-[4/3] w-full items-center justify-center rounded-[var(--radius-card)] border bg-gradient-to-br from-muted to-accent/40 text-muted-foreground" data-testid="product-image-placeholder">${icon("Package", "size-16")}</div>`;
  const note =
    product.type === "digital" && product.hasFile
      ? html`<p class="flex items-center gap-2 rounded-xl bg-accent/50 px-3 py-2 text-sm" data-testid="digital-file-note">${icon("FileDown", "size-4 shrink-0 text-primary")} ${P.digitalFileNote}</p>`
      : null;
  return html`<article class="grid gap-5 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start" data-testid="product-detail"><div class="space-y-5">${picture}<header class="space-y-2"><div class="flex flex-wrap items-center gap-2">${badge(categoryLabel(product.category), "secondary")}${badge(MARKET_SCREEN_TEXTS.productTypes[product.type], product.type === "digital" ? "default" : "outline", undefined, html` data-testid="product-type"`)}</div><h1 class="font-display text-2xl font-bold leading-tight tracking-tight break-words">${product.name}</h1></header>${about(product.description)}${sellerLine(product.seller)}</div>${purchasePanel(product.price.label, product.rating, note, buy(product, "/products"))}</article>`;
}
