// A profile as the Worker paints it for a shared link (decision record 0097): ProfileSummary
// (web/features/profiles/components/profile-summary.tsx) in the same classes, the tabs of the
// profile route as links (the Posts tab is this page; the others are the app's screens), and the
// first posts as the Posts tab lists them.
import { PORTFOLIO_TEXTS, POST_SCREEN_TEXTS, PROFILE_SCREEN_TEXTS, PROFILE_TEXTS, SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import { PROFILE_LIMITS } from "@shared/constants";
import type { Post } from "@shared/posts-api";
import type { PublicProfile } from "@shared/profile-api";
import { safeWebsiteUrl } from "@shared/rules/website";
import { avatar, badge, buttonClass, formatCount, plural, signInPath, type Viewer } from "./frame";
import { html, type SafeHtml } from "./html";
import { icon } from "./icons";
import { postCard } from "./post";

const S = PROFILE_SCREEN_TEXTS.summary;
const T = PROFILE_SCREEN_TEXTS.publicProfile;

const monthYear = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

function websiteLabel(url: string): string {
  const parsed = new URL(url);
  const path = parsed.pathname === "/" ? "" : parsed.pathname.replace(/\/$/, "");
  return `${parsed.hostname.replace(/^www\./, "")}${path}`;
}

function counts(profile: PublicProfile): SafeHtml {
  const items = [
    { label: S.posts, value: profile.postCount, name: plural(profile.postCount, S.postNoun), testId: "count-posts" },
    { label: S.followers, value: profile.followerCount, name: plural(profile.followerCount, S.followerNoun), testId: "count-followers" },
    { label: S.following, value: profile.followingCount, name: S.followingCount(profile.followingCount), testId: "count-following" },
  ];
  return html`<dl class="mt-4 grid grid-cols-3 divide-x rounded-2xl border bg-background/60">${items.map(
    (item) =>
      html`<div class="flex flex-col items-center px-2 py-2.5"><dt class="order-2 text-xs text-muted-foreground">${item.label}</dt><dd class="order-1 font-display text-lg font-semibold tabular-nums" data-testid="${item.testId}" data-value="${item.value}"><span aria-hidden="true">${formatCount(item.value)}</span><span class="sr-only">${item.name}</span></dd></div>`,
  )}</dl>`;
}

function skills(list: string[]): SafeHtml | null {
  if (list.length === 0) return null;
  const shown = list.slice(0, PROFILE_LIMITS.skillsShown);
  const more = list.length - shown.length;
  return html`<ul aria-label="${S.skills}" class="mt-4 flex flex-wrap gap-1.5">${shown.map((skill) => html`<li class="rounded-full bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">${skill}</li>`)}${more > 0 ? html`<li class="rounded-full border px-3 py-1 text-xs font-medium text-muted-foreground" title="${list.slice(shown.length).join(", ")}">${PROFILE_TEXTS.moreSkills(more)}</li>` : null}</ul>`;
}

/** Follow and Contact for someone else's profile: sign-in links for a visitor, the app's controls otherwise. */
function actions(profile: PublicProfile, viewer: Viewer, here: string): SafeHtml | null {
  if (viewer.userId === profile.userId) {
    return html`<a href="/edit-profile" class="${buttonClass("outline", "sm")}">${icon("Pencil", "")} ${T.editProfile}</a>`;
  }
  const follow =
    viewer.userId === null
      ? html`<a href="${signInPath(here)}" data-testid="follow-button" class="${buttonClass("primary", "md", "h-9 px-4")}">${SOCIAL_SCREEN_TEXTS.follow.follow} <span class="sr-only">@${profile.username}</span></a>`
      : html`<button type="button" data-intent="follow-button" data-testid="follow-button" aria-pressed="${profile.viewer?.following ? "true" : "false"}" class="${buttonClass(profile.viewer?.following ? "outline" : "primary", "md", "h-9 px-4")}">${profile.viewer?.following ? SOCIAL_SCREEN_TEXTS.follow.following : SOCIAL_SCREEN_TEXTS.follow.follow}</button>`;
  const contactTarget = `/messages?${new URLSearchParams({ userId: profile.userId }).toString()}`;
  const contact =
    viewer.userId === null
      ? html`<a href="${signInPath(contactTarget)}" class="${buttonClass("outline", "sm", "h-9 px-4")}" data-testid="contact-button">${icon("MessageCircle", "")} ${T.contact}</a>`
      : html`<button type="button" class="${buttonClass("outline", "sm", "h-9 px-4")}" data-intent="contact-button" data-testid="contact-button">${icon("MessageCircle", "")} ${T.contact}</button>`;
  return html`${follow}${contact}`;
}

function profileSummary(profile: PublicProfile, viewer: Viewer, here: string): SafeHtml {
  const website = safeWebsiteUrl(profile.websiteUrl);
  const joined = new Date(profile.joinedAt);
  const controls = actions(profile, viewer, here);
  return html`<section aria-labelledby="profile-name" class="overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm" data-testid="profile-summary"><div class="h-24 bg-gradient-to-br from-amber-400/35 via-orange-500/25 to-rose-500/30 sm:h-28" aria-hidden="true"></div><div class="px-4 pb-5 sm:px-6"><div class="-mt-12 flex items-end justify-between gap-3">${avatar(profile.avatarUrl, profile.displayName, "xl", "ring-4 ring-card")}${controls ? html`<div class="flex flex-wrap justify-end gap-2 pb-1">${controls}</div>` : null}</div><div class="mt-3 space-y-1"><h1 id="profile-name" class="flex items-center gap-1.5 font-display text-2xl font-bold tracking-tight break-words"><span class="min-w-0 break-words">${profile.displayName || profile.username}</span>${profile.verified ? badge(html`${icon("BadgeCheck", "")} ${S.verified}`, "default", "shrink-0 gap-1") : null}</h1><p class="text-sm text-muted-foreground">@${profile.username}</p>${profile.profession ? html`<p class="text-sm font-medium text-accent-foreground" data-testid="profile-profession">${profile.profession}</p>` : null}</div>${counts(profile)}${profile.bio ? html`<p class="mt-4 text-[15px] leading-relaxed break-words whitespace-pre-line" data-testid="profile-bio">${profile.bio}</p>` : null}<ul class="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm text-muted-foreground">${profile.location ? html`<li class="inline-flex min-w-0 items-center gap-1.5">${icon("MapPin", "size-4 shrink-0")}<span class="break-words">${profile.location}</span></li>` : null}${website ? html`<li class="inline-flex min-w-0 items-center gap-1.5">${icon("Link", "size-4 shrink-0")}<a href="${website}" target="_blank" rel="noopener nofollow ugc" class="truncate font-medium text-primary underline-offset-4 hover:underline" data-testid="profile-website">${websiteLabel(website)}</a></li>` : null}<li class="inline-flex items-center gap-1.5">${icon("CalendarDays", "size-4 shrink-0")}<span>${S.joined(Number.isNaN(joined.getTime()) ? "" : monthYear.format(joined))}</span></li></ul>${skills(profile.skills)}</div></section>`;
}

const TAB = "inline-flex h-9 flex-1 items-center justify-center gap-1.5 whitespace-nowrap rounded-full px-4 text-sm font-medium transition hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring";

/** The profile's tabs: Posts is this page; the other tabs are the app's, reached by their URL. */
function tabs(profile: PublicProfile): SafeHtml {
  const base = `/profile/${encodeURIComponent(profile.userId)}`;
  const other = (tab: string, label: string) => html`<a href="${base}?tab=${tab}" class="${TAB}">${label}</a>`;
  return html`<nav aria-label="${T.sectionsLabel}" class="relative inline-flex w-full items-center gap-1 overflow-x-auto rounded-full bg-muted p-1 text-muted-foreground [scrollbar-width:none]"><a href="${base}" aria-current="page" class="${TAB} bg-background text-foreground shadow-sm">${T.posts}</a>${other("products", T.products)}${other("services", T.services)}${other("portfolio", PORTFOLIO_TEXTS.tab)}</nav>`;
}

/** The profile page's content: summary, tabs and the first posts. */
export function profileContent(profile: PublicProfile, firstPosts: Post[], viewer: Viewer, options: { now: number; here: string }): SafeHtml {
  const list =
    firstPosts.length > 0
      ? html`<ol class="space-y-4" aria-label="${POST_SCREEN_TEXTS.list.label}" data-testid="profile-posts">${firstPosts.map((post, index) => html`<li>${postCard(post, viewer, { now: options.now, priority: index === 0, here: `/post/${post.id}` })}</li>`)}</ol>`
      : html`<div class="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed px-6 py-10 text-center"><p class="font-display font-semibold">${PROFILE_SCREEN_TEXTS.noPosts.title}</p><p class="text-sm text-muted-foreground">${PROFILE_SCREEN_TEXTS.noPosts.hint}</p></div>`;
  return html`${profileSummary(profile, viewer, options.here)}<div>${tabs(profile)}<div class="mt-4">${list}</div></div>`;
}
