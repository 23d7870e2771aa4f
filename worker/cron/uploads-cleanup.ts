// Clean-up of abandoned uploads (decision record 0005): every 15 minutes, uploads still
// 'uploading' 24 hours after their last part are aborted, in R2 (so the stored parts stop
// costing storage) and in D1. A client resuming a day later starts a new upload.
import { UPLOAD_ABANDON_AFTER_MS } from "../../shared/posts-api";
import { createDb } from "../db/client";
import type { Bindings } from "../env";
import { abortUpload } from "../services/media/multipart";
import { listStaleUploads } from "../services/media/upload-rows";
import { registerCronJob } from "./index";

/** Uploads handled per run; the next run (15 minutes later) picks up any remainder. */
const BATCH = 100;

export async function cleanUpAbandonedUploads(env: Pick<Bindings, "DB" | "MEDIA">, now: number) {
  const db = createDb(env.DB);
  const stale = await listStaleUploads(db, now - UPLOAD_ABANDON_AFTER_MS, BATCH);
  let aborted = 0;
  for (const upload of stale) {
    try {
      await abortUpload(env.MEDIA, db, upload, now);
      aborted += 1;
    } catch (error) {
      // One stuck upload must not stop the others; it is retried on the next run.
      console.error(JSON.stringify({ level: "error", message: "abandoned upload not aborted", uploadId: upload.id, error: String(error) }));
    }
  }
  return { aborted, found: stale.length };
}

registerCronJob("*/15 * * * *", { name: "uploads-cleanup", run: cleanUpAbandonedUploads });
