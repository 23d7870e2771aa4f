// The owner's menu on a post (spec §2: "A post owner sees a menu with Edit Post and Delete
// Post"). Shown only when the server says the viewer owns the post; the server checks again.
import { MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { DropdownMenu } from "radix-ui";
import { lazy, Suspense, useState } from "react";
import { POST_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { DeletePostDialog } from "./delete-post-dialog";

// The edit form brings react-hook-form and the post schemas (about 40 KiB gzipped) that a screen
// of post cards otherwise never needs, so it loads when the owner opens this menu; by the time
// Edit Post is chosen it is there (the route budget, decision record 0065).
const loadEditDialog = () => import("./edit-post-dialog");
const EditPostDialog = lazy(() => loadEditDialog().then((module) => ({ default: module.EditPostDialog })));

const itemClass =
  "flex h-11 cursor-pointer select-none items-center gap-2.5 rounded-xl px-3 text-sm font-medium outline-none transition data-[highlighted]:bg-muted";

export function PostMenu({ post, onDeleted }: { post: Post; onDeleted?: (postId: string) => void }) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Mounted from the first Edit Post on, so that closing it still animates.
  const [editOpened, setEditOpened] = useState(false);
  return (
    <>
      <DropdownMenu.Root modal={false} onOpenChange={(open) => open && void loadEditDialog()}>
        <DropdownMenu.Trigger
          aria-label={POST_SCREEN_TEXTS.menu.label}
          className="inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <MoreHorizontal className="size-5" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-44 rounded-2xl border bg-popover p-1.5 text-popover-foreground shadow-xl data-[state=open]:animate-fade-in"
          >
            <DropdownMenu.Item
              className={itemClass}
              onSelect={() => {
                setEditOpened(true);
                setEditing(true);
              }}
            >
              <Pencil className="size-4" aria-hidden /> {POST_SCREEN_TEXTS.menu.edit}
            </DropdownMenu.Item>
            <DropdownMenu.Item className={`${itemClass} text-destructive`} data-haptic="heavy" onSelect={() => setDeleting(true)}>
              <Trash2 className="size-4" aria-hidden /> {POST_SCREEN_TEXTS.menu.delete}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      {editOpened && (
        <Suspense fallback={null}>
          <EditPostDialog post={post} open={editing} onOpenChange={setEditing} />
        </Suspense>
      )}
      <DeletePostDialog postId={post.id} open={deleting} onOpenChange={setDeleting} onDeleted={onDeleted} />
    </>
  );
}
