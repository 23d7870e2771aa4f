// The Tags tab (first document §2 Tags; §7 hashtags; §8 'Failed to load trending hashtags',
// 'Failed to search hashtags'; §9 trending topics): without a query, the trending topics; with
// one, the hashtags whose name contains it (case-insensitive, most used first, at most 10). Each
// opens that tag's posts.
import { useQuery } from "@tanstack/react-query";
import { Hash, SearchX } from "lucide-react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import type { HashtagSummary } from "@shared/search-api";
import { formatCount } from "@web/lib/format";
import { hashtagSearchQueryOptions, trendingQueryOptions } from "../api";
import { useErrorToast } from "../use-error-toast";
import { EmptyState } from "./empty-state";
import { HashtagLink } from "./hashtag-link";
import { LoadFailed, TrendingSkeleton, TrendingTopics } from "./trending-topics";

const T = SEARCH_SCREEN_TEXTS;

export function TagsTab({ query }: { query: string }) {
  return query ? <MatchingHashtags query={query} /> : <Trending />;
}

function Trending() {
  const trending = useQuery(trendingQueryOptions());
  useErrorToast(trending.error, trending.errorUpdatedAt, { description: T.errors.loadTrending }, "search-trending");
  if (trending.isPending) return <TrendingSkeleton />;
  if (!trending.data) return <LoadFailed message={T.errors.loadTrending} onRetry={() => void trending.refetch()} />;
  return <TrendingTopics topics={trending.data.items} />;
}

function MatchingHashtags({ query }: { query: string }) {
  const found = useQuery(hashtagSearchQueryOptions(query));
  useErrorToast(found.error, found.errorUpdatedAt, { description: T.errors.searchHashtags }, "search-hashtags");
  if (found.isPending) return <TrendingSkeleton />;
  if (!found.data) return <LoadFailed message={T.errors.searchHashtags} onRetry={() => void found.refetch()} />;
  if (found.data.items.length === 0) return <EmptyState icon={<SearchX className="size-6" aria-hidden />} title={T.trending.noMatches} hint={T.noResults.hint} />;
  return (
    <section aria-labelledby="matching-tags" className="space-y-3">
      <h2 id="matching-tags" className="font-display text-lg font-semibold">
        {T.trending.matching}
      </h2>
      <HashtagChips hashtags={found.data.items} />
    </section>
  );
}

/** Hashtags as tappable chips with their post counts (Tags search and Explore results). */
export function HashtagChips({ hashtags }: { hashtags: readonly HashtagSummary[] }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={T.sections.hashtags}>
      {hashtags.map((tag) => (
        <li key={tag.id}>
          <HashtagLink
            name={tag.name}
            testId="hashtag-chip"
            className="inline-flex h-10 items-center gap-1.5 rounded-full border bg-card px-4 text-sm font-medium transition hover:border-primary/50 hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
          >
            <Hash className="size-3.5 text-primary" aria-hidden />
            {tag.name}
            <span className="rounded-full bg-muted px-1.5 text-xs text-muted-foreground">{formatCount(tag.usageCount)}</span>
          </HashtagLink>
        </li>
      ))}
    </ul>
  );
}
