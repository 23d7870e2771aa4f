// How a revision note reads on the order page, in one place for the markers, the list and the
// history: draft, open, resolved in a delivered version, or (the seller's own view) marked
// resolved in a version not delivered yet.
import type { OrderVersion, RevisionNote, RevisionNoteState } from "@shared/revisions-api";
import { REVISION_SCREEN_TEXTS as T } from "@shared/messages";

export type NoteTone = "draft" | "open" | "pending" | "resolved";

export interface NoteStatus {
  tone: NoteTone;
  label: string;
  /** The version the note is marked resolved in, when it is. */
  resolvedIn: OrderVersion | null;
}

export function noteStatus(note: Pick<RevisionNote, "state" | "resolvedInVersionId" | "resolvedInVersionNumber">, versions: readonly OrderVersion[]): NoteStatus {
  if (note.state === "draft") return { tone: "draft", label: T.states.draft, resolvedIn: null };
  const number = note.resolvedInVersionNumber;
  if (note.resolvedInVersionId && number != null) {
    const version = versions.find((v) => v.id === note.resolvedInVersionId) ?? null;
    // Only the seller sees a mark whose version is not delivered yet: to the buyer it is open.
    if (version && version.deliveredAt === null) return { tone: "pending", label: T.resolvedInPending(number), resolvedIn: version };
    return { tone: "resolved", label: T.resolvedIn(number), resolvedIn: version };
  }
  if (note.state === "resolved") return { tone: "resolved", label: T.states.resolved, resolvedIn: null };
  return { tone: "open", label: T.states.open, resolvedIn: null };
}

/** A history entry's note carries its state only; the order's notes say which version resolved it. */
export function refStatus(ref: { id: string; state: RevisionNoteState }, notes: readonly RevisionNote[], versions: readonly OrderVersion[]): NoteStatus {
  const full = notes.find((n) => n.id === ref.id);
  return noteStatus(full ? { ...full, state: ref.state } : { state: ref.state, resolvedInVersionId: null, resolvedInVersionNumber: null }, versions);
}

/** Tailwind classes of each tone: a marker's fill and a badge's colours. */
export const TONE_MARKER: Record<NoteTone, string> = {
  draft: "bg-background text-foreground border-2 border-dashed border-muted-foreground",
  open: "bg-amber-500 text-white",
  pending: "bg-sky-600 text-white",
  resolved: "bg-success text-white",
};

export const TONE_BAND: Record<NoteTone, string> = {
  draft: "bg-muted-foreground/15",
  open: "bg-amber-500/20",
  pending: "bg-sky-600/20",
  resolved: "bg-success/20",
};

export const TONE_BADGE: Record<NoteTone, string> = {
  draft: "border border-dashed border-muted-foreground text-muted-foreground",
  open: "bg-amber-500/15 text-amber-800 dark:text-amber-300",
  pending: "bg-sky-600/15 text-sky-800 dark:text-sky-300",
  // Green text on a green tint fails AA at this size (4.1:1); a darker green passes on it.
  resolved: "bg-success/15 text-green-800 dark:text-green-300",
};
