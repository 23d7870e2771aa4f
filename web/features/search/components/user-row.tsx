// One person in search results and recommendations (first document §2 Users): their avatar,
// name, Verified mark, handle, profession and place, linking to their profile, with the caller's
// action (the Follow button, which the social feature owns) beside it.
import { Link } from "@tanstack/react-router";
import { BadgeCheck, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import type { SearchUser } from "@shared/search-api";
import { Avatar } from "@web/components/ui/avatar";
import { Skeleton } from "@web/components/ui/skeleton";
import { profilePath } from "@web/lib/app-paths";
import { formatCount } from "@web/lib/format";

export function UserRow({ user, action, children }: { user: SearchUser; action?: ReactNode; children?: ReactNode }) {
  const details = [user.profession, user.location].filter(Boolean);
  return (
    <div className="flex items-center gap-3 px-4 py-3" data-testid="user-row" data-user-id={user.userId}>
      <Link to={profilePath(user.userId)} className="flex min-w-0 flex-1 items-center gap-3 rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
        <Avatar src={user.avatarUrl} name={user.displayName} size="md" />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-1">
            <span className="truncate font-semibold">{user.displayName}</span>
            {user.verified ? <BadgeCheck className="size-4 shrink-0 text-primary" aria-label={SEARCH_SCREEN_TEXTS.userRow.verified} role="img" /> : null}
          </span>
          <span className="block truncate text-sm text-muted-foreground">
            @{user.username} · {formatCount(user.followerCount)} {SEARCH_SCREEN_TEXTS.userRow.followers(user.followerCount)}
          </span>
          {details.length > 0 ? (
            <span className="mt-0.5 flex items-center gap-1 truncate text-xs text-muted-foreground">
              {user.location ? <MapPin className="size-3 shrink-0" aria-hidden /> : null}
              <span className="truncate">{details.join(" · ")}</span>
            </span>
          ) : null}
          {children}
        </span>
      </Link>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}

export function UserRowSkeleton() {
  return (
    <div className="flex items-center gap-3 px-4 py-3" data-testid="user-skeleton">
      <Skeleton className="size-11 rounded-full" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-3 w-1/2" />
      </div>
      <Skeleton className="h-8 w-20 rounded-full" />
    </div>
  );
}

/** Rows share one card, divided by hairlines, like a settings list. */
export const userListFrame = "divide-y overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm";
