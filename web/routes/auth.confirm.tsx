// Spec social-feed-search §7 (sign-up with an email link): /auth/confirm?token= confirms the
// address through POST /api/auth/confirm.
import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { ConfirmEmail } from "../features/auth/components/confirm-email";

export const Route = createFileRoute("/auth/confirm")({
  validateSearch: z.object({ token: z.string().max(512).optional().catch(undefined) }),
  component: function ConfirmRoute() {
    const { token } = Route.useSearch();
    return <ConfirmEmail token={token} />;
  },
});
