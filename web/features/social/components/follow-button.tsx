// Follow / Following (spec §2 Users tab "Follow or Unfollow except on the user's own row", §4
// follow, §6 "The follow button is hidden on the user's own row"; DESIGN.md: every Follow button
// follows). Reused by post headers, search rows and profiles.
//
// A following button reads "Following" and turns into "Unfollow" under the pointer or keyboard
// focus, so the action it performs is what it says at the moment it is pressed.
import { Link, useLocation } from "@tanstack/react-router";
import { useEffect, useRef, useState } from "react";
import { SOCIAL_SCREEN_TEXTS } from "@shared/messages";
import { buttonVariants } from "@web/components/ui/button";
import { cn } from "@web/lib/cn";
import { useFollow } from "../hooks/use-follow";

export interface FollowButtonProps {
  userId: string;
  username: string;
  /** The signed-in user's id; null for a visitor; undefined while the session is read. */
  viewerId: string | null | undefined;
  /** When the caller already knows (e.g. from a search result), no status request is made. */
  initialFollowing?: boolean;
  size?: "sm" | "md";
  className?: string;
  /**
   * Told whenever the shown state changes after mount (the optimistic flip, and a rollback when
   * the server refused), so a screen can keep a follower count beside the button in step.
   */
  onFollowingChange?: (following: boolean) => void;
}

const sizes = { sm: "h-8 px-3 text-xs", md: "h-10 px-4 text-sm" };
const T = SOCIAL_SCREEN_TEXTS.follow;

export function FollowButton({ userId, username, viewerId, initialFollowing, size = "md", className, onFollowingChange }: FollowButtonProps) {
  const own = viewerId === userId;
  const signedIn = typeof viewerId === "string";
  const href = useLocation({ select: (location) => location.href });
  if (own || viewerId === undefined) return null;
  if (!signedIn) {
    // A visitor is asked to sign in and comes back here afterwards.
    return (
      <Link
        to="/auth"
        search={{ redirect: href }}
        data-testid="follow-button"
        className={cn(buttonVariants({ variant: "primary" }), sizes[size], className)}
      >
        {T.follow}{" "}
        <span className="sr-only">@{username}</span>
      </Link>
    );
  }
  return (
    <SignedInFollowButton
      userId={userId}
      username={username}
      initialFollowing={initialFollowing}
      size={size}
      className={className}
      onFollowingChange={onFollowingChange}
    />
  );
}

function SignedInFollowButton({
  userId,
  username,
  initialFollowing,
  size,
  className,
  onFollowingChange,
}: {
  userId: string;
  username: string;
  initialFollowing?: boolean;
  size: "sm" | "md";
  className?: string;
  onFollowingChange?: (following: boolean) => void;
}) {
  const { following, isLoading, toggle } = useFollow({ userId, username, initialFollowing });
  const [armed, setArmed] = useState(false);
  const shown = useRef(following);
  useEffect(() => {
    if (shown.current === following) return;
    shown.current = following;
    onFollowingChange?.(following);
  }, [following, onFollowingChange]);
  const label = following ? (armed ? T.unfollow : T.following) : T.follow;
  return (
    <button
      type="button"
      data-testid="follow-button"
      data-haptic={following ? "light" : "medium"}
      aria-pressed={following}
      disabled={isLoading}
      onClick={() => {
        toggle();
        // Just followed: keep saying "Following" until the pointer leaves and comes back.
        setArmed(false);
      }}
      onPointerEnter={() => setArmed(true)}
      onPointerLeave={() => setArmed(false)}
      onFocus={() => setArmed(true)}
      onBlur={() => setArmed(false)}
      className={cn(
        buttonVariants({ variant: following ? "outline" : "primary" }),
        sizes[size],
        following && armed && "border-destructive/50 text-destructive hover:bg-destructive/10",
        isLoading && "opacity-60",
        className,
      )}
    >
      {label}{" "}
      <span className="sr-only">@{username}</span>
    </button>
  );
}
