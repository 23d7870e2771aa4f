// Spec social-feed-search §2 and §5 (/auth): Sign In and Sign Up tabs. A signed-in visitor goes
// to the `redirect` target (same-origin paths only) or /feed; an account that still needs
// onboarding sees /create-profile first (second document §2 Profile creation).
import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { type SessionData, sessionQueryOptions } from "@web/features/auth/api";
import { AuthLoading } from "@web/features/auth/components/auth-loading";
import { AuthPage } from "@web/features/auth/components/auth-page";
import { destinationAfterSignIn, safeRedirect } from "@web/features/auth/redirect";
import { optionalOneOf, optionalString } from "@web/lib/search-params";

export interface AuthSearch {
  redirect?: string;
  /** Set by the Google callback when sign-in failed. */
  error?: string;
  tab?: "signin" | "signup";
}

export const Route = createFileRoute("/auth/")({
  validateSearch: (search): AuthSearch => ({
    redirect: optionalString(search.redirect, { max: 2048 }),
    error: optionalString(search.error, { max: 500 }),
    tab: optionalOneOf(search.tab, ["signin", "signup"]),
  }),
  beforeLoad: async ({ context, search }) => {
    const session = await context.queryClient.ensureQueryData(sessionQueryOptions());
    if (session.user) throw redirect({ href: destinationAfterSignIn(safeRedirect(search.redirect), session.user.needsOnboarding), replace: true });
  },
  pendingComponent: AuthLoading,
  component: AuthRoute,
});

function AuthRoute() {
  const search = Route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Sign-in has just written the new session to the cache.
  const afterSignIn = () => {
    const session = queryClient.getQueryData<SessionData>(sessionQueryOptions().queryKey);
    return destinationAfterSignIn(safeRedirect(search.redirect), session?.user?.needsOnboarding ?? false);
  };
  return (
    <AuthPage
      tab={search.tab ?? "signin"}
      error={search.error}
      onTabChange={(tab) => void navigate({ to: "/auth", search: (prev) => ({ ...prev, tab }), replace: true })}
      onSignedIn={() => void navigate({ href: afterSignIn(), replace: true })}
    />
  );
}
