// A revision note's words and its two buttons: the same fields write a new note at the playhead
// (note-composer.tsx) and edit a draft (note-list.tsx).
import { REVISION_SCREEN_TEXTS as T } from "@shared/messages";
import { REVISION_NOTE_MAX } from "@shared/revisions-api";
import { TextareaField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";

export function NoteBodyFields({
  body,
  error,
  onBody,
  onCancel,
  submit,
  busy,
}: {
  body: string;
  error: string | undefined;
  /** The words changed (the caller clears its error). */
  onBody: (body: string) => void;
  onCancel: () => void;
  /** The submit button's words: "Add note" or "Save". */
  submit: string;
  busy: boolean;
}) {
  return (
    <>
      <TextareaField
        label={T.noteBody}
        value={body}
        onChange={(event) => onBody(event.target.value)}
        limit={REVISION_NOTE_MAX}
        length={body.length}
        rows={2}
        className="min-h-16"
        error={error}
        autoFocus
      />
      <div className="flex gap-2">
        <Button variant="outline" className="flex-1" onClick={onCancel}>
          {T.cancel}
        </Button>
        <Button type="submit" className="flex-1" disabled={busy}>
          {submit}
        </Button>
      </div>
    </>
  );
}
