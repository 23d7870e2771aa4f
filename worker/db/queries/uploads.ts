// The `uploads` table: one row per R2 multipart upload in flight. Its id is also the id the post
// will get (the media key contains it), so one id follows the file from the first byte to the feed.
import { and, eq, lt, sql } from "drizzle-orm";
import { CONTENT_TYPES, type ContentType, type UploadKind } from "@shared/constants";
import type { Db } from "../client";
import { uploads, type UploadPart } from "../schema";

export type UploadRow = typeof uploads.$inferSelect;

/** An upload that will become a post (not a product image or file). */
export function isPostUpload(upload: UploadRow): upload is UploadRow & { contentType: ContentType } {
  return (CONTENT_TYPES as readonly string[]).includes(upload.contentType);
}

export async function insertUpload(
  db: Db,
  row: {
    id: string;
    userId: string;
    contentType: UploadKind;
    mimeType: string;
    fileName?: string | null;
    r2UploadId: string;
    key: string;
    declaredSize: number;
    now: number;
  },
): Promise<void> {
  await db.insert(uploads).values({
    id: row.id,
    userId: row.userId,
    contentType: row.contentType,
    mimeType: row.mimeType,
    fileName: row.fileName ?? null,
    r2UploadId: row.r2UploadId,
    key: row.key,
    declaredSize: row.declaredSize,
    createdAt: row.now,
    updatedAt: row.now,
  });
}

export async function getUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
  return row;
}

/**
 * Records one stored part, replacing an earlier copy of the same part number (a retry). Parts of
 * one upload may arrive in parallel, so the list is rewritten inside one UPDATE statement from the
 * row's current value rather than read, changed and written back by the Worker, which would lose
 * a part that landed in between. A second statement in the same (atomic) batch recomputes the
 * byte count from the list. Returns the new byte count, or null if the upload is no longer open.
 */
export async function recordPart(db: Db, uploadId: string, part: UploadPart, now: number): Promise<number | null> {
  const open = and(eq(uploads.id, uploadId), eq(uploads.status, "uploading"));
  const [, counted] = await db.batch([
    db
      .update(uploads)
      .set({
        parts: sql`(
          SELECT json_group_array(json(v)) FROM (
            SELECT value AS v FROM json_each(${uploads.parts})
              WHERE json_extract(value, '$.partNumber') <> ${part.partNumber}
            UNION ALL
            SELECT json_object('partNumber', ${part.partNumber}, 'etag', ${part.etag}, 'size', ${part.size})
          )
        )`,
        updatedAt: now,
      })
      .where(open),
    db
      .update(uploads)
      .set({
        receivedBytes: sql`(SELECT coalesce(sum(json_extract(value, '$.size')), 0) FROM json_each(${uploads.parts}))`,
        updatedAt: now,
      })
      .where(open)
      .returning({ receivedBytes: uploads.receivedBytes }),
  ]);
  return counted[0]?.receivedBytes ?? null;
}

export async function setUploadStatus(
  db: Db,
  uploadId: string,
  status: "aborted" | "completed",
  now: number,
): Promise<void> {
  await db
    .update(uploads)
    .set({ status, updatedAt: now, ...(status === "completed" ? { completedAt: now } : {}) })
    .where(eq(uploads.id, uploadId));
}

/** Uploads still open whose last part arrived before `before`, oldest first (uploads_status_updated_idx). */
export async function listStaleUploads(db: Db, before: number, limit: number): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.status, "uploading"), lt(uploads.updatedAt, before)))
    .orderBy(uploads.updatedAt)
    .limit(limit);
}

/** Parts sorted by number, as the resume endpoint and R2's complete() want them. */
export function sortedParts(row: Pick<UploadRow, "parts">): UploadPart[] {
  return [...(row.parts ?? [])].sort((a, b) => a.partNumber - b.partNumber);
}
