// The Tags tab's trending topics (first document §2 Tags, §4 trending badges, §9 trending topics):
// 12 shown by default, the first 5 as ranked rows with post count, rounded score and a badge
// (1st Hot, 2nd and 3rd Rising, the rest Popular), the others as chips with their count; 'Show
// All' and 'Show {n} More Topics' reveal the rest; 8 placeholders while loading.
import { Flame, Hash, RefreshCw, TrendingUp, Sparkles } from "lucide-react";
import { useState } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { TRENDING_LIMITS, type TrendingTopic } from "@shared/search-api";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { cn } from "@web/lib/cn";
import { formatCount } from "@web/lib/format";
import { HashtagLink } from "./hashtag-link";

const T = SEARCH_SCREEN_TEXTS.trending;

/** §9: eight placeholders while the topics load. */
const TRENDING_SKELETONS = 8;

type BadgeKind = keyof typeof T.badges;

/** §4: 1st Hot, 2nd and 3rd Rising, the rest Popular. */
function trendingBadge(rank: number): BadgeKind {
  if (rank === 1) return "hot";
  if (rank <= 3) return "rising";
  return "popular";
}

const badgeLook: Record<BadgeKind, { icon: typeof Flame; className: string }> = {
  hot: { icon: Flame, className: "bg-rose-500/15 text-rose-800 dark:text-rose-300" },
  rising: { icon: TrendingUp, className: "bg-amber-500/15 text-amber-900 dark:text-amber-300" },
  popular: { icon: Sparkles, className: "bg-secondary text-secondary-foreground" },
};

export function TrendingTopics({ topics }: { topics: readonly TrendingTopic[] }) {
  const [expanded, setExpanded] = useState(false);
  const visible = expanded ? topics : topics.slice(0, TRENDING_LIMITS.default);
  const ranked = visible.slice(0, TRENDING_LIMITS.listed);
  const chips = visible.slice(TRENDING_LIMITS.listed);
  const hidden = topics.length - visible.length;

  if (topics.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed px-6 py-12 text-center">
        <Hash className="size-8 text-muted-foreground" aria-hidden />
        <p className="font-display font-semibold">{T.empty}</p>
        <p className="text-sm text-muted-foreground">{T.emptyHint}</p>
      </div>
    );
  }

  return (
    <section aria-labelledby="trending-title" className="space-y-4" data-testid="trending-topics">
      <div className="flex items-center justify-between gap-2">
        <h2 id="trending-title" className="font-display text-lg font-semibold">
          {T.title}
        </h2>
        {hidden > 0 ? (
          <Button variant="link" onClick={() => setExpanded(true)}>
            {T.showAll}
          </Button>
        ) : null}
      </div>
      <ol className="overflow-hidden rounded-[var(--radius-card)] border bg-card shadow-sm" aria-label={T.title}>
        {ranked.map((topic, index) => {
          const rank = index + 1;
          const badge = trendingBadge(rank);
          const { icon: Icon, className } = badgeLook[badge];
          return (
            <li key={topic.name} className="border-b last:border-b-0">
              <HashtagLink
                name={topic.name}
                testId="trending-row"
                className="flex items-center gap-3 px-4 py-3 transition hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
              >
                <span className="w-6 shrink-0 text-center font-display text-lg font-bold text-muted-foreground" data-testid="trending-rank">
                  <span aria-hidden>{rank}</span>
                  <span className="sr-only">{SEARCH_SCREEN_TEXTS.a11y.rank(rank)}</span>
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-semibold">#{topic.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {T.posts(topic.postCount)} · {T.score(Math.round(topic.score))}
                  </span>
                </span>
                <span className={cn("inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-1 text-xs font-semibold", className)} data-testid="trending-badge">
                  <Icon className="size-3.5" aria-hidden /> {T.badges[badge]}
                </span>
              </HashtagLink>
            </li>
          );
        })}
      </ol>
      {chips.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium text-muted-foreground">{T.more}</h3>
          <ul className="flex flex-wrap gap-2" aria-label={T.more}>
            {chips.map((topic) => (
              <li key={topic.name}>
                <HashtagLink
                  name={topic.name}
                  testId="trending-chip"
                  className="inline-flex h-9 items-center gap-1.5 rounded-full border bg-card px-3.5 text-sm font-medium transition hover:border-primary/50 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                >
                  #{topic.name}
                  <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground">{formatCount(topic.postCount)}</span>
                </HashtagLink>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {hidden > 0 ? (
        <Button variant="outline" className="w-full" onClick={() => setExpanded(true)}>
          {T.showMore(hidden)}
        </Button>
      ) : null}
    </section>
  );
}

/** §9: eight placeholders while the topics load. */
export function TrendingSkeleton() {
  return (
    <div className="space-y-2" role="status" aria-busy="true" aria-label={SEARCH_SCREEN_TEXTS.a11y.loadingTrending} data-testid="trending-skeleton">
      {Array.from({ length: TRENDING_SKELETONS }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-2xl border bg-card px-4 py-3" data-testid="skeleton-row">
          <Skeleton className="size-6 rounded-md" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-1/4" />
          </div>
          <Skeleton className="h-6 w-16 rounded-full" />
        </div>
      ))}
    </div>
  );
}

/** A failed list: the spec's words and a retry in place (the toast is raised by the caller). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
      <p className="text-sm">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden /> {SEARCH_SCREEN_TEXTS.errors.retry}
      </Button>
    </div>
  );
}
