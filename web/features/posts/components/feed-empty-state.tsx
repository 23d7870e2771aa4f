// What a new member sees on an empty /feed: two ways to fill it, posting and finding people.
import { Link } from "@tanstack/react-router";
import { AudioLines, Plus, Search } from "lucide-react";
import { POST_SCREEN_TEXTS } from "@shared/messages";
import { buttonVariants } from "@web/components/ui/button";
import { appPaths } from "@web/lib/app-paths";

const T = POST_SCREEN_TEXTS.feedEmpty;

export function FeedEmptyState() {
  return (
    <div className="flex flex-col items-center gap-5 rounded-[var(--radius-card)] border border-dashed bg-card/50 px-6 py-14 text-center" data-testid="feed-empty">
      <span className="flex size-16 items-center justify-center rounded-3xl bg-gradient-to-br from-amber-400 via-orange-500 to-rose-500 text-white shadow-[0_12px_32px_-12px_var(--color-glow)]">
        <AudioLines className="size-8" aria-hidden />
      </span>
      <div className="space-y-1.5">
        <h2 className="font-display text-xl font-semibold tracking-tight">{T.title}</h2>
        <p className="mx-auto max-w-xs text-sm text-muted-foreground">
          {T.body}
        </p>
      </div>
      <div className="flex w-full max-w-xs flex-col gap-2.5">
        <Link to={appPaths.upload} className={buttonVariants()} data-haptic="medium">
          <Plus aria-hidden /> {T.createPost}
        </Link>
        <Link to={appPaths.search} className={buttonVariants({ variant: "outline" })}>
          <Search aria-hidden /> {T.discover}
        </Link>
      </div>
    </div>
  );
}
