// Spec social-feed-search §5 (password rules) for the reset link: /auth/reset?token= sets a new
// password through POST /api/auth/password-reset/confirm.
import { createFileRoute } from "@tanstack/react-router";
import { ResetPasswordForm } from "@web/features/auth/components/reset-password-form";
import { optionalString } from "@web/lib/search-params";

export const Route = createFileRoute("/auth/reset")({
  validateSearch: (search): { token?: string } => ({ token: optionalString(search.token, { max: 512 }) }),
  component: function ResetRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordForm token={token} />;
  },
});
