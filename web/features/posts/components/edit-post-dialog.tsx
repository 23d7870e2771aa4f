// Edit Post for the owner: caption, location and tags, saved with PATCH /api/posts/:id. The spec
// shows "Feature Coming Soon" here; the posts & media contract makes editing real. The form is
// react-hook-form with the shared postTextFieldsSchema, the upload form's rules and messages.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TEXT_LIMITS } from "@shared/constants";
import { POST_SCREEN_TEXTS, POST_TEXTS, UPLOAD_SCREEN_TEXTS } from "@shared/messages";
import type { Post } from "@shared/posts-api";
import { parseTags } from "@shared/rules/post-text";
import { type PostTextFields, type PostTextFieldsInput, postTextFieldsSchema } from "@shared/schemas/post";
import { FormField, TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { useUpdatePost } from "../api";

const T = POST_SCREEN_TEXTS.edit;
/** The fields are the create-post screen's, with its words. */
const FIELDS = UPLOAD_SCREEN_TEXTS;

export function EditPostDialog({ post, open, onOpenChange }: { post: Post; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the post as it is now. */}
        {open ? <EditPostForm post={post} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function EditPostForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const form = useForm<PostTextFieldsInput, unknown, PostTextFields>({
    resolver: zodResolver(postTextFieldsSchema),
    defaultValues: { caption: post.caption ?? "", location: post.location ?? "", tags: post.tags.join(", ") },
    // The caption's content screen answers while the owner types, as on the upload form.
    mode: "onChange",
  });
  const update = useUpdatePost();
  const caption = form.watch("caption");
  const tags = form.watch("tags");
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((fields) =>
    update.mutate(
      { postId: post.id, body: fields },
      {
        onSuccess: () => {
          notifySuccess(POST_TEXTS.postUpdated);
          onDone();
        },
        onError: (failure) => {
          const message = failure instanceof ApiClientError && failure.status !== 0 && failure.status < 500 ? failure.message : POST_TEXTS.updateFailed;
          form.setError("root.server", { message });
          notifyError(message);
        },
      },
    ),
  );

  const tagList = parseTags(tags);
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <TextareaField label={FIELDS.caption} limit={TEXT_LIMITS.caption} length={caption.length} error={errors.caption?.message} {...form.register("caption")} />
      <FormField label={FIELDS.location} maxLength={TEXT_LIMITS.location} error={errors.location?.message} {...form.register("location")} />
      <FormField
        label={FIELDS.tags}
        maxLength={TEXT_LIMITS.tags}
        placeholder={FIELDS.tagsPlaceholder}
        error={errors.tags?.message}
        below={tagList.length > 0 ? <p className="text-xs text-muted-foreground">{tagList.map((t) => `#${t}`).join("  ")}</p> : null}
        {...form.register("tags")}
      />
      {errors.root?.server ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.root.server.message}
        </p>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={update.isPending}>
          {T.cancel}
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? T.saving : T.save}
        </Button>
      </DialogFooter>
    </form>
  );
}
