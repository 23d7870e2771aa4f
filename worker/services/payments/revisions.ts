// Audio versions of a service delivery and the buyer's revision notes (issue #31 items 2 and 3,
// decision record 0091; the routes are shared/revisions-api.ts). The route has already found the
// order and the caller's side (requireOrderParty: anyone else is told the order does not exist);
// each write here checks the side, the order's state and the rows it names, refuses in our
// words, then spends the writer's `revision_write` budget and writes through a guarded statement
// that re-checks the same state in SQLite, so a refusal never counts and a race never slips by.
import { CHECKOUT_TEXTS, REVISION_TEXTS } from "@shared/messages";
import type { OrderVersion, RevisionNote } from "@shared/revisions-api";
import { NOTES_PER_REQUEST_MAX, VERSIONS_MAX } from "@shared/revisions-api";
import { bytesMatchMime, sniffMime } from "@shared/rules/sniff-mime";
import { normalizeMime } from "@shared/rules/upload";
import type { Loudness } from "@shared/schemas/loudness";
import { newId } from "../../db/ids";
import { getOrderFile, type OrderFileRow, type OrderRow } from "../../db/queries/orders";
import {
  clearResolution,
  deleteDraft,
  draftCount,
  getNote,
  getVersion,
  insertDraft,
  insertVersion,
  markResolved,
  versionOfFile,
  versionsOf,
  type NoteRow,
} from "../../db/queries/revisions";
import type { OrderRole } from "@shared/checkout-api";
import type { Ctx } from "../../env";
import { ApiError } from "../../lib/errors";
import { limitUser } from "../rate-limit";
import { firstBytes } from "./downloads";
import { canAttachFiles, canDownload } from "./orders";
import { toNote, toVersion, versionVisible } from "./revision-view";

type WriteContext = Pick<Ctx, "env" | "db" | "now" | "ip" | "userAgent">;

interface Party {
  order: OrderRow;
  role: OrderRole;
  userId: string;
}

const notAllowed = () => new ApiError("forbidden", CHECKOUT_TEXTS.stepNotAllowed);
const notNow = () => new ApiError("conflict", CHECKOUT_TEXTS.stepNotAllowed);
const versionNotFound = () => new ApiError("not_found", REVISION_TEXTS.versionNotFound);
const noteNotFound = () => new ApiError("not_found", REVISION_TEXTS.noteNotFound);

// ---------------------------------------------------------------------------------------------
// Versions

/**
 * The audio type a delivery file is played as, or null when it is not audio: the type the seller
 * declared when its first bytes agree with it (an .m4a's MP4 box, audio-only WebM), else the type
 * the bytes themselves show. What the upload claimed alone never decides it.
 */
async function audioTypeOf(bucket: R2Bucket, file: OrderFileRow): Promise<string | null> {
  const bytes = await firstBytes(bucket, file.key);
  if (!bytes) return null;
  const declared = normalizeMime(file.contentType);
  if (declared.startsWith("audio/") && bytesMatchMime(bytes, declared)) return declared;
  const sniffed = sniffMime(bytes);
  return sniffed?.startsWith("audio/") ? sniffed : null;
}

export interface VersionInput {
  fileId: string;
  note?: string | undefined;
  durationMs: number;
  waveform?: number[] | null | undefined;
  loudness?: Loudness | null | undefined;
}

/** The seller turns an attached, undelivered audio file into the order's next version. */
export async function addVersion(ctx: WriteContext, party: Party, body: VersionInput): Promise<OrderVersion> {
  const { order, role, userId } = party;
  if (role !== "seller") throw notAllowed();
  if (!canAttachFiles(order)) throw notNow();
  const file = await getOrderFile(ctx.db, order.id, body.fileId);
  // Another order's file, a missing one and a delivered one answer alike.
  if (!file || file.deliveredAt !== null) throw new ApiError("validation_failed", REVISION_TEXTS.versionFileInvalid);
  if (await versionOfFile(ctx.db, file.id)) throw new ApiError("conflict", REVISION_TEXTS.versionFileUsed);
  if ((await versionsOf(ctx.db, order.id)).length >= VERSIONS_MAX) throw new ApiError("conflict", REVISION_TEXTS.tooManyVersions);
  const contentType = await audioTypeOf(ctx.env.PRIVATE_FILES, file);
  if (!contentType) throw new ApiError("validation_failed", REVISION_TEXTS.versionFileInvalid);
  await limitUser(ctx, "revision_write", userId);
  const id = newId();
  const added = await insertVersion(ctx.db, {
    id,
    orderId: order.id,
    sellerId: userId,
    fileId: file.id,
    note: body.note || null,
    durationMs: body.durationMs,
    waveform: body.waveform ?? null,
    loudness: body.loudness ?? null,
    contentType,
    now: ctx.now,
  });
  // The order moved on, the file went out, or another request took the file or the last number.
  if (!added) throw notNow();
  const version = await getVersion(ctx.db, order.id, id);
  if (!version) throw new Error("version vanished after insert");
  return toVersion(version, file);
}

/** A version's audio, for the side that may hear it: the seller any of theirs, the buyer a delivered one while downloads are allowed. */
export async function versionAudio(ctx: Pick<Ctx, "db">, party: Omit<Party, "userId">, versionId: string) {
  const version = await getVersion(ctx.db, party.order.id, versionId);
  if (!version || !versionVisible(party.role, version)) throw versionNotFound();
  // A refund or an open card dispute ends the buyer's access, as it ends their downloads.
  if (party.role === "buyer" && !canDownload(party.order)) throw new ApiError("not_found", CHECKOUT_TEXTS.downloadNotAllowed);
  const file = await getOrderFile(ctx.db, party.order.id, version.fileId);
  if (!file) throw versionNotFound();
  return { key: file.key, name: file.name, contentType: version.contentType };
}

