// The toast of a sign-in that cancelled a requested deletion (decision record 0084): shown at once
// after the app's own sign-in (./hooks.ts), or by the app's root on the page a sign-in on the
// /auth page without the app went to (./carried-notice.ts).
import { LEAVING_TEXTS } from "@shared/messages";
import { notifySuccess } from "@web/components/ui/toast";
import { takeSignInNotice } from "./carried-notice";

export function notifyDeletionCancelled(): void {
  notifySuccess(LEAVING_TEXTS.delete.cancelledToast.title, { description: LEAVING_TEXTS.delete.cancelledToast.description });
}

/** Shows the notice a sign-in on the /auth sign-in page left for this page, once. */
export function showCarriedSignInNotice(): void {
  if (takeSignInNotice() === "deletion-cancelled") notifyDeletionCancelled();
}
