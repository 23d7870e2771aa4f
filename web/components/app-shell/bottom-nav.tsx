// Bottom navigation from spec §2: Home, Search, Upload, Activity, Profile; the current item is
// highlighted and announced with aria-current="page".
import { Link, useRouterState } from "@tanstack/react-router";
import { Bell, House, type LucideIcon, Plus, Search, UserRound } from "lucide-react";
import { SHELL_TEXTS } from "@shared/messages";
import { appPaths } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import { CountBadge } from "./count-badge";

interface BottomNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Extra path prefixes that count as this tab (e.g. /bookmarks belongs to Profile). */
  also?: readonly string[];
}

const T = SHELL_TEXTS.nav;

const BOTTOM_NAV_ITEMS: readonly BottomNavItem[] = [
  { to: appPaths.feed, label: T.home, icon: House, also: ["/post/"] },
  { to: appPaths.search, label: T.search, icon: Search },
  { to: appPaths.upload, label: T.upload, icon: Plus },
  { to: appPaths.activity, label: T.activity, icon: Bell },
  { to: appPaths.dashboard, label: T.profile, icon: UserRound, also: ["/bookmarks", "/edit-profile"] },
];

/** True when `pathname` is the item's path or below it ("/search?q" or "/search/x" count). */
function isNavItemActive(item: BottomNavItem, pathname: string): boolean {
  const matches = (prefix: string) =>
    pathname === prefix || pathname.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`);
  return matches(item.to) || (item.also ?? []).some(matches);
}

export function BottomNav({ className, unreadActivity = 0 }: { className?: string; /** Unread activity: a count on the Activity item. */ unreadActivity?: number }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return (
    <nav
      aria-label={T.label}
      className={cn(
        "fixed inset-x-0 bottom-0 z-40 border-t border-border/60 bg-background/85 pb-safe backdrop-blur-xl supports-[backdrop-filter]:bg-background/75",
        className,
      )}
    >
      <ul className="mx-auto grid h-16 max-w-2xl grid-cols-5">
        {BOTTOM_NAV_ITEMS.map((item) => {
          const active = isNavItemActive(item, pathname);
          const Icon = item.icon;
          const isUpload = item.to === appPaths.upload;
          return (
            <li key={item.to} className="flex">
              <Link
                to={item.to}
                aria-current={active ? "page" : undefined}
                data-haptic={isUpload ? "medium" : "light"}
                className={cn(
                  "group flex flex-1 flex-col items-center justify-center gap-1 text-[11px] font-medium transition-colors",
                  "focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-ring",
                  active ? "text-primary" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {isUpload ? (
                  <span
                    className={cn(
                      "flex h-8 w-11 items-center justify-center rounded-xl bg-gradient-to-br from-amber-400 via-orange-500 to-rose-500 text-white shadow-[0_6px_18px_-6px_var(--color-glow)] transition-transform group-active:scale-95",
                      active && "ring-2 ring-primary/40 ring-offset-2 ring-offset-background",
                    )}
                  >
                    <Icon className="size-5" strokeWidth={2.5} aria-hidden />
                  </span>
                ) : (
                  <span className="relative flex h-8 items-center justify-center">
                    <Icon className="size-[22px]" strokeWidth={active ? 2.5 : 2} aria-hidden />
                    {item.to === appPaths.activity && unreadActivity > 0 ? (
                      <CountBadge count={unreadActivity} className="-top-0.5 -right-2.5" testId="activity-badge" />
                    ) : null}
                  </span>
                )}
                <span>{item.label}</span>
                {item.to === appPaths.activity && unreadActivity > 0 ? <span className="sr-only">{T.unread(unreadActivity)}</span> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
