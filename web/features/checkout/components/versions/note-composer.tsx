// The buyer's revision note at the playhead (issue #31 item 3). "Add a note at 0:42" pins the
// note to where the player is; while the form is open the player keeps going, so "End at 0:55"
// turns the moment into a range and "Start at …" moves it. The note is a draft: the revision
// request sends the drafts with it. Moments go to the server as whole milliseconds within the
// track (the last one is its length less one, as a pinned comment's).
import { MessageSquarePlus } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { REVISION_SCREEN_TEXTS as T } from "@shared/messages";
import { createRevisionNoteBodySchema, type OrderVersion } from "@shared/revisions-api";
import { Button } from "@web/components/ui/button";
import { notifySuccess } from "@web/components/ui/toast";
import { NoteBodyFields } from "./note-body-fields";
import type { NoteActions } from "./note-list";

/** A playhead position as a moment of `version`: whole milliseconds inside the track. */
function momentOf(ms: number, version: OrderVersion): number {
  return Math.max(0, Math.min(Math.round(ms), version.durationMs - 1));
}

export function NoteComposer({
  version,
  playheadMs,
  readPlayhead,
  actions,
}: {
  /** The version in the player: the note is pinned to it. */
  version: OrderVersion;
  /** The playhead as last shown (to the second), for the buttons' words. */
  playheadMs: number;
  /** The playhead now, exactly, read when a button is pressed. */
  readPlayhead: () => number;
  actions: NoteActions;
}) {
  const [pin, setPin] = useState<{ atMs: number; endMs: number | null } | null>(null);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | undefined>();
  const endHintId = useId();

  if (!pin) {
    return (
      <Button variant="outline" className="w-full" onClick={() => setPin({ atMs: momentOf(readPlayhead(), version), endMs: null })} data-testid="add-note">
        <MessageSquarePlus aria-hidden /> {T.addNoteAt(momentOf(playheadMs, version))}
      </Button>
    );
  }

  const shown = momentOf(playheadMs, version);
  // Compared by the second shown, so the button never offers an end the playhead has not passed.
  const canEnd = Math.floor(shown / 1000) > Math.floor(pin.atMs / 1000);
  const close = () => {
    setPin(null);
    setBody("");
    setError(undefined);
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createRevisionNoteBodySchema.safeParse({ ...pin, body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (await actions.run({ kind: "add", versionId: version.id, body: parsed.data })) {
      notifySuccess(T.noteAdded);
      close();
    }
  };

  return (
    <form onSubmit={(event) => void send(event)} className="space-y-3 rounded-[var(--radius-card)] border bg-muted/30 p-3" data-testid="note-composer">
      <p className="text-sm font-semibold tabular-nums" aria-live="polite" data-testid="note-moment">
        {T.noteAt(pin.atMs, pin.endMs)} · {T.version(version.number)}
      </p>
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            const start = momentOf(readPlayhead(), version);
            setPin({ atMs: start, endMs: pin.endMs != null && pin.endMs > start ? pin.endMs : null });
          }}
        >
          {T.startHere(shown)}
        </Button>
        {pin.endMs == null ? (
          <Button
            variant="secondary"
            disabled={!canEnd}
            aria-describedby={canEnd ? undefined : endHintId}
            onClick={() => {
              const end = momentOf(readPlayhead(), version);
              if (end > pin.atMs) setPin({ atMs: pin.atMs, endMs: end });
            }}
          >
            {T.endHere(shown)}
          </Button>
        ) : (
          <Button variant="secondary" onClick={() => setPin({ atMs: pin.atMs, endMs: null })}>
            {T.makeMoment}
          </Button>
        )}
      </div>
      {pin.endMs == null && !canEnd ? (
        <p id={endHintId} className="text-xs text-muted-foreground">
          {T.endHint}
        </p>
      ) : null}
      <NoteBodyFields
        body={body}
        error={error}
        onBody={(next) => {
          setBody(next);
          setError(undefined);
        }}
        onCancel={close}
        submit={T.addNote}
        busy={actions.busy}
      />
    </form>
  );
}
