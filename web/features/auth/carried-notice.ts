// Notices that must outlive the page they happened on, kept in this tab's session storage:
// - a sign-in's: the /auth sign-in page's form (./sign-in-island.ts) signs in without the app and
//   leaves at once, so the notice the app would show as a toast (a requested deletion was
//   cancelled, decision record 0084) is shown by the app on the page the form went to
//   (./sign-in-notice.ts);
// - a sign-out's the person did not ask for (the session timed out, the account is being deleted):
//   the app leaves for /auth with a full page load, and /auth shows it once, the app's screen as a
//   toast, the sign-in page without the app in place (./hooks.ts, ./sign-in-island.ts).

const KEY = "backline:sign-in-notice";
const AUTH_NOTICE_KEY = "backline:auth-notice";

/** Stored for the next page; without storage (a private mode's quota) the notice is lost, the sign-in or sign-out is not. */
function keep(key: string, value: string): void {
  try {
    sessionStorage.setItem(key, value);
  } catch {
    // Nothing to do: the notice only explains.
  }
}

/** The stored value, once: reading removes it. */
function take(key: string): string | null {
  try {
    const value = sessionStorage.getItem(key);
    sessionStorage.removeItem(key);
    return value;
  } catch {
    return null;
  }
}

/** Keeps a sign-out's notice for /auth to show once after the page loads again. */
export function carryAuthNotice(notice: string): void {
  keep(AUTH_NOTICE_KEY, notice);
}

/** Reads and forgets the sign-out's notice, so it shows once. */
export function takeAuthNotice(): string | null {
  return take(AUTH_NOTICE_KEY);
}

export type SignInNotice = "deletion-cancelled";

export function carrySignInNotice(notice: SignInNotice): void {
  keep(KEY, notice);
}

/** Whether a notice waits, without taking it: the app loads the toast's code only then. */
export function hasSignInNotice(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** The carried notice, once (anything else stored under its name is dropped). */
export function takeSignInNotice(): SignInNotice | null {
  return take(KEY) === "deletion-cancelled" ? "deletion-cancelled" : null;
}
