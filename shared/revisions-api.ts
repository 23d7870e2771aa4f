// Audio versions on a service delivery and the buyer's revision notes on their waveform (issue
// #31 items 2 and 3; decision record 0091 says how timestamps and versions are stored). Shared by
// the Worker and the SPA; texts come from shared/messages.ts (REVISION_TEXTS for the API's
// refusals, REVISION_SCREEN_TEXTS for the order page).
//
// A version is one audio file of a delivery with the seller's note: v1, v2, … numbered per order
// in the order they were added. A note is the buyer's, pinned to a moment (atMs) or a range
// (atMs..endMs) of one delivered version. Its life:
//   draft    written by the buyer while the order awaits acceptance (status delivered); only the
//            buyer sees it; the buyer may delete it.
//   open     a revision request (POST /api/orders/:orderId/request-revision) gathered it; from now
//            on both sides see it, it is part of the order history and cannot be deleted.
//   resolved the seller marked it resolved in a later version, and that version was delivered.
//            Until then the mark is the seller's own (the buyer still sees the note open).
//
// Routes (signed in; an order the caller is not a party to answers 404 'Order not found'):
//   POST   /api/orders/:orderId/versions          seller; service order, paid or in_progress; body
//                                                 CreateVersionBody → OrderVersion (201). The
//                                                 fileId is an audio file this order's seller
//                                                 attached (POST /api/orders/:orderId/files) and
//                                                 has not delivered yet; it becomes the next
//                                                 version, delivered with the next delivery.
//                                                 At most VERSIONS_MAX per order.
//   GET    /api/orders/:orderId/versions/:versionId/audio
//                                                 the version's audio for the order page's player
//                                                 (Range supported, Content-Disposition inline,
//                                                 private no-store). The seller: any of theirs; the
//                                                 buyer: delivered versions only, while downloads
//                                                 are allowed (not refunded, no open dispute).
//   POST   /api/orders/:orderId/versions/:versionId/notes
//                                                 buyer; order delivered; a delivered version;
//                                                 body CreateRevisionNoteBody → RevisionNote (201,
//                                                 state draft). atMs (and endMs) within the
//                                                 version's duration. At most NOTES_PER_REQUEST_MAX
//                                                 drafts at a time.
//   DELETE /api/orders/:orderId/notes/:noteId     buyer; a draft of theirs → 204.
//   POST   /api/orders/:orderId/notes/:noteId/resolution
//                                                 seller; order in_progress; an open note; body
//                                                 ResolveNoteBody (a version of this order newer
//                                                 than the note's, not yet delivered) → RevisionNote.
//   DELETE /api/orders/:orderId/notes/:noteId/resolution
//                                                 seller; undoes a mark whose version is not yet
//                                                 delivered → RevisionNote.
// The order page's data (GET /api/orders/:orderId, OrderDetail) carries `versions` and `notes`
// (the buyer sees delivered versions and their own notes; the seller every version and every
// note that is not a draft); a history entry of a revision request lists the notes it gathered,
// and a delivery's entry the versions it delivered. The buyer downloads a version as any
// delivered file: POST /api/orders/:orderId/download-link with the version's fileId.
import { z } from "zod";
import { REVISION_TEXTS } from "./messages";
import { idSchema } from "./schemas/common";
import { loudnessSchema, type Loudness } from "./schemas/loudness";
import { MAX_DURATION_MS } from "./schemas/post";

/** Versions one order can hold (v1 … v20): a service is a handful of rounds, not a stream. */
export const VERSIONS_MAX = 20;
/** A version's note, like an order step's note. */
export const VERSION_NOTE_MAX = 1000;
/** One revision note's words. */
export const REVISION_NOTE_MAX = 1000;
/** Drafts a buyer can gather into one revision request. */
export const NOTES_PER_REQUEST_MAX = 50;
/** Waveform peaks stored per version (as posts: shared/waveform.ts). */
export const VERSION_WAVEFORM_MAX_POINTS = 512;

export const createVersionBodySchema = z.object({
  fileId: idSchema,
  note: z.string().trim().max(VERSION_NOTE_MAX, REVISION_TEXTS.versionNoteTooLong).optional(),
  /** Measured by the seller's browser; the bounds of a post's. */
  durationMs: z.int().min(1).max(MAX_DURATION_MS),
  waveform: z.array(z.number().min(0).max(1)).max(VERSION_WAVEFORM_MAX_POINTS).nullish(),
  loudness: loudnessSchema.nullish(),
});
export type CreateVersionBody = z.input<typeof createVersionBodySchema>;

export const createRevisionNoteBodySchema = z
  .object({
    atMs: z.int(REVISION_TEXTS.notWhole).min(0, REVISION_TEXTS.outOfTrack),
    /** The end of a range; absent for a single moment. */
    endMs: z.int(REVISION_TEXTS.notWhole).min(0, REVISION_TEXTS.outOfTrack).nullish(),
    body: z
      .string()
      .trim()
      .min(1, REVISION_TEXTS.noteRequired)
      .max(REVISION_NOTE_MAX, REVISION_TEXTS.noteTooLong),
  })
  .refine((v) => v.endMs == null || v.endMs > v.atMs, { message: REVISION_TEXTS.rangeBackwards, path: ["endMs"] });
export type CreateRevisionNoteBody = z.input<typeof createRevisionNoteBodySchema>;

export const resolveNoteBodySchema = z.object({ versionId: idSchema });
export type ResolveNoteBody = z.input<typeof resolveNoteBodySchema>;

export interface OrderVersion {
  id: string;
  /** 1, 2, …: shown as "v1". */
  number: number;
  /** The delivery file it is (download with POST /api/orders/:orderId/download-link { fileId }). */
  fileId: string;
  fileName: string;
  size: number;
  contentType: string;
  note: string | null;
  durationMs: number;
  /** Peaks, one byte each in base64 (shared/waveform.ts), or null. */
  waveform: string | null;
  loudness: Loudness | null;
  /** `/api/orders/{orderId}/versions/{id}/audio`. */
  audioUrl: string;
  createdAt: number;
  /** Null until the delivery it belongs to is sent; the buyer sees delivered versions only. */
  deliveredAt: number | null;
}

export const REVISION_NOTE_STATES = ["draft", "open", "resolved"] as const;
export type RevisionNoteState = (typeof REVISION_NOTE_STATES)[number];

export interface RevisionNote {
  id: string;
  versionId: string;
  versionNumber: number;
  atMs: number;
  endMs: number | null;
  body: string;
  /** As the caller may see it: for the buyer a resolution counts once its version is delivered. */
  state: RevisionNoteState;
  createdAt: number;
  /** When a revision request gathered it; null for a draft. */
  requestedAt: number | null;
  /** The later version the seller resolved it in (for the buyer: once delivered), else null. */
  resolvedInVersionId: string | null;
  resolvedInVersionNumber: number | null;
  resolvedAt: number | null;
}

/** A revision note as an order history entry lists it. */
export interface RevisionNoteRef {
  id: string;
  versionNumber: number;
  atMs: number;
  endMs: number | null;
  body: string;
  state: RevisionNoteState;
}
