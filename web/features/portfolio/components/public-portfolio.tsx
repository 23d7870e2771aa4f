// The public profile's Portfolio tab (decision record 0053): the items in the
// owner's order, each opening its post.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { FolderOpen } from "lucide-react";
import { PORTFOLIO_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { userPortfolioQueryOptions } from "../api";
import { PostPreview } from "./post-preview";

export function PublicPortfolio({ userId }: { userId: string }) {
  const portfolio = useQuery(userPortfolioQueryOptions(userId));
  if (portfolio.isPending) {
    return (
      <div className="grid gap-3 sm:grid-cols-2" aria-busy="true">
        <Skeleton className="h-28 rounded-[var(--radius-card)]" />
        <Skeleton className="h-28 rounded-[var(--radius-card)]" />
      </div>
    );
  }
  if (portfolio.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-8 text-center">
        <p className="font-semibold">{PORTFOLIO_TEXTS.loadFailed}</p>
        <Button variant="outline" onClick={() => void portfolio.refetch()}>
          {PORTFOLIO_TEXTS.retry}
        </Button>
      </div>
    );
  }
  const items = portfolio.data.items;
  if (items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed px-6 py-10 text-center" data-testid="public-portfolio-empty">
        <FolderOpen className="size-6 text-muted-foreground" aria-hidden />
        <p className="text-sm text-muted-foreground">{PORTFOLIO_TEXTS.emptyPublic}</p>
      </div>
    );
  }
  return (
    <ol className="grid gap-3 sm:grid-cols-2" data-testid="public-portfolio">
      {items.map((item) => (
        <li key={item.postId}>
          <Link
            to="/post/$postId"
            params={{ postId: item.postId }}
            className="flex h-full gap-3 rounded-[var(--radius-card)] border bg-card p-3 shadow-sm transition hover:border-primary/40 focus-visible:outline-2 focus-visible:outline-ring"
            data-testid="public-portfolio-item"
          >
            <PostPreview post={item.post} className="size-20" />
            <span className="min-w-0 flex-1">
              <span className="block font-semibold">{item.title}</span>
              {item.note ? <span className="mt-1 block text-sm whitespace-pre-line text-muted-foreground">{item.note}</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ol>
  );
}
