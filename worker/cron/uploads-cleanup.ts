// Clean-up of abandoned uploads (decision record 0005): every 15 minutes, uploads still
// 'uploading' 24 hours after their last part are aborted, in R2 (so the stored parts stop
// costing storage) and in D1. A client resuming a day later starts a new upload.
import { UPLOAD_ABANDON_AFTER_MS } from "../../shared/posts-api";
import { listStaleUploads } from "../db/queries/uploads";
import type { Bindings } from "../env";
import { abortUpload } from "../services/media/multipart";
import type { CronContext } from "./index";

/** Uploads handled per run; the next run (15 minutes later) picks up any remainder. */
const BATCH = 100;

export async function cleanUpAbandonedUploads({
  env,
  db,
  now,
  log,
}: Pick<CronContext, "db" | "now" | "log"> & { env: Pick<Bindings, "MEDIA"> }) {
  const stale = await listStaleUploads(db, now - UPLOAD_ABANDON_AFTER_MS, BATCH);
  let aborted = 0;
  for (const upload of stale) {
    try {
      await abortUpload(env.MEDIA, db, upload, now);
      aborted += 1;
    } catch (error) {
      // One stuck upload must not stop the others; it is retried on the next run.
      log.error("abandoned upload not aborted", { uploadId: upload.id, error });
    }
  }
  return { aborted, found: stale.length };
}
