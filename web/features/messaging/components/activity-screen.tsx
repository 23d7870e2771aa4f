// /activity (second document §2 Activity, §8 'Failed to load activity feed'; DESIGN.md: read
// state on the server, and clicks go to the post, the follower's profile or the conversation;
// decision record 0041): the feed's texts, an unread dot, the empty state, 'Mark all as read'.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRouter } from "@tanstack/react-router";
import { ArrowLeft, Bell, CheckCheck } from "lucide-react";
import { useEffect } from "react";
import { MESSAGING_TEXTS } from "@shared/messages";
import type { ActivityFeed, ActivityItem } from "@shared/messaging-api";
import { RelativeTime } from "@web/components/relative-time";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { notifyError } from "@web/components/ui/toast";
import { profilePath } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import { activityQueryOptions, messagingCalls, messagingKeys } from "../api";

function describe(item: ActivityItem): string {
  const name = item.user.displayName || item.user.username;
  switch (item.type) {
    case "like":
      return MESSAGING_TEXTS.liked(name);
    case "comment":
      return MESSAGING_TEXTS.commented(name);
    case "follow":
      return MESSAGING_TEXTS.followed(name);
    case "message":
      return MESSAGING_TEXTS.messaged(name);
    case "report":
      // The outcome of the user's own report, in our neutral words (decision record 0083).
      return item.content ?? "";
    default: {
      const _exhaustive: never = item.type;
      return _exhaustive;
    }
  }
}

/** Where a click leads: the post for likes and comments, the follower for follows, the chat for messages. */
function targetOf(item: ActivityItem): string {
  if ((item.type === "like" || item.type === "comment") && item.postId) return `/post/${encodeURIComponent(item.postId)}`;
  if (item.type === "message" && item.conversationId) return `/messages?conversation=${encodeURIComponent(item.conversationId)}`;
  if (item.type === "report") return "/activity";
  return profilePath(item.user.userId);
}

export function ActivityScreen() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const feed = useQuery(activityQueryOptions());

  useEffect(() => {
    if (feed.isError) notifyError(MESSAGING_TEXTS.loadActivityFailed, { id: "activity-load" });
  }, [feed.isError, feed.errorUpdatedAt]);

  const setRead = (ids: ReadonlySet<string> | "all") =>
    queryClient.setQueryData<ActivityFeed>(messagingKeys.activity(), (current) => {
      if (!current) return current;
      const items = current.items.map((item) => (ids === "all" || ids.has(item.id) ? { ...item, isRead: true } : item));
      return { items, unreadCount: items.filter((item) => !item.isRead).length };
    });

  const refreshBadge = () => void queryClient.invalidateQueries({ queryKey: messagingKeys.unread() });
  const markAll = useMutation({
    mutationFn: messagingCalls.markAllActivityRead,
    onMutate: () => setRead("all"),
    onSettled: () => {
      refreshBadge();
      void queryClient.invalidateQueries({ queryKey: messagingKeys.activity() });
    },
  });

  const open = (item: ActivityItem) => {
    if (!item.isRead) {
      setRead(new Set([item.id]));
      messagingCalls
        .markActivityRead(item.id)
        .then(refreshBadge)
        .catch((error: unknown) => console.warn(`Marking activity ${item.id} read failed:`, error));
    }
    void navigate({ href: targetOf(item) });
  };

  const items = feed.data?.items ?? [];
  const unread = feed.data?.unreadCount ?? 0;
  return (
    <div className="px-3 pt-4 sm:px-4">
      <div className="mb-4 flex items-center gap-2 px-1">
        <button
          type="button"
          onClick={() => router.history.back()}
          aria-label={MESSAGING_TEXTS.back}
          className="-ml-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full transition hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
        >
          <ArrowLeft className="size-5" aria-hidden />
        </button>
        <h1 className="flex-1 font-display text-2xl font-bold tracking-tight">{MESSAGING_TEXTS.activityTitle}</h1>
        {items.length > 0 ? (
          <Button variant="ghost" size="sm" disabled={unread === 0 || markAll.isPending} onClick={() => markAll.mutate()}>
            <CheckCheck aria-hidden /> {MESSAGING_TEXTS.markAllRead}
          </Button>
        ) : null}
      </div>

      {feed.isPending ? (
        <p role="status" className="py-10 text-center text-sm text-muted-foreground">
          {MESSAGING_TEXTS.loadingActivity}
        </p>
      ) : feed.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
          <p className="font-semibold">{MESSAGING_TEXTS.loadActivityFailed}</p>
          <Button variant="outline" onClick={() => void feed.refetch()}>
            {MESSAGING_TEXTS.tryAgain}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="activity-empty">
          <Bell className="size-9 text-muted-foreground" aria-hidden />
          <h2 className="font-display text-lg font-semibold">{MESSAGING_TEXTS.noActivity.title}</h2>
          <p className="text-sm text-muted-foreground">{MESSAGING_TEXTS.noActivity.hint}</p>
        </div>
      ) : (
        <ul className="divide-y overflow-hidden rounded-[var(--radius-card)] border bg-card" aria-label={MESSAGING_TEXTS.activityTitle}>
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => open(item)}
                data-testid="activity-item"
                data-read={item.isRead ? "true" : "false"}
                className={cn(
                  "flex w-full items-center gap-3 px-3 py-3 text-left transition hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
                  !item.isRead && "bg-primary/5",
                )}
              >
                <Avatar src={item.user.avatarUrl} name={item.user.displayName} size="md" />
                <span className="min-w-0 flex-1">
                  <span className={cn("block text-sm", !item.isRead && "font-semibold")}>{describe(item)}</span>
                  {item.content && item.type !== "report" ? <span className="block truncate text-sm text-muted-foreground">{item.content}</span> : null}
                  <RelativeTime date={item.createdAt} className="text-xs text-muted-foreground" />
                </span>
                {item.isRead ? null : (
                  <span className="size-2.5 shrink-0 rounded-full bg-primary" data-testid="unread-dot">
                    <span className="sr-only">{MESSAGING_TEXTS.unreadDot}</span>
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
