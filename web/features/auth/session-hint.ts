// A non-secret marker that this browser recently held a session. The session cookies are
// HttpOnly, so the SPA cannot see them; the marker only decides whether a null session from the
// server is worth one refresh attempt, so visitors who never signed in never cause a 401.
export const SESSION_HINT_KEY = "backline:has-session";

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

export function hasSessionHint(): boolean {
  return storage()?.getItem(SESSION_HINT_KEY) === "1";
}

export function setSessionHint(present: boolean): void {
  const store = storage();
  if (!store) return;
  try {
    if (present) store.setItem(SESSION_HINT_KEY, "1");
    else store.removeItem(SESSION_HINT_KEY);
  } catch {
    // A full or blocked storage only costs the refresh optimisation.
  }
}
