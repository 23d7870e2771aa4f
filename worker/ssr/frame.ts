// The frame every shared page is drawn in (decision record 0097), written with the same Tailwind
// classes as the app's components it stands in for, so that the Worker's first paint and the
// screen the app later puts in its place look the same: PublicHeader and SignInCallout
// (web/components/app-shell/public-page.tsx), Avatar (web/components/ui/avatar.tsx), the buttons
// (web/components/ui/button.tsx), the badges and the not-found states of each route. When one of
// those components changes its look, the markup here changes with it.
import { SHELL_TEXTS } from "@shared/messages";
export { formatCount, plural } from "@shared/rules/counts";
import { cx, html, safeUrl, type SafeHtml } from "./html";
import { icon, type IconName } from "./icons";

const T = SHELL_TEXTS.publicPage;

/** Who asks: a visitor, or a signed-in viewer (whose id the renderers compare with owners'). */
export interface Viewer {
  userId: string | null;
}

/** buttonVariants() of web/components/ui/button.tsx, for the variants and sizes the pages use. */
const BUTTON_BASE =
  "inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium " +
  "transition-[background-color,color,box-shadow,transform,opacity] duration-150 active:scale-[0.97] " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring " +
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";
const BUTTON_VARIANTS = {
  primary: "bg-primary text-primary-foreground shadow-[0_8px_24px_-8px_var(--color-glow)] hover:brightness-110",
  outline: "border border-input bg-transparent text-foreground hover:bg-muted",
  ghost: "bg-transparent text-foreground hover:bg-muted",
} as const;
const BUTTON_SIZES = { sm: "h-9 px-3.5 text-sm", md: "h-11 px-5 text-sm", lg: "h-13 px-7 text-base" } as const;

export function buttonClass(variant: keyof typeof BUTTON_VARIANTS = "primary", size: keyof typeof BUTTON_SIZES = "md", extra?: string): string {
  return cx(BUTTON_BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], extra);
}

/** /auth with the page to come back to: every action that needs an account is this link. */
export function signInPath(redirect: string, tab?: "signup"): string {
  const query = new URLSearchParams({ redirect });
  if (tab) query.set("tab", tab);
  return `/auth?${query.toString()}`;
}

const AVATAR_SIZES = { xs: "size-7 text-[10px]", sm: "size-9 text-xs", md: "size-11 text-sm", lg: "size-16 text-lg", xl: "size-24 text-2xl" } as const;

/** "Maya Lopez" → "ML", "djkrush" → "DJ": the Avatar's initials. */
function initialsOf(name: string): string {
  const words = name.trim().replace(/^@/, "").split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  if (words.length === 1) return (words[0] ?? "").slice(0, 2).toUpperCase();
  return `${words[0]?.[0] ?? ""}${words[words.length - 1]?.[0] ?? ""}`.toUpperCase();
}

/** The Avatar: the picture when there is one (our media path or https), else the initials. */
export function avatar(src: string | null, name: string, size: keyof typeof AVATAR_SIZES, extra?: string): SafeHtml {
  const url = safeUrl(src);
  const body = url
    ? html`<img src="${url}" alt="${name}" class="size-full object-cover" decoding="async" />`
    : html`<span class="flex size-full items-center justify-center bg-gradient-to-br from-amber-400 via-orange-500 to-rose-500 font-display font-semibold text-white"><span aria-hidden="true">${initialsOf(name)}</span><span class="sr-only">${name}</span></span>`;
  return html`<span class="${cx("relative inline-flex shrink-0 overflow-hidden rounded-full bg-muted align-middle", AVATAR_SIZES[size], extra)}">${body}</span>`;
}

/** The Badge of web/components/ui/badge.tsx. */
export function badge(content: SafeHtml | string, variant: "default" | "secondary" | "outline", extra?: string, attributes?: SafeHtml): SafeHtml {
  const variants = { default: "bg-accent text-accent-foreground", secondary: "bg-secondary text-secondary-foreground", outline: "border border-border text-foreground" };
  return html`<span class="${cx("inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3", variants[variant], extra)}"${attributes ?? ""}>${content}</span>`;
}

