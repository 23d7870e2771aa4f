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

/** Keeps a sign-out's notice for /auth to show once after the page loads again. */
export function carryAuthNotice(notice: string): void {
  try {
    sessionStorage.setItem(AUTH_NOTICE_KEY, notice);
  } catch {
    // Without storage the sign-out still happens, only unexplained.
  }
}

/** Reads and forgets the sign-out's notice, so it shows once. */
export function takeAuthNotice(): string | null {
  try {
    const notice = sessionStorage.getItem(AUTH_NOTICE_KEY);
    sessionStorage.removeItem(AUTH_NOTICE_KEY);
    return notice;
  } catch {
    return null;
  }
}

export type SignInNotice = "deletion-cancelled";

export function carrySignInNotice(notice: SignInNotice): void {
  try {
    sessionStorage.setItem(KEY, notice);
  } catch {
    // Storage refused (a private mode's quota): the notice is lost, the sign-in is not.
  }
}

/** Whether a notice waits, without taking it: the app loads the toast's code only then. */
export function hasSignInNotice(): boolean {
  try {
    return sessionStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** The carried notice, once: reading removes it. */
export function takeSignInNotice(): SignInNotice | null {
  try {
    const notice = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    return notice === "deletion-cancelled" ? notice : null;
  } catch {
    return null;
  }
}
