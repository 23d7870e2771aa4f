// Edit Post for the owner: caption, location and tags, saved with PATCH /api/posts/:id. The spec
// shows "Feature Coming Soon" here; the posts & media contract makes editing real. The rules are
// the upload form's, from shared/.
import { useId, useState, type FormEvent } from "react";
import type { Post } from "../../../../shared/posts-api";
import { CAPTION_MAX, checkCaption, LOCATION_MAX, LOCATION_TOO_LONG, parseTags, TAGS_MAX, TAGS_TOO_LONG } from "../../../../shared/rules/post-text";
import { cleanText } from "../../../../shared/rules/sanitize";
import { Button } from "../../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../../components/ui/dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { notifyError, notifySuccess } from "../../../components/ui/toast";
import { ApiClientError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useUpdatePost } from "../api";

export const POST_UPDATED = "Post updated";
const FALLBACK_ERROR = "Failed to update post. Please try again.";

export function EditPostDialog({ post, open, onOpenChange }: { post: Post; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Post</DialogTitle>
          <DialogDescription>Change the caption, location or tags. The media stays as it is.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the post as it is now. */}
        {open ? <EditPostForm post={post} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const ids = { caption: useId(), location: useId(), tags: useId() };
  const [caption, setCaption] = useState(post.caption ?? "");
  const [location, setLocation] = useState(post.location ?? "");
  const [tags, setTags] = useState(post.tags.join(", "));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdatePost();
  const captionCheck = checkCaption(caption);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!captionCheck.ok) return setError(captionCheck.message);
    const cleanLocation = cleanText(location);
    if (cleanLocation.length > LOCATION_MAX) return setError(LOCATION_TOO_LONG);
    if (tags.length > TAGS_MAX) return setError(TAGS_TOO_LONG);
    setError(null);
    update.mutate(
      { postId: post.id, body: { caption: captionCheck.caption, location: cleanLocation, tags } },
      {
        onSuccess: () => {
          notifySuccess(POST_UPDATED);
          onDone();
        },
        onError: (failure) => {
          const message = failure instanceof ApiClientError && failure.status !== 0 && failure.status < 500 ? failure.message : FALLBACK_ERROR;
          setError(message);
          notifyError(message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="space-y-2">
        <div className="flex items-baseline justify-between">
          <Label htmlFor={ids.caption}>Caption</Label>
          <span className={cn("text-xs tabular-nums text-muted-foreground", caption.length >= CAPTION_MAX && "text-destructive")}>
            {caption.length}/{CAPTION_MAX}
          </span>
        </div>
        <Textarea id={ids.caption} value={caption} maxLength={CAPTION_MAX} onChange={(e) => setCaption(e.target.value)} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.location}>Location</Label>
        <Input id={ids.location} value={location} maxLength={LOCATION_MAX} onChange={(e) => setLocation(e.target.value)} />
      </div>
      <div className="space-y-2">
        <Label htmlFor={ids.tags}>Tags</Label>
        <Input id={ids.tags} value={tags} maxLength={TAGS_MAX} onChange={(e) => setTags(e.target.value)} placeholder="mixing, rnb, analog" />
        {parseTags(tags).length > 0 ? (
          <p className="text-xs text-muted-foreground">{parseTags(tags).map((t) => `#${t}`).join("  ")}</p>
        ) : null}
      </div>
      {error ?? (!captionCheck.ok ? captionCheck.message : null) ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {error ?? (!captionCheck.ok ? captionCheck.message : null)}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? "Saving…" : "Save"}
        </Button>
      </DialogFooter>
    </form>
  );
}