// ---------------------------------------------------------------------------------------------
// Notes

/** A note as its writer's answer: the rows it names read again, seen from `role`. */
async function noteAnswer(ctx: Pick<Ctx, "db">, role: OrderRole, orderId: string, noteId: string): Promise<RevisionNote> {
  const [note, versions] = await Promise.all([getNote(ctx.db, orderId, noteId), versionsOf(ctx.db, orderId)]);
  if (!note) throw noteNotFound();
  const seen = toNote(role, note, new Map(versions.map((v) => [v.id, v])));
  if (!seen) throw noteNotFound();
  return seen;
}

export interface NoteInput {
  atMs: number;
  endMs?: number | null | undefined;
  body: string;
}

/**
 * The buyer's draft on a moment or a range of a delivered version, while the delivery awaits their
 * acceptance. The moment is bounded by the version's own stored duration, never by the body.
 */
export async function writeNote(ctx: WriteContext, party: Party, versionId: string, body: NoteInput): Promise<RevisionNote> {
  const { order, role, userId } = party;
  if (role !== "buyer") throw notAllowed();
  if (order.status !== "delivered") throw new ApiError("conflict", REVISION_TEXTS.notesClosed);
  const version = await getVersion(ctx.db, order.id, versionId);
  if (!version || !versionVisible(role, version)) throw versionNotFound();
  const endMs = body.endMs ?? null;
  // A moment is one the track holds (0 ≤ at < duration); a range ends at the track's end at most.
  if (body.atMs >= version.durationMs || (endMs !== null && endMs > version.durationMs)) throw new ApiError("validation_failed", REVISION_TEXTS.outOfTrack);
  if ((await draftCount(ctx.db, order.id)) >= NOTES_PER_REQUEST_MAX) throw new ApiError("conflict", REVISION_TEXTS.tooManyNotes);
  await limitUser(ctx, "revision_write", userId);
  const id = newId();
  const added = await insertDraft(ctx.db, { id, orderId: order.id, versionId, authorId: userId, atMs: body.atMs, endMs, body: body.body, now: ctx.now });
  if (!added) throw new ApiError("conflict", REVISION_TEXTS.notesClosed);
  return noteAnswer(ctx, role, order.id, id);
}

/** The note as the caller may see it, or 404 when they may not (the seller and a draft). */
async function visibleNote(ctx: Pick<Ctx, "db">, party: Omit<Party, "userId">, noteId: string): Promise<NoteRow> {
  const note = await getNote(ctx.db, party.order.id, noteId);
  if (!note || (party.role === "seller" && note.requestedAt === null)) throw noteNotFound();
  return note;
}

/** The buyer deletes a draft; a note a revision request sent is part of the order's history. */
export async function deleteNote(ctx: WriteContext, party: Party, noteId: string): Promise<void> {
  const note = await visibleNote(ctx, party, noteId);
  if (party.role !== "buyer") throw notAllowed();
  if (note.requestedAt !== null) throw new ApiError("conflict", REVISION_TEXTS.noteNotDraft);
  await limitUser(ctx, "revision_write", party.userId);
  if (!(await deleteDraft(ctx.db, { orderId: party.order.id, noteId, authorId: party.userId }))) throw new ApiError("conflict", REVISION_TEXTS.noteNotDraft);
}

/** The seller marks an open note resolved in a newer version that has not gone out yet. */
export async function resolveNote(ctx: WriteContext, party: Party, noteId: string, versionId: string): Promise<RevisionNote> {
  const note = await visibleNote(ctx, party, noteId);
  if (party.role !== "seller") throw notAllowed();
  if (party.order.status !== "in_progress") throw notNow();
  // Marking it again in the same version is the same mark (a second click).
  if (note.resolvedInVersionId === versionId) return noteAnswer(ctx, party.role, party.order.id, noteId);
  if (note.resolvedInVersionId !== null) throw new ApiError("conflict", REVISION_TEXTS.noteNotOpen);
  const [own, target] = await Promise.all([getVersion(ctx.db, party.order.id, note.versionId), getVersion(ctx.db, party.order.id, versionId)]);
  if (!own || !target || target.number <= own.number || target.deliveredAt !== null) throw new ApiError("validation_failed", REVISION_TEXTS.resolveVersionInvalid);
  await limitUser(ctx, "revision_write", party.userId);
  if (!(await markResolved(ctx.db, { orderId: party.order.id, noteId, versionId, now: ctx.now }))) throw notNow();
  return noteAnswer(ctx, party.role, party.order.id, noteId);
}

/** The seller takes a mark back while its version has not gone out. */
export async function undoResolution(ctx: WriteContext, party: Party, noteId: string): Promise<RevisionNote> {
  const note = await visibleNote(ctx, party, noteId);
  if (party.role !== "seller") throw notAllowed();
  if (party.order.status !== "in_progress") throw notNow();
  // Nothing to take back: the note is open already.
  if (note.resolvedInVersionId === null) return noteAnswer(ctx, party.role, party.order.id, noteId);
  const target = await getVersion(ctx.db, party.order.id, note.resolvedInVersionId);
  if (target?.deliveredAt != null) throw new ApiError("conflict", REVISION_TEXTS.resolutionDelivered);
  await limitUser(ctx, "revision_write", party.userId);
  if (!(await clearResolution(ctx.db, { orderId: party.order.id, noteId }))) throw notNow();
  return noteAnswer(ctx, party.role, party.order.id, noteId);
}
