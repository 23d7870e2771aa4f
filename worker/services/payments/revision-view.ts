// What each side of an order sees of its audio versions and revision notes (decision record 0091):
// the buyer delivered versions only, and their own notes with a resolution counted once its
// version is delivered; the seller every version and every note but the buyer's drafts, with
// their own marks. Pure functions over rows, shared by the order page, the writes' answers and
// the data export.
import type { OrderHistoryEntry, OrderRole } from "@shared/checkout-api";
import type { OrderVersion, RevisionNote, RevisionNoteRef, RevisionNoteState } from "@shared/revisions-api";
import { encodeWaveform } from "@shared/waveform";
import type { OrderFileRow } from "../../db/queries/orders";
import { readLoudness } from "../../db/queries/loudness";
import type { NoteRow, VersionRow } from "../../db/queries/revisions";

function versionAudioUrl(orderId: string, versionId: string): string {
  return `/api/orders/${orderId}/versions/${versionId}/audio`;
}

/** Whether this side sees the version at all. */
export function versionVisible(role: OrderRole, version: Pick<VersionRow, "deliveredAt">): boolean {
  return role === "seller" || version.deliveredAt !== null;
}

export function toVersion(version: VersionRow, file: Pick<OrderFileRow, "name" | "size"> | undefined): OrderVersion {
  return {
    id: version.id,
    number: version.number,
    fileId: version.fileId,
    fileName: file?.name ?? "",
    size: file?.size ?? 0,
    contentType: version.contentType,
    note: version.note,
    durationMs: version.durationMs,
    waveform: version.waveform ? encodeWaveform(version.waveform) : null,
    loudness: readLoudness(version),
    audioUrl: versionAudioUrl(version.orderId, version.id),
    createdAt: version.createdAt,
    deliveredAt: version.deliveredAt,
  };
}

/**
 * A note's state as this side may see it, with the version it counts as resolved in; null when
 * this side does not see the note at all (the seller and a draft).
 */
function stateFor(role: OrderRole, note: NoteRow, versions: ReadonlyMap<string, VersionRow>): { state: RevisionNoteState; resolvedIn: VersionRow | null } | null {
  if (note.requestedAt === null) return role === "buyer" ? { state: "draft", resolvedIn: null } : null;
  const resolvedIn = note.resolvedInVersionId ? (versions.get(note.resolvedInVersionId) ?? null) : null;
  // The seller's mark is theirs until the version it names reaches the buyer.
  if (resolvedIn && versionVisible(role, resolvedIn)) return { state: "resolved", resolvedIn };
  return { state: "open", resolvedIn: null };
}

/** The note as this side sees it, or null when it does not see it. */
export function toNote(role: OrderRole, note: NoteRow, versions: ReadonlyMap<string, VersionRow>): RevisionNote | null {
  const seen = stateFor(role, note, versions);
  if (!seen) return null;
  return {
    id: note.id,
    versionId: note.versionId,
    versionNumber: versions.get(note.versionId)?.number ?? 0,
    atMs: note.atMs,
    endMs: note.endMs,
    body: note.body,
    state: seen.state,
    createdAt: note.createdAt,
    requestedAt: note.requestedAt,
    resolvedInVersionId: seen.resolvedIn?.id ?? null,
    resolvedInVersionNumber: seen.resolvedIn?.number ?? null,
    resolvedAt: seen.resolvedIn ? note.resolvedAt : null,
  };
}

function toRef(note: RevisionNote): RevisionNoteRef {
  return { id: note.id, versionNumber: note.versionNumber, atMs: note.atMs, endMs: note.endMs, body: note.body, state: note.state };
}

export interface RevisionView {
  /** Oldest first. */
  versions: OrderVersion[];
  /** By version number, then moment. */
  notes: RevisionNote[];
  /** What a history entry adds: the notes its revision request gathered, the versions its delivery sent. */
  historyExtras(historyId: string): Pick<OrderHistoryEntry, "notes" | "versionNumbers">;
}

/** An order's versions and notes as one side sees them. */
export function revisionView(role: OrderRole, input: { versions: readonly VersionRow[]; notes: readonly NoteRow[]; files: readonly OrderFileRow[] }): RevisionView {
  const byId = new Map(input.versions.map((v) => [v.id, v]));
  const files = new Map(input.files.map((f) => [f.id, f]));
  const versions = [...input.versions].sort((a, b) => a.number - b.number).filter((v) => versionVisible(role, v));
  const seen = input.notes
    .map((row) => ({ row, note: toNote(role, row, byId) }))
    .filter((entry): entry is { row: NoteRow; note: RevisionNote } => entry.note !== null)
    .sort((a, b) => a.note.versionNumber - b.note.versionNumber || a.note.atMs - b.note.atMs || (a.note.id < b.note.id ? -1 : 1));
  return {
    versions: versions.map((v) => toVersion(v, files.get(v.fileId))),
    notes: seen.map((entry) => entry.note),
    historyExtras(historyId) {
      const gathered = seen.filter((entry) => entry.row.requestHistoryId === historyId).map((entry) => toRef(entry.note));
      const delivered = versions.filter((v) => v.deliveryHistoryId === historyId).map((v) => v.number);
      return { ...(gathered.length > 0 ? { notes: gathered } : {}), ...(delivered.length > 0 ? { versionNumbers: delivered } : {}) };
    },
  };
}

/** An open note the seller can still mark: sent with a request and not marked yet. */
export function awaitsResolution(note: Pick<NoteRow, "requestedAt" | "resolvedInVersionId">): boolean {
  return note.requestedAt !== null && note.resolvedInVersionId === null;
}
