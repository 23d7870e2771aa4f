// A keyset-paged list driven by a TanStack infinite query: skeletons while the first page loads,
// an inline retry when it fails, the screen's empty state, infinite scroll through an
// IntersectionObserver sentinel with a 'Load more' button as the fallback, and one Error toast
// with a Retry per failure. The post feed and the saved-posts list both render through it.
import { RefreshCw } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { UI_TEXTS } from "@shared/messages";
import { Button } from "./ui/button";
import { Spinner } from "./ui/spinner";
import { notifyError } from "./ui/toast";

/** Start fetching the next page this far before the reader reaches the end. */
const PREFETCH_MARGIN = "800px";

/** The parts of a `useInfiniteQuery` result the list reads. */
interface PagedQuery<T> {
  data: { pages: ReadonlyArray<{ items: T[] }> } | undefined;
  error: unknown;
  errorUpdatedAt: number;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

export interface PagedListProps<T> {
  query: PagedQuery<T>;
  /** The spec's Error toast text, also shown inline when the first page fails. */
  errorMessage: string;
  /** The toast's title when the spec gives one other than "Error" ('Search Error'). */
  errorTitle?: string;
  /** One toast per list: a new failure replaces the previous one. */
  toastId: string;
  /** Accessible names of the list, of its first-page placeholder and of the next-page spinner. */
  label: string;
  loadingLabel: string;
  loadingMoreLabel: string;
  /** Placeholders shown while the first page loads. */
  skeletons: ReactNode;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  /** The line under the last page. */
  endText: string;
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** The list's layout; a stack by default, a grid for card screens. */
  listClassName?: string;
}

export function PagedList<T>({ query, errorMessage, errorTitle, toastId, label, loadingLabel, loadingMoreLabel, skeletons, empty, endText, itemKey, renderItem, listClassName = "space-y-4" }: PagedListProps<T>) {
  const { data, error, errorUpdatedAt, fetchNextPage, hasNextPage, isFetchingNextPage, isPending, refetch, isFetchNextPageError } = query;
  const sentinelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!error) return;
    notifyError(errorMessage, {
      title: errorTitle,
      id: toastId,
      action: { label: UI_TEXTS.pagedList.retry, onClick: () => void (isFetchNextPageError ? fetchNextPage() : refetch()) },
    });
    // errorUpdatedAt changes with every new failure, error alone may not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [error, errorUpdatedAt]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
      },
      { rootMargin: PREFETCH_MARGIN },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  if (isPending) {
    return (
      <div className="space-y-4" role="status" aria-busy="true" aria-label={loadingLabel}>
        {skeletons}
      </div>
    );
  }

  if (!data) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed px-6 py-12 text-center">
        <p className="text-sm text-muted-foreground">{errorMessage}</p>
        <Button variant="outline" onClick={() => void refetch()}>
          <RefreshCw aria-hidden /> {UI_TEXTS.pagedList.tryAgain}
        </Button>
      </div>
    );
  }

  const items = data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <>{empty}</>;

  return (
    <div className="space-y-4">
      <ol className={listClassName} aria-label={label}>
        {items.map((item, index) => (
          <li key={itemKey(item)}>{renderItem(item, index)}</li>
        ))}
      </ol>
      <div ref={sentinelRef} aria-hidden className="h-px" data-testid="post-list-sentinel" />
      <div className="flex justify-center pb-4">
        {isFetchingNextPage ? (
          <Spinner label={loadingMoreLabel} />
        ) : hasNextPage ? (
          <Button variant="outline" onClick={() => void fetchNextPage()}>
            {isFetchNextPageError ? UI_TEXTS.pagedList.tryAgain : UI_TEXTS.pagedList.loadMore}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">{endText}</p>
        )}
      </div>
    </div>
  );
}
