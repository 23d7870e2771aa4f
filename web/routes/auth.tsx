// Spec social-feed-search §2 (/auth): the frame shared by the sign-in screen and the email-link
// screens (confirm, reset, forgot).
import { Outlet, createFileRoute } from "@tanstack/react-router";
import { AuthShell } from "@web/features/auth/components/auth-shell";

export const Route = createFileRoute("/auth")({
  component: () => (
    <AuthShell>
      <Outlet />
    </AuthShell>
  ),
});
