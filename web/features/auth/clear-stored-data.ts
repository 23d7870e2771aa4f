// What "sign out" wipes on this device (spec §9: the full sign-out clears stored data). The theme
// is a device preference, not account data, so it survives; callers may name more keys to keep
// (the security feature keeps its local event logs, which must outlive the session they audit).
import { THEME_STORAGE_KEY } from "@web/lib/theme";

function clearStorage(store: Storage, keep: ReadonlySet<string>): void {
  // Collect first: removing while iterating by index would skip entries.
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && !keep.has(key)) doomed.push(key);
  }
  for (const key of doomed) store.removeItem(key);
}

export function clearStoredData(keepKeys: readonly string[] = []): void {
  const keep = new Set([THEME_STORAGE_KEY, ...keepKeys]);
  try {
    clearStorage(localStorage, keep);
  } catch {
    // Storage can be unavailable (private modes, sandboxed frames); there is then nothing to clear.
  }
  try {
    clearStorage(sessionStorage, keep);
  } catch {
    // As above.
  }
}
