// Leaving (issue #27 items 5 and 6, decision record 0084): an account's deletion request, kept
// after the deletion as the record that it happened, and the data exports a user asked for.
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn, inList, timestampMs } from "./columns";
import { users } from "./users";

/**
 * One row per account that asked to be deleted. Signing in during the grace period deletes the
 * row; the daily job deletes the account's content after it and sets `completed_at`. The users
 * row is anonymised, never removed (orders, reviews and bookings keep pointing at it), so there
 * is no cascade here either.
 */
export const accountDeletions = sqliteTable(
  "account_deletions",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id),
    requestedAt: timestampMs("requested_at").notNull(),
    completedAt: timestampMs("completed_at"),
  },
  (t) => [index("account_deletions_due_idx").on(t.completedAt, t.requestedAt)],
);

export const DATA_EXPORT_STATUSES = ["requested", "ready", "failed"] as const;

/** A requested copy of one's data: prepared in the background into PRIVATE_FILES, downloadable until `expires_at`. */
export const dataExports = sqliteTable(
  "data_exports",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: DATA_EXPORT_STATUSES }).notNull().default("requested"),
    /** `data-exports/{userId}/{id}.json` in PRIVATE_FILES once ready. */
    fileKey: text("file_key"),
    sizeBytes: integer("size_bytes", { mode: "number" }),
    createdAt: createdAt(),
    readyAt: timestampMs("ready_at"),
    expiresAt: timestampMs("expires_at"),
  },
  (t) => [
    index("data_exports_user_created_idx").on(t.userId, t.createdAt),
    index("data_exports_status_created_idx").on(t.status, t.createdAt),
    check("data_exports_status_check", inList(t.status, DATA_EXPORT_STATUSES)),
  ],
);
