// /portfolio (decision record 0053): the owner picks their own posts to feature,
// orders them by dragging, by the keyboard (dnd-kit's keyboard sensor: Space or Enter, the arrows,
// Space or Enter again; Escape cancels) or with Move up / Move down, gives each a title and a
// note, and saves the whole list at once. Every move is announced to screen readers.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowDown, ArrowUp, Check, FolderOpen, GripVertical, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { PORTFOLIO_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { PORTFOLIO_LIMITS, portfolioBodySchema, type Portfolio } from "@shared/portfolio-api";
import { BackLink } from "@web/components/back-link";
import { FormField, TextareaField } from "@web/components/form-field";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Skeleton } from "@web/components/ui/skeleton";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { appPaths } from "@web/lib/app-paths";
import { cn } from "@web/lib/cn";
import { ownPortfolioQueryOptions, ownPostsQueryOptions, portfolioCalls, portfolioKeys } from "../api";
import { PostPreview } from "./post-preview";

interface DraftItem {
  postId: string;
  title: string;
  note: string;
  post: Post;
}

type FieldErrors = Record<string, { title?: string; note?: string }>;

function draftOf(portfolio: Portfolio): DraftItem[] {
  return portfolio.items.map((item) => ({ postId: item.postId, title: item.title, note: item.note, post: item.post }));
}

function sameDraft(a: DraftItem[], b: DraftItem[]): boolean {
  return a.length === b.length && a.every((item, i) => item.postId === b[i]!.postId && item.title === b[i]!.title && item.note === b[i]!.note);
}

/** A first title for a newly picked post: its caption's start, else "Untitled". */
function suggestedTitle(post: Post): string {
  const caption = post.caption?.trim();
  return caption ? caption.slice(0, PORTFOLIO_LIMITS.title) : PORTFOLIO_TEXTS.untitled;
}

function SortableItem({
  item,
  index,
  total,
  errors,
  onChange,
  onMove,
  onRemove,
}: {
  item: DraftItem;
  index: number;
  total: number;
  errors: { title?: string; note?: string } | undefined;
  onChange: (patch: Partial<Pick<DraftItem, "title" | "note">>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.postId });
  const name = item.title.trim() || PORTFOLIO_TEXTS.untitled;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn("rounded-[var(--radius-card)] border bg-card p-3 shadow-sm", isDragging && "relative z-10 shadow-lg ring-2 ring-primary/40")}
      data-testid="portfolio-item"
      data-post-id={item.postId}
    >
      {/* On a phone the fields take the full width under the handle and the picture. */}
      <div className="flex flex-wrap items-start gap-3 sm:flex-nowrap">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={PORTFOLIO_TEXTS.dragHandle(name)}
          className="mt-1 inline-flex size-10 shrink-0 cursor-grab touch-none items-center justify-center rounded-xl text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing"
          data-testid="drag-handle"
        >
          <GripVertical className="size-5" aria-hidden />
        </button>
        <PostPreview post={item.post} className="size-16" />
        <p className="mt-1 text-xs text-muted-foreground sm:hidden">{PORTFOLIO_TEXTS.position(index + 1, total)}</p>
        <div className="w-full min-w-0 space-y-3 sm:flex-1">
          <p className="hidden text-xs text-muted-foreground sm:block">{PORTFOLIO_TEXTS.position(index + 1, total)}</p>
          <FormField label={PORTFOLIO_TEXTS.titleLabel} value={item.title} maxLength={PORTFOLIO_LIMITS.title} error={errors?.title} onChange={(event) => onChange({ title: event.target.value })} />
          <TextareaField
            label={PORTFOLIO_TEXTS.noteLabel}
            value={item.note}
            limit={PORTFOLIO_LIMITS.note}
            length={item.note.length}
            rows={2}
            error={errors?.note}
            onChange={(event) => onChange({ note: event.target.value })}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" size="sm" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`${PORTFOLIO_TEXTS.moveUp}: ${name}`}>
              <ArrowUp aria-hidden /> {PORTFOLIO_TEXTS.moveUp}
            </Button>
            <Button type="button" variant="outline" size="sm" disabled={index === total - 1} onClick={() => onMove(index + 1)} aria-label={`${PORTFOLIO_TEXTS.moveDown}: ${name}`}>
              <ArrowDown aria-hidden /> {PORTFOLIO_TEXTS.moveDown}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={onRemove} aria-label={`${PORTFOLIO_TEXTS.remove}: ${name}`}>
              <Trash2 aria-hidden /> {PORTFOLIO_TEXTS.remove}
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}

