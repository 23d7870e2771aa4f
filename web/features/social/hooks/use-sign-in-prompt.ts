// Visitors can read a shared post but not act on it (spec §5 "Like, bookmark, comment, create and
// delete all require a signed-in user"; §8 'You must be logged in to …'). The toast carries a
// Sign in action that comes back to the same page afterwards.
import { useLocation, useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import { notifyError } from "@web/components/ui/toast";

export function useSignInPrompt() {
  const navigate = useNavigate();
  const href = useLocation({ select: (location) => location.href });
  return useCallback(
    (message: string) => {
      notifyError(message, {
        id: `sign-in-${message}`,
        action: { label: SOCIAL_SCREEN_TEXTS.signIn, onClick: () => void navigate({ to: "/auth", search: { redirect: href } }) },
      });
    },
    [navigate, href],
  );
}
