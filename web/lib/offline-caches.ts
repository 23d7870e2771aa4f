// The service worker's runtime caches that hold account data (decision 0062) belong to one
// account: the SPA empties them whenever the signed-in account changes, so nobody is ever shown
// someone else's feed from this device's cache.
import { API_CACHE, MEDIA_CACHE } from "@shared/offline-caches";

/** Which account the caches above were filled for; sign-out wipes it with the rest of storage. */
const OFFLINE_OWNER_KEY = "backline:offline-owner";

function readOwner(): string | null {
  try {
    return localStorage.getItem(OFFLINE_OWNER_KEY);
  } catch {
    return null;
  }
}

function writeOwner(userId: string | null): void {
  try {
    if (userId) localStorage.setItem(OFFLINE_OWNER_KEY, userId);
    else localStorage.removeItem(OFFLINE_OWNER_KEY);
  } catch {
    // Without storage the caches are emptied on every load instead, which is safe.
  }
}

/** Empties the account caches; the app shell (precache) stays, it holds nobody's data. */
export async function forgetOfflineData(): Promise<void> {
  writeOwner(null);
  if (typeof caches === "undefined") return;
  await Promise.all([caches.delete(API_CACHE), caches.delete(MEDIA_CACHE)]).catch(() => {});
}

/**
 * Called with every session read: the caches belong to one account, so when the session names
 * another one (or nobody) they are emptied before any screen of the new account fills them again.
 */
export async function keepOfflineDataFor(userId: string | null): Promise<void> {
  if (userId !== null && readOwner() === userId) return;
  await forgetOfflineData();
  writeOwner(userId);
}
