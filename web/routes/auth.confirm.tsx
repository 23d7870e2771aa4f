// Spec social-feed-search §7 (sign-up with an email link): /auth/confirm?token= confirms the
// address through POST /api/auth/confirm.
import { createFileRoute } from "@tanstack/react-router";
import { ConfirmEmail } from "@web/features/auth/components/confirm-email";
import { optionalString } from "@web/lib/search-params";

export const Route = createFileRoute("/auth/confirm")({
  validateSearch: (search): { token?: string } => ({ token: optionalString(search.token, { max: 512 }) }),
  component: function ConfirmRoute() {
    const { token } = Route.useSearch();
    return <ConfirmEmail token={token} />;
  },
});
