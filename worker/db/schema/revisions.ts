// Audio versions of a service delivery and the buyer's revision notes on them (issue #31 items 2
// and 3, decision record 0091; the API is shared/revisions-api.ts). Moments are whole
// milliseconds, as comments' at_ms (decision record 0089); loudness is stored in integer tenths.
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, timestampMs } from "./columns";
import { orderFiles, orderHistory, orders } from "./marketplace";
import { users } from "./users";

/**
 * One audio file of a delivery as a numbered version (v1, v2, … per order). The file stays an
 * order file (it is downloaded like any other); this row adds what the player and the notes need.
 * Nothing deletes a version: it goes only with its order.
 */
export const orderVersions = sqliteTable(
  "order_versions",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fileId: text("file_id")
      .notNull()
      .references(() => orderFiles.id, { onDelete: "cascade" }),
    /** 1, 2, …: the order the seller added them in. */
    number: integer("number", { mode: "number" }).notNull(),
    note: text("note"),
    /** Measured by the seller's browser; bounds every note on this version (decision record 0091). */
    durationMs: integer("duration_ms", { mode: "number" }).notNull(),
    /** Peaks for the player, 0..1 (as posts.waveform). */
    waveform: text("waveform", { mode: "json" }).$type<number[]>(),
    /** Integrated loudness (LUFS) and true peak (dBTP) in tenths, both or neither (decision record 0091). */
    integratedLufsX10: integer("integrated_lufs_x10", { mode: "number" }),
    truePeakDbtpX10: integer("true_peak_dbtp_x10", { mode: "number" }),
    /** The audio type its first bytes showed when it became a version: what the player is sent. */
    contentType: text("content_type").notNull(),
    createdAt: createdAt(),
    /** Set by the delivery that sent its file; the buyer sees delivered versions only. */
    deliveredAt: timestampMs("delivered_at"),
    /** That delivery's order_history row: the history entry lists the versions it delivered. */
    deliveryHistoryId: text("delivery_history_id").references(() => orderHistory.id, { onDelete: "set null" }),
  },
  (t) => [
    // An order's versions in number order (the order page), and the next number.
    uniqueIndex("order_versions_order_number_unique").on(t.orderId, t.number),
    // A file is at most one version.
    uniqueIndex("order_versions_file_unique").on(t.fileId),
    check("order_versions_number_positive", sql`${t.number} >= 1`),
    check("order_versions_duration_positive", sql`${t.durationMs} > 0`),
    check(
      "order_versions_loudness_check",
      sql`(${t.integratedLufsX10} is null and ${t.truePeakDbtpX10} is null) or (${t.integratedLufsX10} between -700 and 60 and ${t.truePeakDbtpX10} between -1000 and 240)`,
    ),
  ],
);

/**
 * A buyer's note on a moment (at_ms) or a range (at_ms..end_ms, end exclusive) of one version.
 * Its state is read from its columns: a draft until a revision request gathers it (requested_at
 * and request_history_id), then open; resolved once resolved_in_version_id is set (the seller's
 * mark), which the buyer sees only once that version is delivered.
 */
export const revisionNotes = sqliteTable(
  "revision_notes",
  {
    id: idColumn(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    versionId: text("version_id")
      .notNull()
      .references(() => orderVersions.id, { onDelete: "cascade" }),
    /** The order's buyer (no cascade: the users row of a deleted account stays, decision record 0084). */
    authorId: text("author_id")
      .notNull()
      .references(() => users.id),
    atMs: integer("at_ms", { mode: "number" }).notNull(),
    /** The end of a range (exclusive), or null for a single moment. */
    endMs: integer("end_ms", { mode: "number" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
    /** When a revision request gathered it; null while it is a draft. */
    requestedAt: timestampMs("requested_at"),
    /** That request's order_history row. */
    requestHistoryId: text("request_history_id").references(() => orderHistory.id, { onDelete: "set null" }),
    /** The later version the seller resolved it in, and when they marked it. */
    resolvedInVersionId: text("resolved_in_version_id").references(() => orderVersions.id, { onDelete: "set null" }),
    resolvedAt: timestampMs("resolved_at"),
  },
  (t) => [
    // A version's notes in the track's order (the waveform).
    index("revision_notes_version_at_idx").on(t.versionId, t.atMs, t.id),
    // An order's notes, and its drafts (requested_at is null) for the revision request.
    index("revision_notes_order_requested_idx").on(t.orderId, t.requestedAt),
    check("revision_notes_at_nonnegative", sql`${t.atMs} >= 0`),
    check("revision_notes_range_forward", sql`${t.endMs} is null or ${t.endMs} > ${t.atMs}`),
    // A draft has not been sent, so nobody can have resolved it; a mark has its time.
    check("revision_notes_resolution_check", sql`(${t.resolvedInVersionId} is null) = (${t.resolvedAt} is null) and (${t.resolvedInVersionId} is null or ${t.requestedAt} is not null)`),
  ],
);
