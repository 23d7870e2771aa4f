// Audio versions of a delivery and revision notes (issue #31 items 2 and 3, decision record 0091).
// Every write is one guarded statement that re-checks, inside SQLite, the state the service
// checked a moment before (the order's status, the file, the version, the count), so two requests
// racing cannot number two versions alike, add a note to an order that just moved on, or mark a
// note in a version that was delivered meanwhile: the loser's statement changes no row.
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { VERSIONS_MAX, NOTES_PER_REQUEST_MAX } from "@shared/revisions-api";
import type { Db } from "../client";
import { orderVersions, revisionNotes } from "../schema";
import { storedLoudness } from "./loudness";
import type { Loudness } from "@shared/schemas/loudness";

export type VersionRow = typeof orderVersions.$inferSelect;
export type NoteRow = typeof revisionNotes.$inferSelect;

// ---------------------------------------------------------------------------------------------
// Versions

export async function getVersion(db: Db, orderId: string, versionId: string): Promise<VersionRow | null> {
  const [row] = await db
    .select()
    .from(orderVersions)
    .where(and(eq(orderVersions.id, versionId), eq(orderVersions.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

/** The version a file became, if any (a file is at most one version). */
export async function versionOfFile(db: Db, fileId: string): Promise<Pick<VersionRow, "id"> | null> {
  const [row] = await db.select({ id: orderVersions.id }).from(orderVersions).where(eq(orderVersions.fileId, fileId)).limit(1);
  return row ?? null;
}

/** An order's versions, v1 first (order_versions_order_number_unique). */
export function versionsOf(db: Db, orderId: string) {
  return db.select().from(orderVersions).where(eq(orderVersions.orderId, orderId)).orderBy(asc(orderVersions.number));
}

export interface NewVersion {
  id: string;
  orderId: string;
  sellerId: string;
  fileId: string;
  note: string | null;
  durationMs: number;
  waveform: number[] | null;
  loudness: Loudness | null;
  contentType: string;
  now: number;
}

/**
 * The next version of a service order, numbered after the order's last one, only while the order
 * is the seller's, paid or in progress, the file is this order's and not yet delivered nor a
 * version, and the order holds fewer than VERSIONS_MAX. False when any of that no longer held.
 */
export async function insertVersion(db: Db, v: NewVersion): Promise<boolean> {
  const { integratedLufsX10, truePeakDbtpX10 } = storedLoudness(v.loudness);
  const result = await db.run(sql`
    insert into order_versions (id, order_id, file_id, number, note, duration_ms, waveform, integrated_lufs_x10, true_peak_dbtp_x10, content_type, created_at)
    select ${v.id}, ${v.orderId}, ${v.fileId},
      coalesce((select max(number) from order_versions where order_id = ${v.orderId}), 0) + 1,
      ${v.note}, ${v.durationMs}, ${v.waveform ? JSON.stringify(v.waveform) : null}, ${integratedLufsX10}, ${truePeakDbtpX10}, ${v.contentType}, ${v.now}
    where exists (select 1 from orders where id = ${v.orderId} and seller_id = ${v.sellerId} and item_type = 'service' and status in ('paid', 'in_progress'))
      and exists (select 1 from order_files where id = ${v.fileId} and order_id = ${v.orderId} and delivered_at is null)
      and not exists (select 1 from order_versions where file_id = ${v.fileId})
      and (select count(*) from order_versions where order_id = ${v.orderId}) < ${VERSIONS_MAX}`);
  return (result.meta.changes ?? 0) > 0;
}

// ---------------------------------------------------------------------------------------------
// Notes

/** An order's notes (revision_notes_order_requested_idx finds them); the service sorts them by version number. */
export function notesOf(db: Db, orderId: string) {
  return db.select().from(revisionNotes).where(eq(revisionNotes.orderId, orderId)).orderBy(asc(revisionNotes.atMs), asc(revisionNotes.id));
}

export async function getNote(db: Db, orderId: string, noteId: string): Promise<NoteRow | null> {
  const [row] = await db
    .select()
    .from(revisionNotes)
    .where(and(eq(revisionNotes.id, noteId), eq(revisionNotes.orderId, orderId)))
    .limit(1);
  return row ?? null;
}

/** The buyer's drafts on an order: what the next revision request gathers. */
export async function draftCount(db: Db, orderId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(revisionNotes)
    .where(and(eq(revisionNotes.orderId, orderId), isNull(revisionNotes.requestedAt)));
  return row?.n ?? 0;
}

export interface NewNote {
  id: string;
  orderId: string;
  versionId: string;
  authorId: string;
  atMs: number;
  endMs: number | null;
  body: string;
  now: number;
}

/**
 * A draft on a delivered version, only while its order awaits the buyer's acceptance (delivered),
 * the author is the order's buyer, and fewer than NOTES_PER_REQUEST_MAX drafts wait. False otherwise.
 */
export async function insertDraft(db: Db, n: NewNote): Promise<boolean> {
  const result = await db.run(sql`
    insert into revision_notes (id, order_id, version_id, author_id, at_ms, end_ms, body, created_at)
    select ${n.id}, ${n.orderId}, ${n.versionId}, ${n.authorId}, ${n.atMs}, ${n.endMs}, ${n.body}, ${n.now}
    where exists (select 1 from orders where id = ${n.orderId} and buyer_id = ${n.authorId} and status = 'delivered')
      and exists (select 1 from order_versions where id = ${n.versionId} and order_id = ${n.orderId} and delivered_at is not null)
      and (select count(*) from revision_notes where order_id = ${n.orderId} and requested_at is null) < ${NOTES_PER_REQUEST_MAX}`);
  return (result.meta.changes ?? 0) > 0;
}

/** Deletes a draft of the author's; false when it is not one (any more). */
export async function deleteDraft(db: Db, input: { orderId: string; noteId: string; authorId: string }): Promise<boolean> {
  const gone = await db
    .delete(revisionNotes)
    .where(
      and(eq(revisionNotes.id, input.noteId), eq(revisionNotes.orderId, input.orderId), eq(revisionNotes.authorId, input.authorId), isNull(revisionNotes.requestedAt)),
    )
    .returning({ id: revisionNotes.id });
  return gone.length > 0;
}

/**
 * A revision request gathers the order's drafts: from now on they are open, both sides see them,
 * and the request's history entry lists them. Answers how many it gathered.
 */
export async function gatherDrafts(db: Db, input: { orderId: string; historyId: string; now: number }): Promise<number> {
  const gathered = await db
    .update(revisionNotes)
    .set({ requestedAt: input.now, requestHistoryId: input.historyId })
    .where(and(eq(revisionNotes.orderId, input.orderId), isNull(revisionNotes.requestedAt)))
    .returning({ id: revisionNotes.id });
  return gathered.length;
}

/**
 * The seller's mark: an open, unmarked note resolved in `versionId`, only while the order is in
 * progress and that version is this order's, newer than the note's own, and not yet delivered.
 */
export async function markResolved(db: Db, input: { orderId: string; noteId: string; versionId: string; now: number }): Promise<boolean> {
  const result = await db.run(sql`
    update revision_notes set resolved_in_version_id = ${input.versionId}, resolved_at = ${input.now}
    where id = ${input.noteId} and order_id = ${input.orderId}
      and requested_at is not null and resolved_in_version_id is null
      and exists (select 1 from orders where id = ${input.orderId} and status = 'in_progress')
      and exists (
        select 1 from order_versions target
        where target.id = ${input.versionId} and target.order_id = ${input.orderId} and target.delivered_at is null
          and target.number > (select own.number from order_versions own where own.id = revision_notes.version_id)
      )`);
  return (result.meta.changes ?? 0) > 0;
}

/** Undoes a mark whose version is not yet delivered, while the order is in progress. */
export async function clearResolution(db: Db, input: { orderId: string; noteId: string }): Promise<boolean> {
  const result = await db.run(sql`
    update revision_notes set resolved_in_version_id = null, resolved_at = null
    where id = ${input.noteId} and order_id = ${input.orderId} and resolved_in_version_id is not null
      and exists (select 1 from orders where id = ${input.orderId} and status = 'in_progress')
      and exists (select 1 from order_versions target where target.id = revision_notes.resolved_in_version_id and target.delivered_at is null)`);
  return (result.meta.changes ?? 0) > 0;
}
