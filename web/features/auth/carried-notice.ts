// A sign-in's notice that must outlive the page it happened on. The /auth sign-in page's form
// (./sign-in-island.ts) signs in without the app and leaves at once, so the notice the app would
// show as a toast (a requested deletion was cancelled, decision record 0084) is kept in this tab's
// session storage and shown by the app on the page the form went to (./hooks.ts).

const KEY = "backline:sign-in-notice";

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
