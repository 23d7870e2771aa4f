// Spec social-feed-search §5 (password rules) for the reset link: /auth/reset?token= sets a new
// password through POST /api/auth/password-reset/confirm.
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ResetPasswordForm } from "../features/auth/components/reset-password-form";

export const Route = createFileRoute("/auth/reset")({
  validateSearch: z.object({ token: z.string().max(512).optional().catch(undefined) }),
  component: function ResetRoute() {
    const { token } = Route.useSearch();
    return <ResetPasswordForm token={token} />;
  },
});
