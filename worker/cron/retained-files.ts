// Files kept for buyers after their product lost them (decision record 0035): daily, a kept file
// that no order can still download, nor may yet be paid (every order refunded, failed or
// expired; orderNeedsProduct agrees with canDownload), is removed from the private bucket and forgotten.
import { deleteRetainedProductFile, listReleasableProductFiles } from "../db/queries/products";
import type { Bindings, Ctx } from "../env";

/** Files handled per run; the next day's run picks up any remainder. */
const BATCH = 100;

export async function releaseRetainedProductFiles({ env, db, log }: Pick<Ctx, "db" | "log"> & { env: Pick<Bindings, "PRIVATE_FILES"> }) {
  const releasable = await listReleasableProductFiles(db, BATCH);
  let removed = 0;
  for (const file of releasable) {
    try {
      // The object first: a row without its object would promise a download that cannot happen.
      await env.PRIVATE_FILES.delete(file.fileKey);
      await deleteRetainedProductFile(db, file.fileKey);
      removed += 1;
    } catch (error) {
      log.error("retained product file not released", { productId: file.productId, error });
    }
  }
  return { removed, found: releasable.length };
}
