// /moderation (issue #27 item 4; DESIGN.md "Reports and moderation"; decision record 0083): the
// open reports grouped by what was reported, each with the content, the reasons, the account's
// history and the actions, every one confirmed first. Moderators only: the server answers anyone
// else 404, and the route sends them to the feed.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ShieldCheck } from "lucide-react";
import { useId, useState } from "react";
import { MODERATION_TEXTS } from "@shared/messages";
import type { ModerationAction, ModerationQueueItem } from "@shared/moderation-api";
import { RelativeTime } from "@web/components/relative-time";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Textarea } from "@web/components/ui/textarea";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { moderationCalls, moderationKeys, moderationQueueQueryOptions } from "../api";

const T = MODERATION_TEXTS;

/** The actions that apply to an item as it stands now. */
function actionsFor(item: ModerationQueueItem): ModerationAction[] {
  const actions: ModerationAction[] = ["dismiss"];
  if (item.targetType !== "profile" && item.content) actions.push(item.content.hiddenAt === null ? "hide" : "restore");
  actions.push(item.account.suspendedAt === null ? "suspend" : "unsuspend");
  return actions;
}

function ConfirmAction({ item, action, onClose }: { item: ModerationQueueItem; action: ModerationAction; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState("");
  const noteId = useId();
  const act = useMutation({
    mutationFn: moderationCalls.act,
    onSuccess: () => {
      notifySuccess(T.actionDone.title, { description: T.actionDone.description });
      void queryClient.invalidateQueries({ queryKey: moderationKeys.queue() });
      onClose();
    },
    onError: (failure) => notifyError(failure instanceof ApiClientError ? failure.message : T.actionFailed),
  });
  const label = T.actionLabels[action];
  return (
    <Dialog open onOpenChange={(open) => !open && !act.isPending && onClose()}>
      <DialogContent role="alertdialog" hideClose>
        <DialogHeader>
          <DialogTitle>{T.confirmTitle(label)}</DialogTitle>
          <DialogDescription>{T.confirmDescriptions[action]}</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={noteId} className="text-sm font-semibold">
            {T.noteLabel}
          </label>
          <Textarea id={noteId} value={note} maxLength={500} rows={2} onChange={(event) => setNote(event.target.value)} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={act.isPending}>
            {T.cancel}
          </Button>
          <Button
            variant={action === "suspend" || action === "hide" ? "destructive" : "primary"}
            disabled={act.isPending}
            onClick={() => act.mutate({ targetType: item.targetType, targetId: item.targetId, action, ...(note.trim() ? { note } : {}) })}
          >
            {T.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function QueueItem({ item }: { item: ModerationQueueItem }) {
  const [pending, setPending] = useState<ModerationAction | null>(null);
  const headingId = useId();
  const account = item.account;
  const name = account.displayName || account.username || account.userId;
  return (
    <li className="rounded-[var(--radius-card)] border bg-card p-4 shadow-sm" aria-labelledby={headingId} data-testid="moderation-item">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{T.targetNames[item.targetType]}</Badge>
        <h2 id={headingId} className="font-display text-base font-semibold">
          {T.reporterCount(item.reporterCount)}
        </h2>
        {item.content?.hiddenAt ? <Badge variant="outline">{T.contentHidden}</Badge> : null}
      </div>

      <div className="mt-3 flex gap-3 rounded-xl bg-muted/50 p-3">
        {item.content?.mediaUrl ? <img src={item.content.mediaUrl} alt="" className="size-16 shrink-0 rounded-lg object-cover" /> : null}
        <div className="min-w-0 flex-1 text-sm">
          {item.content ? (
            <>
              <p className="whitespace-pre-line break-words" data-testid="moderation-content">
                {item.content.text}
              </p>
              {item.content.path ? (
                <Link to={item.content.path} className="mt-1 inline-block text-xs font-semibold text-primary underline-offset-2 hover:underline">
                  {T.openContent}
                </Link>
              ) : null}
            </>
          ) : (
            <p className="text-muted-foreground">{T.contentGone}</p>
          )}
        </div>
      </div>

      <section className="mt-3">
        <h3 className="text-sm font-semibold">{T.reportsTitle}</h3>
        <ul className="mt-1 space-y-1 text-sm">
          {item.reports.map((report) => (
            <li key={report.id} className="flex flex-wrap gap-x-2">
              <span className="font-medium">{T.reasons[report.reason]}</span>
              {report.details ? <span className="break-words text-muted-foreground">“{report.details}”</span> : null}
              <RelativeTime date={report.createdAt} className="text-xs text-muted-foreground" />
            </li>
          ))}
        </ul>
      </section>

      <section className="mt-3 text-sm">
        <h3 className="font-semibold">{T.accountTitle}</h3>
        <p className="mt-1 flex flex-wrap items-center gap-x-2">
          <Link to="/profile/$userId" params={{ userId: account.userId }} className="font-medium underline-offset-2 hover:underline">
            {name}
          </Link>
          {account.username ? <span className="text-muted-foreground">@{account.username}</span> : null}
          {account.suspendedAt ? <Badge variant="outline">{T.suspended}</Badge> : null}
        </p>
        <p className="text-muted-foreground">
          {T.joined(new Date(account.joinedAt).toLocaleDateString())} · {T.reportTotal(account.reportCount)}
        </p>
        <p className="mt-1 font-medium">{T.earlierActions}</p>
        {account.earlierActions.length === 0 ? (
          <p className="text-muted-foreground">{T.noEarlierActions}</p>
        ) : (
          <ul className="text-muted-foreground">
            {account.earlierActions.map((earlier, index) => (
              <li key={index}>
                {T.actionLabels[earlier.action]} · {T.targetNames[earlier.targetType]} · <RelativeTime date={earlier.createdAt} />
                {earlier.note ? ` — ${earlier.note}` : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <div className="mt-4 flex flex-wrap gap-2">
        {actionsFor(item).map((action) => (
          <Button key={action} size="sm" variant={action === "suspend" || action === "hide" ? "destructive" : "outline"} onClick={() => setPending(action)}>
            {T.actionLabels[action]}
          </Button>
        ))}
      </div>
      {pending ? <ConfirmAction item={item} action={pending} onClose={() => setPending(null)} /> : null}
    </li>
  );
}

export function ModerationScreen() {
  const queue = useQuery(moderationQueueQueryOptions());
  const items = queue.data?.items ?? [];
  return (
    <div className="mx-auto max-w-3xl px-3 pt-4 pb-8 sm:px-4">
      <header className="mb-4 px-1">
        <h1 className="font-display text-2xl font-bold tracking-tight">{T.queueTitle}</h1>
        <p className="text-sm text-muted-foreground">{T.queueSubtitle}</p>
      </header>
      {queue.isPending ? (
        <p role="status" className="py-10 text-center text-sm text-muted-foreground">
          {T.loadingQueue}
        </p>
      ) : queue.isError ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
          <p className="font-semibold">{T.loadQueueFailed}</p>
          <Button variant="outline" onClick={() => void queue.refetch()}>
            {T.tryAgain}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="moderation-empty">
          <ShieldCheck className="size-9 text-muted-foreground" aria-hidden />
          <h2 className="font-display text-lg font-semibold">{T.queueEmpty.title}</h2>
          <p className="text-sm text-muted-foreground">{T.queueEmpty.hint}</p>
        </div>
      ) : (
        <ul className="space-y-4" aria-label={T.queueTitle}>
          {items.map((item) => (
            <QueueItem key={`${item.targetType}-${item.targetId}`} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
