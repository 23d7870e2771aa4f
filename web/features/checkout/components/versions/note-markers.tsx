// Revision notes drawn on the player's waveform (issue #31 item 3): a numbered pin under the
// waveform at a note's moment, and for a range a band over the waveform with a bar under it from
// start to end. Tapping one plays from its start. Like the pinned comments of audio posts, the
// strip is for eyes and fingers (aria-hidden, out of the tab order): the notes list below the
// player is the same notes for the keyboard and screen readers, numbered alike.
import type { OrderVersion, RevisionNote } from "@shared/revisions-api";
import { cn } from "@web/lib/cn";
import { noteStatus, TONE_BAND, TONE_MARKER } from "./note-status";

const percent = (ms: number, durationMs: number) => Math.min(Math.max(ms / durationMs, 0), 1) * 100;

export function NoteMarkers({
  notes,
  versions,
  durationMs,
  onSeek,
}: {
  /** The notes of the version in the player, by moment. */
  notes: readonly RevisionNote[];
  versions: readonly OrderVersion[];
  durationMs: number;
  onSeek: (note: RevisionNote) => void;
}) {
  if (notes.length === 0 || durationMs <= 0) return null;
  return (
    <>
      {/* Bands over the waveform itself; they let taps through to it. */}
      {notes.map((note) =>
        note.endMs == null ? null : (
          <span
            key={`band-${note.id}`}
            aria-hidden
            className={cn("pointer-events-none absolute top-0 h-14 rounded-sm", TONE_BAND[noteStatus(note, versions).tone])}
            style={{ left: `${percent(note.atMs, durationMs)}%`, width: `${percent(note.endMs, durationMs) - percent(note.atMs, durationMs)}%` }}
            data-testid="note-band"
            data-note-id={note.id}
          />
        ),
      )}
      <div className="relative mt-1 h-6" aria-hidden data-testid="note-markers">
        {notes.map((note, index) => {
          const status = noteStatus(note, versions);
          const left = percent(note.atMs, durationMs);
          return (
            <span key={note.id}>
              {note.endMs == null ? null : (
                <span
                  className={cn("absolute top-2.5 h-1 rounded-full opacity-70", TONE_MARKER[status.tone])}
                  style={{ left: `${left}%`, width: `${percent(note.endMs, durationMs) - left}%` }}
                />
              )}
              <button
                type="button"
                tabIndex={-1}
                onClick={() => onSeek(note)}
                className={cn(
                  "absolute top-0 flex size-6 -translate-x-1/2 items-center justify-center rounded-full text-[10px] font-bold tabular-nums shadow-sm ring-2 ring-background transition hover:z-10 hover:scale-125",
                  TONE_MARKER[status.tone],
                )}
                style={{ left: `${left}%` }}
                data-testid="note-marker"
                data-at-ms={note.atMs}
                data-end-ms={note.endMs ?? undefined}
                data-tone={status.tone}
              >
                {index + 1}
              </button>
            </span>
          );
        })}
      </div>
    </>
  );
}
