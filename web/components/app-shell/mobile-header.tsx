// Mobile header from spec §2: the product title and a button to /messages.
import { Link } from "@tanstack/react-router";
import { MessageCircle } from "lucide-react";
import type { ReactNode } from "react";
import { SHELL_TEXTS } from "@shared/messages";
import { appPaths } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import { Wordmark } from "../brand/logo";
import { CountBadge } from "./count-badge";

export function MobileHeader({
  unreadMessages = 0,
  actions,
  wide = false,
  className,
}: {
  /** Unread messages across all conversations: a count on the messages button when above zero. */
  unreadMessages?: number;
  /** Extra controls placed before the messages button (a theme toggle, for example). */
  actions?: ReactNode;
  /** Lines the header up with a screen whose content is wider than the phone column. */
  wide?: boolean;
  className?: string;
}) {
  return (
    <header
      className={cn(
        "sticky top-0 z-40 border-b border-border/60 bg-background/85 pt-safe backdrop-blur-xl supports-[backdrop-filter]:bg-background/70",
        className,
      )}
    >
      <div className={cn("mx-auto flex h-14 items-center justify-between px-4", wide ? "max-w-6xl sm:px-6" : "max-w-2xl")}>
        <Link to={appPaths.feed} className="rounded-lg focus-visible:outline-2 focus-visible:outline-ring" aria-label={SHELL_TEXTS.header.home}>
          <Wordmark />
        </Link>
        <div className="flex items-center gap-1">
          {actions}
          <Link
            to={appPaths.messages}
            aria-label={unreadMessages > 0 ? SHELL_TEXTS.header.messagesUnread(unreadMessages) : SHELL_TEXTS.header.messages}
            className="relative inline-flex size-10 items-center justify-center rounded-full text-foreground transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
          >
            <MessageCircle className="size-[22px]" aria-hidden />
            {unreadMessages > 0 ? <CountBadge count={unreadMessages} className="top-0.5 right-0" testId="messages-badge" /> : null}
          </Link>
        </div>
      </div>
    </header>
  );
}
