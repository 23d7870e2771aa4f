// Block and mute from anywhere someone else appears (issue #27 items 1 and 2; decision record
// 0082): a profile, a post's or a comment's menu, a conversation's header. Block asks first and
// says what it does; mute acts at once with an Undo in its toast. What the person is allowed to
// see changes on the server; here every cached list is refetched and the host is told, so it can
// leave a page that is now "not found".
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, MoreHorizontal, VolumeX } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { useState } from "react";
import { SAFETY_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { cn } from "@web/lib/cn";
import { refreshAfterSafetyChange, safetyCalls, safetyKeys } from "@web/lib/safety";

const T = SAFETY_TEXTS;

const itemClass =
  "flex h-11 cursor-pointer select-none items-center gap-2.5 rounded-xl px-3 text-sm font-medium outline-none transition data-[highlighted]:bg-muted";

export interface SafetyMenuProps {
  /** The person the actions are about. */
  user: { userId: string; username: string };
  /** The signed-in viewer; the menu is not shown on one's own content or to visitors. */
  viewerId: string | null | undefined;
  /** After a block: the host hides the content or navigates away. */
  onBlocked?: () => void;
  className?: string;
}

function failure(error: unknown) {
  notifyError(error instanceof ApiClientError ? error.message : T.actionFailed.description);
}

export function SafetyMenu({ user, viewerId, onBlocked, className }: SafetyMenuProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const relation = useQuery({
    queryKey: safetyKeys.relation(user.userId),
    queryFn: ({ signal }) => safetyCalls.relation(user.userId, signal),
    enabled: open && Boolean(viewerId) && viewerId !== user.userId,
  });
  const blocked = relation.data?.blocked ?? false;
  const muted = relation.data?.muted ?? false;

  const settle = (next: { blocked?: boolean; muted?: boolean }) => {
    queryClient.setQueryData(safetyKeys.relation(user.userId), { blocked, muted, ...next });
    void refreshAfterSafetyChange(queryClient);
  };

  const block = useMutation({
    mutationFn: () => safetyCalls.block(user.userId),
    onSuccess: () => {
      setConfirming(false);
      settle({ blocked: true });
      notifySuccess(T.blocked(user.username).title, { description: T.blocked(user.username).description });
      onBlocked?.();
    },
    onError: failure,
  });
  const unblock = useMutation({
    mutationFn: () => safetyCalls.unblock(user.userId),
    onSuccess: () => {
      settle({ blocked: false });
      notifySuccess(T.unblocked(user.username).title, { description: T.unblocked(user.username).description });
    },
    onError: failure,
  });
  const unmute = useMutation({
    mutationFn: () => safetyCalls.unmute(user.userId),
    onSuccess: () => settle({ muted: false }),
    onError: failure,
  });
  const mute = useMutation({
    mutationFn: () => safetyCalls.mute(user.userId),
    onSuccess: () => {
      settle({ muted: true });
      notifySuccess(T.muted(user.username).title, {
        description: T.muted(user.username).description,
        action: { label: T.undo, onClick: () => unmute.mutate() },
      });
    },
    onError: failure,
  });

  if (!viewerId || viewerId === user.userId) return null;

  return (
    <>
      <DropdownMenu.Root modal={false} open={open} onOpenChange={setOpen}>
        <DropdownMenu.Trigger
          aria-label={T.menuLabel}
          data-testid="safety-menu"
          className={cn(
            "inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
            className,
          )}
        >
          <MoreHorizontal className="size-5" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-52 rounded-2xl border bg-popover p-1.5 text-popover-foreground shadow-xl data-[state=open]:animate-fade-in"
          >
            <DropdownMenu.Item className={itemClass} disabled={relation.isPending} onSelect={() => (muted ? unmute.mutate() : mute.mutate())}>
              <VolumeX className="size-4" aria-hidden /> {muted ? T.unmute(user.username) : T.mute(user.username)}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${itemClass} text-destructive`}
              disabled={relation.isPending}
              data-haptic="heavy"
              onSelect={() => (blocked ? unblock.mutate() : setConfirming(true))}
            >
              <Ban className="size-4" aria-hidden /> {blocked ? T.unblock(user.username) : T.block(user.username)}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <Dialog open={confirming} onOpenChange={(next) => !block.isPending && setConfirming(next)}>
        <DialogContent role="alertdialog" hideClose>
          <DialogHeader>
            <DialogTitle>{T.blockConfirm.title(user.username)}</DialogTitle>
            <DialogDescription>{T.blockConfirm.description}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={block.isPending}>
              {T.blockConfirm.cancel}
            </Button>
            <Button variant="destructive" onClick={() => block.mutate()} disabled={block.isPending}>
              {T.blockConfirm.confirm}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
