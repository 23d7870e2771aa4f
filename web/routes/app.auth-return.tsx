// /app/auth-return?code=… (decision record 0093): the end of a Google sign-in, or of the fresh
// Google sign-in before deleting an account, that the native app started and the system browser
// finished. The operating system hands this link to the app (App Links, universal links, or the
// app's scheme), and the native bridge routes it here.
import { createFileRoute } from "@tanstack/react-router";
import { REAUTH_OUTCOMES } from "@shared/leaving-api";
import type { AppAuthReturnSearch } from "@web/features/auth/app-handoff";
import { AppAuthReturn } from "@web/features/auth/components/app-auth-return";
import { AuthShell } from "@web/features/auth/components/auth-shell";
import { optionalOneOf, optionalString } from "@web/lib/search-params";

export const Route = createFileRoute("/app/auth-return")({
  validateSearch: (search): AppAuthReturnSearch => ({
    code: optionalString(search.code, { max: 128 }),
    error: optionalString(search.error, { max: 500 }),
    reauth: optionalOneOf(search.reauth, REAUTH_OUTCOMES),
  }),
  component: function AppAuthReturnRoute() {
    const search = Route.useSearch();
    return (
      <AuthShell>
        <AppAuthReturn search={search} />
      </AuthShell>
    );
  },
});
