// The top of a public profile (spec §2 Public profile): avatar, display name or username, the
// Verified badge, profession, counts of posts, followers and following, bio, location, website,
// joined date, and up to 5 skills then '+N more' (§9). Follow and Contact come from the route
// through `actions`, since the follow button belongs to the social feature.
import { BadgeCheck, CalendarDays, Link as LinkIcon, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { PROFILE_LIMITS } from "@shared/constants";
import { PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import type { PublicProfile } from "@shared/profile-api";
import { safeWebsiteUrl } from "@shared/rules/website";
import { Avatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Skeleton } from "@web/components/ui/skeleton";
import { formatCount, plural } from "@web/lib/format";
import { formatJoined, websiteLabel } from "../format";

const T = PROFILE_SCREEN_TEXTS.summary;

export function ProfileSummary({ profile, actions }: { profile: PublicProfile; actions?: ReactNode }) {
  const website = safeWebsiteUrl(profile.websiteUrl);
  return (
    <section aria-labelledby="profile-name" className="overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm" data-testid="profile-summary">
      <div className="h-24 bg-gradient-to-br from-amber-400/35 via-orange-500/25 to-rose-500/30 sm:h-28" aria-hidden />
      <div className="px-4 pb-5 sm:px-6">
        <div className="-mt-12 flex items-end justify-between gap-3">
          <Avatar src={profile.avatarUrl} name={profile.displayName} size="xl" className="ring-4 ring-card" />
          {actions ? <div className="flex flex-wrap justify-end gap-2 pb-1">{actions}</div> : null}
        </div>

        <div className="mt-3 space-y-1">
          <h1 id="profile-name" className="flex items-center gap-1.5 font-display text-2xl font-bold tracking-tight break-words">
            <span className="min-w-0 break-words">{profile.displayName || profile.username}</span>
            {profile.verified ? (
              <Badge className="shrink-0 gap-1">
                <BadgeCheck aria-hidden /> {T.verified}
              </Badge>
            ) : null}
          </h1>
          <p className="text-sm text-muted-foreground">@{profile.username}</p>
          {profile.profession ? <p className="text-sm font-medium text-accent-foreground" data-testid="profile-profession">{profile.profession}</p> : null}
        </div>

        <ProfileCounts posts={profile.postCount} followers={profile.followerCount} following={profile.followingCount} />

        {profile.bio ? <p className="mt-4 text-[15px] leading-relaxed break-words whitespace-pre-line">{profile.bio}</p> : null}

        <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm text-muted-foreground">
          {profile.location ? (
            <li className="inline-flex min-w-0 items-center gap-1.5">
              <MapPin className="size-4 shrink-0" aria-hidden />
              <span className="break-words">{profile.location}</span>
            </li>
          ) : null}
          {website ? (
            <li className="inline-flex min-w-0 items-center gap-1.5">
              <LinkIcon className="size-4 shrink-0" aria-hidden />
              <a
                href={website}
                target="_blank"
                rel="noopener nofollow ugc"
                className="truncate font-medium text-primary underline-offset-4 hover:underline"
                data-testid="profile-website"
              >
                {websiteLabel(website)}
              </a>
            </li>
          ) : null}
          <li className="inline-flex items-center gap-1.5">
            <CalendarDays className="size-4 shrink-0" aria-hidden />
            <span>{T.joined(formatJoined(profile.joinedAt))}</span>
          </li>
        </ul>

        <SkillList skills={profile.skills} />
      </div>
    </section>
  );
}

/** Posts, followers and following, as the profile and the dashboard both show them. */
export function ProfileCounts({ posts, followers, following }: { posts: number; followers: number; following: number }) {
  const items = [
    { label: T.posts, value: posts, name: plural(posts, T.postNoun), testId: "count-posts" },
    { label: T.followers, value: followers, name: plural(followers, T.followerNoun), testId: "count-followers" },
    { label: T.following, value: following, name: T.followingCount(following), testId: "count-following" },
  ];
  return (
    <dl className="mt-4 grid grid-cols-3 divide-x rounded-2xl border bg-background/60">
      {items.map((item) => (
        <div key={item.label} className="flex flex-col items-center px-2 py-2.5">
          <dt className="order-2 text-xs text-muted-foreground">{item.label}</dt>
          <dd className="order-1 font-display text-lg font-semibold tabular-nums" data-testid={item.testId} data-value={item.value}>
            <span aria-hidden>{formatCount(item.value)}</span>
            <span className="sr-only">{item.name}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Up to five skills, then '+N more' (§9 "Skills shown: at most 5"). */
function SkillList({ skills }: { skills: string[] }) {
  if (skills.length === 0) return null;
  const shown = skills.slice(0, PROFILE_LIMITS.skillsShown);
  const more = skills.length - shown.length;
  return (
    <ul aria-label={T.skills} className="mt-4 flex flex-wrap gap-1.5">
      {shown.map((skill) => (
        <li key={skill} className="rounded-full bg-accent px-3 py-1 text-xs font-medium text-accent-foreground">
          {skill}
        </li>
      ))}
      {more > 0 ? (
        <li className="rounded-full border px-3 py-1 text-xs font-medium text-muted-foreground" title={skills.slice(shown.length).join(", ")}>
          {PROFILE_TEXTS.moreSkills(more)}
        </li>
      ) : null}
    </ul>
  );
}

/** Shaped like ProfileSummary, so nothing jumps when the profile arrives. */
export function ProfileSummarySkeleton() {
  return (
    <div className="overflow-hidden rounded-[var(--radius-card)] border bg-card" role="status" aria-busy="true" aria-label={T.loading} data-testid="profile-skeleton">
      <Skeleton className="h-24 rounded-none sm:h-28" />
      <div className="space-y-3 px-4 pb-5 sm:px-6">
        <Skeleton className="-mt-12 size-24 rounded-full ring-4 ring-card" />
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-4 w-28" />
        <Skeleton className="h-16 w-full rounded-2xl" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
