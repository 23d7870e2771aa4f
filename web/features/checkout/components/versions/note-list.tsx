// The revision notes as a plain list under the player (issue #31 item 3), grouped by version and
// numbered as their markers are: "1:23 — vocal too loud · Open". Each moment is a button that
// plays the version from there (switching the player to that version if needed), so the notes
// are reachable by keyboard and named for screen readers. The buyer edits and deletes drafts; the
// seller marks an open note resolved in a newer version that is not delivered yet, and undoes it.
import { Check, Pencil, Trash2, Undo2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { OrderDetail } from "@shared/checkout-api";
import { REVISION_SCREEN_TEXTS as T } from "@shared/messages";
import { createRevisionNoteBodySchema, type OrderVersion, type RevisionNote } from "@shared/revisions-api";
import { Button } from "@web/components/ui/button";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { cn } from "@web/lib/cn";
import type { NoteChange } from "../../revisions-api";
import { NoteBodyFields } from "./note-body-fields";
import { noteStatus, TONE_BADGE, TONE_MARKER } from "./note-status";

export interface NoteActions {
  busy: boolean;
  /** Runs a change; true when the server took it (its refusal is shown). */
  run: (change: NoteChange) => Promise<boolean>;
}

export function NoteList({
  order,
  currentVersionId,
  onSeek,
  actions,
}: {
  order: OrderDetail;
  currentVersionId: string | null;
  onSeek: (note: RevisionNote) => void;
  actions: NoteActions;
}) {
  const groups = order.versions
    .map((version) => ({ version, notes: order.notes.filter((note) => note.versionId === version.id) }))
    .filter((group) => group.notes.length > 0);
  const canWrite = order.actions.includes("write-notes");
  return (
    <section aria-labelledby="revision-notes" className="space-y-3" data-testid="revision-notes">
      <h3 id="revision-notes" className="font-display text-base font-semibold">
        {T.notesTitle}
      </h3>
      {groups.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="revision-notes-empty">
          {order.role === "buyer" && canWrite ? T.noNotesBuyer : T.noNotesSeller}
        </p>
      ) : (
        groups.map(({ version, notes }) => (
          <div key={version.id} className="space-y-1.5">
            <h4 className={cn("text-xs font-semibold tracking-wide text-muted-foreground uppercase", version.id === currentVersionId && "text-primary")}>{T.notesOn(version.number)}</h4>
            <ul aria-label={T.notesOn(version.number)} className="space-y-2">
              {notes.map((note, index) => (
                <NoteItem key={note.id} order={order} version={version} note={note} index={index} onSeek={onSeek} actions={actions} />
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}

function NoteItem({
  order,
  version,
  note,
  index,
  onSeek,
  actions,
}: {
  order: OrderDetail;
  version: OrderVersion;
  note: RevisionNote;
  index: number;
  onSeek: (note: RevisionNote) => void;
  actions: NoteActions;
}) {
  const [editing, setEditing] = useState(false);
  const status = noteStatus(note, order.versions);
  const can = (action: OrderDetail["actions"][number]) => order.actions.includes(action);
  const draftTools = order.role === "buyer" && note.state === "draft" && can("write-notes");
  const sellerTools = order.role === "seller" && note.state !== "draft" && can("resolve-notes");
  return (
    <li className="rounded-2xl border p-3" data-testid="revision-note" data-note-id={note.id} data-tone={status.tone}>
      <div className="flex items-start gap-2">
        <span aria-hidden className={cn("mt-1 flex size-5 shrink-0 items-center justify-center rounded-full text-[10px] font-bold tabular-nums", TONE_MARKER[status.tone])}>
          {index + 1}
        </span>
        <div className="min-w-0 flex-1 space-y-1">
          <p className="text-sm leading-snug">
            <button
              type="button"
              onClick={() => onSeek(note)}
              aria-label={T.playNote(version.number, note.atMs, note.endMs)}
              className="mr-1.5 rounded-full font-semibold tabular-nums text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              data-testid="note-seek"
            >
              {T.span(note.atMs, note.endMs)}
            </button>
            {editing ? null : <span className="break-words whitespace-pre-line">— {note.body}</span>}
          </p>
          <span className={cn("inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium", TONE_BADGE[status.tone])} data-testid="note-state">
            {status.label}
          </span>
        </div>
      </div>
      {editing ? <EditNote note={note} actions={actions} onDone={() => setEditing(false)} /> : null}
      {draftTools && !editing ? (
        <div className="mt-2 flex gap-2">
          <Button variant="ghost" onClick={() => setEditing(true)} aria-label={T.editLabel(note.atMs, note.endMs)} disabled={actions.busy}>
            <Pencil aria-hidden /> {T.edit}
          </Button>
          <Button
              variant="ghost"
            className="text-destructive"
            aria-label={T.deleteLabel(note.atMs, note.endMs)}
            disabled={actions.busy}
            onClick={() => void actions.run({ kind: "delete", noteId: note.id }).then((ok) => ok && notifySuccess(T.noteDeleted))}
          >
            <Trash2 aria-hidden /> {T.delete}
          </Button>
        </div>
      ) : null}
      {sellerTools ? <Resolution order={order} version={version} note={note} actions={actions} /> : null}
    </li>
  );
}

/** The seller's mark: "Resolved in v2" for each newer version not delivered yet, or Undo. */
function Resolution({ order, version, note, actions }: { order: OrderDetail; version: OrderVersion; note: RevisionNote; actions: NoteActions }) {
  const status = noteStatus(note, order.versions);
  if (status.tone === "pending") {
    return (
      <div className="mt-2">
        <Button
          variant="outline"
          disabled={actions.busy}
          aria-label={T.undoLabel(note.atMs, note.endMs, version.number)}
          onClick={() => void actions.run({ kind: "undo", noteId: note.id })}
          data-testid="undo-resolution"
        >
          <Undo2 aria-hidden /> {T.undo}
        </Button>
      </div>
    );
  }
  if (status.tone !== "open") return null;
  const candidates = order.versions.filter((v) => v.number > note.versionNumber && v.deliveredAt === null);
  if (candidates.length === 0) return <p className="mt-2 text-xs text-muted-foreground">{T.addVersionToResolve}</p>;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {candidates.map((candidate) => (
        <Button
          key={candidate.id}
          variant="outline"
          disabled={actions.busy}
          aria-label={T.markResolvedLabel(candidate.number, note.atMs, note.endMs, version.number)}
          onClick={() => void actions.run({ kind: "resolve", noteId: note.id, versionId: candidate.id })}
          data-testid="mark-resolved"
        >
          <Check aria-hidden /> {T.markResolved(candidate.number)}
        </Button>
      ))}
    </div>
  );
}

function EditNote({ note, actions, onDone }: { note: RevisionNote; actions: NoteActions; onDone: () => void }) {
  const [body, setBody] = useState(note.body);
  const [error, setError] = useState<string | undefined>();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createRevisionNoteBodySchema.safeParse({ atMs: note.atMs, endMs: note.endMs, body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (parsed.data.body === note.body) {
      onDone();
      return;
    }
    if (await actions.run({ kind: "edit", note, body: parsed.data.body })) onDone();
  };
  return (
    <form onSubmit={(event) => void save(event)} className="mt-2 space-y-2">
      <NoteBodyFields
        body={body}
        error={error}
        onBody={(next) => {
          setBody(next);
          setError(undefined);
        }}
        onCancel={onDone}
        submit={T.save}
        busy={actions.busy}
      />
    </form>
  );
}

/** Runs a note change and shows the server's refusal as it words it. */
export function noteRunner(mutateAsync: (change: NoteChange) => Promise<unknown>): NoteActions["run"] {
  return (change) =>
    mutateAsync(change).then(
      () => true,
      (error: unknown) => {
        notifyError(error instanceof Error && error.message ? error.message : T.noteFailed);
        return false;
      },
    );
}
