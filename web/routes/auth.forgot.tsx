// Spec social-feed-search §2 (/auth, 'Forgot password?'): request a password-reset link.
import { createFileRoute } from "@tanstack/react-router";
import { ForgotPasswordForm } from "@web/features/auth/components/forgot-password-form";

export const Route = createFileRoute("/auth/forgot")({
  component: ForgotPasswordForm,
});