/** The wordmark's logo mark (web/components/brand/logo.tsx), its gradient id fixed: one per page. */
const WORDMARK = html`<span class="inline-flex items-center gap-2 font-display text-lg font-bold tracking-tight"><svg viewBox="0 0 64 64" class="size-8" aria-hidden="true"><defs><linearGradient id="wordmark-g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fcd34d"></stop><stop offset="0.5" stop-color="#ff7a1a"></stop><stop offset="1" stop-color="#f43f5e"></stop></linearGradient></defs><rect width="64" height="64" rx="15" fill="#0a0a0a"></rect><g fill="url(#wordmark-g)"><rect x="11" y="25" width="6" height="14" rx="3"></rect><rect x="21" y="15" width="6" height="34" rx="3"></rect><rect x="31" y="9" width="6" height="46" rx="3"></rect><rect x="41" y="19" width="6" height="26" rx="3"></rect><rect x="51" y="27" width="3.5" height="10" rx="1.75"></rect></g></svg><span>${SHELL_TEXTS.wordmark}</span></span>`;

/** PublicHeader: back link (or none), the wordmark, and Sign In for a visitor. */
export function publicHeader(viewer: Viewer, redirect: string, options: { hideBack?: boolean; wide?: boolean } = {}): SafeHtml {
  const signedIn = viewer.userId !== null;
  const back = options.hideBack
    ? null
    : html`<a href="${signedIn ? "/feed" : "/"}" aria-label="${signedIn ? T.backToFeed : T.backToHome}" class="inline-flex size-10 shrink-0 items-center justify-center rounded-full transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">${icon("ArrowLeft", "size-5")}</a>`;
  const signIn = signedIn ? null : html`<a href="${signInPath(redirect)}" class="${buttonClass("primary", "sm", "ml-auto")}">${T.signIn}</a>`;
  return html`<header class="sticky top-0 z-40 border-b border-border/60 bg-background/85 pt-safe backdrop-blur-xl"><div class="${cx("mx-auto flex h-14 max-w-2xl items-center gap-2 px-2", options.hideBack && "px-3 sm:px-4", options.wide && "lg:max-w-5xl")}">${back}<a href="/" aria-label="${SHELL_TEXTS.header.home}" class="rounded-lg">${WORDMARK}</a>${signIn}</div></header>`;
}

/** SignInCallout: the call to join, coming back to this page. */
export function signInCallout(redirect: string): SafeHtml {
  return html`<section class="rounded-[var(--radius-card)] border border-primary/25 bg-gradient-to-br from-orange-500/10 via-rose-500/5 to-transparent p-5" data-testid="sign-in-cta"><h2 class="font-display text-lg font-semibold tracking-tight">${T.joinTitle}</h2><p class="mt-1 text-sm text-muted-foreground">${T.joinBody}</p><div class="mt-4 flex gap-2"><a href="${signInPath(redirect)}" class="${buttonClass("primary", "md", "flex-1")}">${T.signIn}</a><a href="${signInPath(redirect, "signup")}" class="${buttonClass("outline", "md", "flex-1")}">${T.getStarted}</a></div></section>`;
}

/** The page's column under the header, as each route lays it out. */
export function pageColumn(content: SafeHtml, options: { wide?: boolean; spacing?: "space-y-4" | "space-y-5"; top?: "pt-3" | "pt-4" } = {}): SafeHtml {
  return html`<main class="${cx("mx-auto w-full max-w-2xl flex-1 px-3 pb-[calc(5rem+env(safe-area-inset-bottom))] sm:px-4", options.spacing ?? "space-y-4", options.top ?? "pt-4", options.wide && "lg:max-w-5xl")}">${content}</main>`;
}

/** The routes' page wrapper: header and column in one full-height flex column. */
export function pageShell(header: SafeHtml, main: SafeHtml): SafeHtml {
  // `data-shared-page` tells the island the painted page is still there (the app replaces it).
  return html`<div class="flex min-h-dvh flex-col" data-shared-page>${header}${main}</div>`;
}

/** A route's own not-found state (the dashed card with an icon, a title, a hint and one link). */
export function notFoundCard(options: { icon: IconName; title: string; hint: string; action: string; to: string; testId: string; heading: "h1" | "h2" }): SafeHtml {
  const heading =
    options.heading === "h1"
      ? html`<h1 class="font-display text-xl font-semibold">${options.title}</h1>`
      : html`<h2 class="font-display text-xl font-semibold">${options.title}</h2>`;
  return html`<div role="alert" class="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="${options.testId}">${icon(options.icon, "size-10 text-muted-foreground")}<div class="space-y-1">${heading}<p class="text-sm text-muted-foreground">${options.hint}</p></div><a href="${options.to}" class="${buttonClass("outline")}">${options.action}</a></div>`;
}
