// The dashboard's fixed parts (spec §2 Dashboard): the header (back to /feed, avatar and name,
// Bookmarks, Edit Profile and Logout), the profile overview (email, joined month and year, counts
// of posts, followers and following) and the professional tools links. The tabs are composed by
// the route, since they show other features' lists.
import { Link } from "@tanstack/react-router";
import {
  BarChart3,
  Bookmark,
  CalendarCheck,
  ChevronRight,
  ExternalLink,
  FolderOpen,
  LogOut,
  type LucideIcon,
  Mail,
  Package,
  Pencil,
  Star,
  CalendarDays,
  Wrench,
} from "lucide-react";
import { PROFILE_SCREEN_TEXTS } from "@shared/messages";
import type { OwnProfile } from "@shared/profile-api";
import { Avatar } from "@web/components/ui/avatar";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { appPaths, professionalToolPaths, profilePath } from "@web/lib/app-paths";
import { formatJoined } from "../format";
import { ProfileCounts } from "./profile-summary";
import { BackLink } from "@web/components/back-link";

const T = PROFILE_SCREEN_TEXTS.dashboard;

export function DashboardHeader({ profile, onLogout, loggingOut }: { profile: OwnProfile; onLogout: () => void; loggingOut: boolean }) {
  return (
    <header className="flex flex-col gap-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <BackLink to={appPaths.feed} label={T.backToFeed} className="-ml-2" />
        <Avatar src={profile.avatarUrl} name={profile.displayName} size="lg" />
        <div className="min-w-0">
          <h1 className="truncate font-display text-2xl font-bold tracking-tight" data-testid="dashboard-name">
            {profile.displayName || profile.username}
          </h1>
          <p className="truncate text-sm text-muted-foreground">@{profile.username}</p>
        </div>
      </div>
      <nav aria-label={T.accountLabel} className="grid grid-cols-3 gap-2 sm:flex">
        <Link to="/bookmarks" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Bookmark aria-hidden /> {T.bookmarks}
        </Link>
        <Link to="/edit-profile" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <Pencil aria-hidden /> {T.editProfile}
        </Link>
        <Button variant="ghost" size="sm" onClick={onLogout} disabled={loggingOut} className="text-destructive hover:bg-destructive/10">
          <LogOut aria-hidden /> {T.logout}
        </Button>
      </nav>
    </header>
  );
}

export function ProfileOverview({ profile }: { profile: OwnProfile }) {
  return (
    <Card data-testid="profile-overview">
      <CardHeader>
        <CardTitle>{T.overview}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="space-y-2.5 text-sm">
          <div className="flex items-center gap-2.5">
            <dt>
              <Mail className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">{T.email}</span>
            </dt>
            <dd className="min-w-0 break-all" data-testid="overview-email">
              {profile.email}
            </dd>
          </div>
          <div className="flex items-center gap-2.5">
            <dt>
              <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
              <span className="sr-only">{T.memberSince}</span>
            </dt>
            <dd data-testid="overview-joined">{PROFILE_SCREEN_TEXTS.summary.joined(formatJoined(profile.joinedAt))}</dd>
          </div>
        </dl>
        <ProfileCounts posts={profile.postCount} followers={profile.followerCount} following={profile.followingCount} />
        <Link to={profilePath(profile.userId)} className={buttonVariants({ variant: "secondary", size: "sm", className: "w-full" })}>
          <ExternalLink aria-hidden /> {T.viewPublicProfile}
        </Link>
      </CardContent>
    </Card>
  );
}

const TOOLS: ReadonlyArray<{ to: string; label: string; hint: string; icon: LucideIcon }> = [
  { to: professionalToolPaths.portfolio, ...T.tools.portfolio, icon: FolderOpen },
  { to: professionalToolPaths.reviews, ...T.tools.reviews, icon: Star },
  { to: professionalToolPaths.booking, ...T.tools.booking, icon: CalendarCheck },
  { to: professionalToolPaths.analytics, ...T.tools.analytics, icon: BarChart3 },
  { to: professionalToolPaths.services, ...T.tools.services, icon: Wrench },
  { to: professionalToolPaths.products, ...T.tools.products, icon: Package },
];

export function ProfessionalTools() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.toolsTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid grid-cols-2 gap-2 lg:grid-cols-1">
          {TOOLS.map(({ to, label, hint, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex h-full items-center gap-3 rounded-2xl border bg-background/60 p-3 transition hover:border-primary/40 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="flex size-9 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                  <Icon className="size-4" aria-hidden />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold">{label}</span>
                  <span className="hidden truncate text-xs text-muted-foreground sm:block">{hint}</span>
                </span>
                <ChevronRight className="hidden size-4 text-muted-foreground transition group-hover:translate-x-0.5 lg:block" aria-hidden />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** Shaped like the dashboard, so nothing jumps when it arrives. */
export function DashboardSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-busy="true" aria-label={T.loading} data-testid="dashboard-skeleton">
      <div className="flex items-center gap-3">
        <Skeleton className="size-16 rounded-full" />
        <div className="space-y-2">
          <Skeleton className="h-6 w-40" />
          <Skeleton className="h-4 w-24" />
        </div>
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className="space-y-5">
          <Skeleton className="h-64 w-full rounded-[var(--radius-card)]" />
          <Skeleton className="hidden h-80 w-full rounded-[var(--radius-card)] lg:block" />
        </div>
        <div className="space-y-4">
          <Skeleton className="h-11 w-full rounded-full" />
          <Skeleton className="h-72 w-full rounded-[var(--radius-card)]" />
        </div>
      </div>
    </div>
  );
}
