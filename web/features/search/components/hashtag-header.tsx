// The top of a hashtag's page: a way back to the search as it was, the
// tag, and one `view` interaction recorded when the page opens (§3 user_interactions; the Worker
// folds repeats and bounds each viewer, and a failure is only logged, like post views).
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Hash } from "lucide-react";
import { useEffect, useRef } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { searchCalls } from "../api";

const T = SEARCH_SCREEN_TEXTS.hashtag;

export function HashtagHeader({ tag }: { tag: string }) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (recorded.current === tag) return;
    recorded.current = tag;
    void searchCalls.recordHashtagView(tag);
  }, [tag]);

  return (
    <div className="mb-4 flex items-center gap-3 px-1" data-testid="hashtag-header">
      <Link
        from="/search"
        to="/search"
        search={(prev) => ({ ...prev, tag: undefined })}
        aria-label={T.back}
        className="-ml-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <ArrowLeft className="size-5" aria-hidden />
      </Link>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-amber-400 via-orange-500 to-rose-500 text-white shadow-[0_6px_18px_-6px_var(--color-glow)]">
        <Hash className="size-5" strokeWidth={2.5} aria-hidden />
      </span>
      <div className="min-w-0">
        <h1 className="truncate font-display text-2xl font-bold tracking-tight">#{tag}</h1>
        <p className="text-sm text-muted-foreground">{T.subtitle}</p>
      </div>
    </div>
  );
}