function PostPicker({ userId, chosen, full, onAdd }: { userId: string; chosen: ReadonlySet<string>; full: boolean; onAdd: (post: Post) => void }) {
  const posts = useInfiniteQuery(ownPostsQueryOptions(userId));
  const items = posts.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>{PORTFOLIO_TEXTS.pickTitle}</CardTitle>
        <p className="text-sm text-muted-foreground">{full ? PORTFOLIO_TEXTS.full(PORTFOLIO_LIMITS.items) : PORTFOLIO_TEXTS.pickHint}</p>
      </CardHeader>
      <CardContent>
        {posts.isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="aspect-square rounded-xl" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-start gap-3" data-testid="portfolio-no-posts">
            <p className="text-sm text-muted-foreground">{PORTFOLIO_TEXTS.noPosts}</p>
            <Link to={appPaths.upload} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {PORTFOLIO_TEXTS.uploadLink}
            </Link>
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="portfolio-picker">
              {items.map((post) => {
                const isChosen = chosen.has(post.id);
                const label = post.caption?.trim() || PORTFOLIO_TEXTS.untitled;
                return (
                  <li key={post.id} className="flex flex-col gap-2">
                    <PostPreview post={post} className="aspect-square w-full" />
                    <p className="truncate text-xs text-muted-foreground">{label}</p>
                    <Button
                      type="button"
                      size="sm"
                      variant={isChosen ? "secondary" : "outline"}
                      disabled={isChosen || full}
                      onClick={() => onAdd(post)}
                      aria-label={`${isChosen ? PORTFOLIO_TEXTS.added : PORTFOLIO_TEXTS.add}: ${label}`}
                    >
                      {isChosen ? <Check aria-hidden /> : <Plus aria-hidden />} {isChosen ? PORTFOLIO_TEXTS.added : PORTFOLIO_TEXTS.add}
                    </Button>
                  </li>
                );
              })}
            </ul>
            {posts.hasNextPage ? (
              <Button type="button" variant="ghost" className="mt-3 w-full" disabled={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
                {PORTFOLIO_TEXTS.loadMorePosts}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

// The default export is what features/portfolio/index.ts loads lazily (decision record 0053).
export default function PortfolioEditor({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const saved = useQuery(ownPortfolioQueryOptions());
  const [draft, setDraft] = useState<DraftItem[] | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [moveMessage, setMoveMessage] = useState("");
  const instructionsId = useId();

  // The draft starts from the saved list once it arrives, and again after each save.
  useEffect(() => {
    if (saved.data && draft === null) setDraft(draftOf(saved.data));
  }, [saved.data, draft]);

  const items = draft ?? [];
  const dirty = saved.data !== undefined && draft !== null && !sameDraft(draft, draftOf(saved.data));
  const chosen = useMemo(() => new Set((draft ?? []).map((item) => item.postId)), [draft]);
  const titleOf = (id: UniqueIdentifier) => items.find((item) => item.postId === id)?.title.trim() || PORTFOLIO_TEXTS.untitled;
  const positionOf = (id: UniqueIdentifier) => items.findIndex((item) => item.postId === id) + 1;

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 180, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const announcements: Announcements = {
    onDragStart: ({ active }) => PORTFOLIO_TEXTS.announcements.pickedUp(titleOf(active.id), positionOf(active.id), items.length),
    onDragOver: ({ active, over }) => (over ? PORTFOLIO_TEXTS.announcements.movedTo(titleOf(active.id), positionOf(over.id), items.length) : undefined),
    onDragEnd: ({ active, over }) => (over ? PORTFOLIO_TEXTS.announcements.dropped(titleOf(active.id), positionOf(over.id), items.length) : undefined),
    onDragCancel: ({ active }) => PORTFOLIO_TEXTS.announcements.cancelled(titleOf(active.id)),
  };

  const update = (next: DraftItem[]) => {
    setDraft(next);
    setErrors({});
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = arrayMove(items, from, to);
    update(next);
    setMoveMessage(PORTFOLIO_TEXTS.announcements.movedTo(next[to]!.title.trim() || PORTFOLIO_TEXTS.untitled, to + 1, next.length));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      items.findIndex((item) => item.postId === active.id),
      items.findIndex((item) => item.postId === over.id),
    );
  };

  const save = useMutation({
    mutationFn: (next: DraftItem[]) => portfolioCalls.save(next.map(({ postId, title, note }) => ({ postId, title, note }))),
    onSuccess: (portfolio) => {
      queryClient.setQueryData(portfolioKeys.own(), portfolio);
      void queryClient.invalidateQueries({ queryKey: portfolioKeys.ofUser(userId) });
      setDraft(draftOf(portfolio));
      notifySuccess(PORTFOLIO_TEXTS.saved);
    },
    onError: (error) => notifyError(error instanceof Error ? error.message : PORTFOLIO_TEXTS.saveFailed, { title: PORTFOLIO_TEXTS.saveFailed }),
  });

  const submit = () => {
    // The shared schema judges the list first, so its texts show beside the fields at once.
    const parsed = portfolioBodySchema.safeParse({ items: items.map(({ postId, title, note }) => ({ postId, title, note })) });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        const item = typeof index === "number" ? items[index] : undefined;
        if (item && (field === "title" || field === "note")) next[item.postId] = { ...next[item.postId], [field]: issue.message };
        else notifyError(issue.message, { title: PORTFOLIO_TEXTS.saveFailed });
      }
      setErrors(next);
      return;
    }
    save.mutate(items);
  };

  return (
    <div className="mx-auto max-w-3xl space-y-4 px-3 pt-4 pb-8 sm:px-4">
      <div className="flex items-center gap-2">
        <BackLink to={appPaths.dashboard} label={PORTFOLIO_TEXTS.backToDashboard} className="-ml-2" />
        <h1 className="flex-1 font-display text-2xl font-bold tracking-tight">{PORTFOLIO_TEXTS.title}</h1>
      </div>
      <p className="text-sm text-muted-foreground">{PORTFOLIO_TEXTS.intro}</p>

      {saved.isPending || draft === null ? (
        saved.isError ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-10 text-center">
            <p className="font-semibold">{PORTFOLIO_TEXTS.loadFailed}</p>
            <Button variant="outline" onClick={() => void saved.refetch()}>
              {PORTFOLIO_TEXTS.retry}
            </Button>
          </div>
        ) : (
          <Skeleton className="h-40 rounded-[var(--radius-card)]" data-testid="portfolio-skeleton" />
        )
      ) : (
        <>
          {items.length === 0 ? (
            <div className="flex items-start gap-3 rounded-[var(--radius-card)] border border-dashed p-4" data-testid="portfolio-empty">
              <FolderOpen className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
              <p className="text-sm text-muted-foreground">{PORTFOLIO_TEXTS.emptyOwner}</p>
            </div>
          ) : (
            <>
              <p id={instructionsId} className="text-xs text-muted-foreground">
                {PORTFOLIO_TEXTS.dragInstructions}
              </p>
              <DndContext
                sensors={sensors}
                collisionDetection={closestCenter}
                onDragEnd={onDragEnd}
                accessibility={{ announcements, screenReaderInstructions: { draggable: PORTFOLIO_TEXTS.dragInstructions } }}
              >
                <SortableContext items={items.map((item) => item.postId)} strategy={verticalListSortingStrategy}>
                  <ol className="space-y-3" aria-label={PORTFOLIO_TEXTS.title} aria-describedby={instructionsId} data-testid="portfolio-list">
                    {items.map((item, index) => (
                      <SortableItem
                        key={item.postId}
                        item={item}
                        index={index}
                        total={items.length}
                        errors={errors[item.postId]}
                        onChange={(patch) => update(items.map((other) => (other.postId === item.postId ? { ...other, ...patch } : other)))}
                        onMove={(to) => move(index, to)}
                        onRemove={() => update(items.filter((other) => other.postId !== item.postId))}
                      />
                    ))}
                  </ol>
                </SortableContext>
              </DndContext>
            </>
          )}
          <p role="status" aria-live="polite" className="sr-only">
            {moveMessage}
          </p>
          <div className="sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-10 flex items-center justify-between gap-3 rounded-[var(--radius-card)] border bg-background/95 p-3 shadow-sm backdrop-blur">
            <p className="text-sm text-muted-foreground">{dirty ? PORTFOLIO_TEXTS.unsaved : null}</p>
            <Button type="button" onClick={submit} disabled={!dirty || save.isPending} data-testid="portfolio-save">
              {save.isPending ? PORTFOLIO_TEXTS.saving : PORTFOLIO_TEXTS.save}
            </Button>
          </div>
          <PostPicker
            userId={userId}
            chosen={chosen}
            full={items.length >= PORTFOLIO_LIMITS.items}
            onAdd={(post) => update([...items, { postId: post.id, title: suggestedTitle(post), note: "", post }])}
          />
        </>
      )}
    </div>
  );
}
