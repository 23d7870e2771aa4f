// One way to refresh a seller's services and products wherever they are cached: the owner's
// grids and detail pages (marketplace), a profile's Services and Products tabs and the dashboard
// (profiles). Features never import each other, so none can name another's query keys; each
// feature that caches catalogue items registers how to refresh them here when its api.ts loads,
// as web/lib/post-cache.ts does for posts.
import type { QueryClient } from "@tanstack/react-query";

type CatalogueRefresher = (queryClient: QueryClient) => Promise<void>;

const refreshers = new Set<CatalogueRefresher>();

/** Called once by each feature's api.ts that caches services or products. */
export function registerCatalogueCache(refresh: CatalogueRefresher): void {
  refreshers.add(refresh);
}

/** After a service or product was created, changed or deleted: every list showing one refetches. */
export async function invalidateCatalogue(queryClient: QueryClient): Promise<void> {
  await Promise.all([...refreshers].map((refresh) => refresh(queryClient)));
}
