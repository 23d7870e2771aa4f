// Spec social-feed-search §2 (guarded screens, mobile header, bottom navigation) and §9 (client
// security layer): the pathless layout every signed-in screen lives under. While the session is
// read it shows 'Loading...' with a spinner; a visitor is sent to /auth?redirect=<this path>, and a
// new account that still needs onboarding to /create-profile?redirect=<this path> (second document
// §2 Profile creation).
import { Link, Outlet, createFileRoute, redirect, useLocation, useMatches, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { Bookmark, type LucideIcon, Settings, ShieldCheck } from "lucide-react";
import { SHELL_TEXTS } from "@shared/messages";
import { BottomNav, MobileHeader, ThemeToggle } from "@web/components/app-shell";
import { sessionQueryOptions } from "@web/features/auth/api";
import { AuthLoading } from "@web/features/auth/components/auth-loading";
import { useFullSignOut, useSession, useSessionLostHandler } from "@web/features/auth/hooks";
import { destinationAfterSignIn, ONBOARDING_PATH } from "@web/features/auth/redirect";
import { useLiveBadges } from "@web/features/messaging/use-live-badges";
import { SECURITY_STORAGE_KEYS } from "@web/features/security/local-log";
import { SecurityLayer } from "@web/features/security/security-layer";
import { cn } from "@web/lib/cn";
import { usePushSync } from "@web/lib/push-device";

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /**
     * How the signed-in frame holds this screen: "wide" widens the content for a two-column
     * desktop layout (the dashboard); "focused" hides the bottom navigation (onboarding).
     */
    layout?: "wide" | "focused";
  }
}

export const Route = createFileRoute("/_authed")({
  beforeLoad: async ({ context, location }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (!session.user) throw redirect({ to: "/auth", search: { redirect: location.href }, replace: true });
    if (session.user.needsOnboarding && location.pathname !== ONBOARDING_PATH) {
      throw redirect({ href: destinationAfterSignIn(location.href, true), replace: true });
    }
    // Child routes read the signed-in user from context instead of fetching it again.
    return { user: session.user, profile: session.profile };
  },
  // The spinner appears at once: a guard that looks frozen invites reloads.
  pendingMs: 0,
  pendingComponent: AuthLoading,
  component: AuthedLayout,
});

function AuthedLayout() {
  useSessionLostHandler();
  const session = useSession();
  const href = useLocation({ select: (location) => location.href });
  const navigate = useNavigate();
  const fullSignOut = useFullSignOut({ keepStorageKeys: SECURITY_STORAGE_KEYS });
  const layout = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.layout)?.staticData.layout });
  // One live channel per signed-in tab: the messages and Activity badges update without polling.
  const badges = useLiveBadges();
  // A device that gets this account's pushes posts its subscription again once per session: the
  // server's row ends with the session that made it (issue #30).
  usePushSync(session.data?.user?.id);

  // The session can end while a screen is open (revoked elsewhere, or expired on the server).
  // Navigate once when that happens: a <Navigate> element here would re-fire on every render of
  // the pending navigation and never settle.
  const signedOut = session.data != null && session.data.user == null;
  const hrefWhenSignedOut = useRef(href);
  if (!signedOut) hrefWhenSignedOut.current = href;
  useEffect(() => {
    if (signedOut) void navigate({ to: "/auth", search: { redirect: hrefWhenSignedOut.current }, replace: true });
  }, [signedOut, navigate]);
  if (signedOut) return <AuthLoading />;

  return (
    <div className="flex min-h-dvh flex-col">
      <MobileHeader
        wide={layout === "wide"}
        unreadMessages={badges.messages}
        actions={
          <>
            <ThemeToggle />
            {/* Saved posts; the dashboard links here too (second document §2). */}
            <HeaderIconLink to="/bookmarks" label={SHELL_TEXTS.header.savedPosts} icon={Bookmark} />
            <HeaderIconLink to="/settings" label={SHELL_TEXTS.header.settings} icon={Settings} />
            {/* Moderators only; the server refuses everyone else the queue anyway (decision record 0083). */}
            {session.data?.user?.isModerator ? <HeaderIconLink to="/moderation" label={SHELL_TEXTS.header.moderation} icon={ShieldCheck} /> : null}
          </>
        }
      />
      <main className={cn("mx-auto w-full flex-1 pb-[calc(5rem+env(safe-area-inset-bottom))]", layout === "wide" ? "max-w-6xl" : "max-w-2xl")}>
        <Outlet />
      </main>
      {layout === "focused" ? null : <BottomNav unreadActivity={badges.activity} />}
      <SecurityLayer onSessionTimeout={fullSignOut} />
    </div>
  );
}

/** A round icon link in the mobile header, highlighted while its screen is open. */
function HeaderIconLink({ to, label, icon: Icon }: { to: "/bookmarks" | "/settings" | "/moderation"; label: string; icon: LucideIcon }) {
  return (
    <Link
      to={to}
      aria-label={label}
      className="inline-flex size-10 items-center justify-center rounded-full text-foreground transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      activeProps={{ className: "text-primary" }}
    >
      <Icon className="size-[22px]" aria-hidden />
    </Link>
  );
}
