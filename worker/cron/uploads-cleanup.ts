// Clean-up of abandoned uploads (decision record 0005): every 15 minutes, uploads still
// 'uploading' 24 hours after their last part are aborted, in R2 (so the stored parts stop
// costing storage) and in D1. A client resuming a day later starts a new upload. Product files
// are aborted in the private bucket; product images no product took within the same 24 hours
// are removed (decision record 0035).
import { UPLOAD_ABANDON_AFTER_MS } from "@shared/posts-api";
import { listUnclaimedProductImages } from "../db/queries/products";
import { listStaleUploads, setUploadStatus } from "../db/queries/uploads";
import { abortUpload, bucketForUpload } from "../services/media/multipart";
import type { Bindings, Ctx } from "../env";

/** Uploads handled per run; the next run (15 minutes later) picks up any remainder. */
const BATCH = 100;

export async function cleanUpAbandonedUploads({
  env,
  db,
  now,
  log,
}: Pick<Ctx, "db" | "now" | "log"> & { env: Pick<Bindings, "MEDIA" | "PRIVATE_FILES"> }) {
  const stale = await listStaleUploads(db, now - UPLOAD_ABANDON_AFTER_MS, BATCH);
  let aborted = 0;
  for (const upload of stale) {
    try {
      await abortUpload(bucketForUpload(env, upload), db, upload, now);
      aborted += 1;
    } catch (error) {
      // One stuck upload must not stop the others; it is retried on the next run.
      log.error("abandoned upload not aborted", { uploadId: upload.id, error });
    }
  }
  const images = await listUnclaimedProductImages(db, now - UPLOAD_ABANDON_AFTER_MS, BATCH);
  let removedImages = 0;
  for (const image of images) {
    try {
      await env.MEDIA.delete(image.key);
      await setUploadStatus(db, image.id, "aborted", now);
      removedImages += 1;
    } catch (error) {
      log.error("unattached product image not removed", { uploadId: image.id, error });
    }
  }
  return { aborted, found: stale.length, removedImages };
}
