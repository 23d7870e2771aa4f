// Spec social-feed-search §2 and §5 (/auth): Sign In and Sign Up tabs. A signed-in visitor goes
// to the `redirect` target (same-origin paths only) or /feed; an account that still needs
// onboarding sees /create-profile first (second document §2 Profile creation).
import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { z } from "zod";
import { type SessionData, sessionQueryOptions } from "../features/auth/api";
import { AuthLoading } from "../features/auth/components/auth-loading";
import { AuthPage } from "../features/auth/components/auth-page";
import { destinationAfterSignIn, safeRedirect } from "../features/auth/redirect";

const authSearchSchema = z.object({
  redirect: z.string().max(2048).optional().catch(undefined),
  /** Set by the Google callback when sign-in failed. */
  error: z.string().max(500).optional().catch(undefined),
  tab: z.enum(["signin", "signup"]).optional().catch(undefined),
});

export const Route = createFileRoute("/auth/")({
  validateSearch: authSearchSchema,
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
