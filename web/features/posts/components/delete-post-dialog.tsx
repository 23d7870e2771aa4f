// Delete Post (spec §4 post deletion, §6 post owner): only after the spec's confirmation; the
// server removes the stored file first, then the row. 'Success' on success; the server's
// 'You can only delete your own posts' or 'Post not found' as Error toasts.
import { POST_SCREEN_TEXTS, POST_SUCCESS, POST_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { useDeletePost } from "../api";

const T = POST_SCREEN_TEXTS.delete;

export function DeletePostDialog({
  postId,
  open,
  onOpenChange,
  onDeleted,
}: {
  postId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted?: (postId: string) => void;
}) {
  const remove = useDeletePost();
  const confirm = () =>
    remove.mutate(postId, {
      onSuccess: () => {
        notifySuccess(POST_SUCCESS.postDeleted.title, { description: POST_SUCCESS.postDeleted.description });
        onOpenChange(false);
        onDeleted?.(postId);
      },
      onError: (failure) => {
        notifyError(failure instanceof ApiClientError ? failure.message : REQUEST_TEXTS.unexpectedError);
        onOpenChange(false);
      },
    });

  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent role="alertdialog" hideClose>
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{POST_TEXTS.deleteConfirm}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            {T.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? T.deleting : T.delete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
