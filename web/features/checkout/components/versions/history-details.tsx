// What an order history entry adds for versions and notes (issue #31 items 2 and 3): a
// delivery's entry names the versions it delivered, a revision request's entry lists the notes it
// gathered, each in its state now ("Resolved in v2" once the seller's version is delivered).
import type { OrderDetail, OrderHistoryEntry } from "@shared/checkout-api";
import { REVISION_SCREEN_TEXTS as T } from "@shared/messages";
import { cn } from "@web/lib/cn";
import { refStatus, TONE_BADGE } from "./note-status";

export function HistoryRevisionDetails({ entry, order }: { entry: OrderHistoryEntry; order: OrderDetail }) {
  const versions = entry.versionNumbers ?? [];
  const notes = entry.notes ?? [];
  if (versions.length === 0 && notes.length === 0) return null;
  return (
    <div className="mt-1 space-y-1 text-sm">
      {versions.length > 0 ? (
        <p className="text-muted-foreground" data-testid="history-versions">
          {T.historyDelivered(versions)}
        </p>
      ) : null}
      {notes.length > 0 ? (
        <>
          <p className="text-muted-foreground">{T.historyNotes(notes.length)}</p>
          <ul className="space-y-1" data-testid="history-notes">
            {notes.map((note) => {
              const status = refStatus(note, order.notes, order.versions);
              return (
                <li key={note.id} className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
                  <span className="min-w-0 break-words">{T.historyNote(note.versionNumber, note.atMs, note.endMs, note.body)}</span>
                  <span className={cn("rounded-full px-2 py-0.5 text-xs font-medium", TONE_BADGE[status.tone])}>{status.label}</span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
