// The three sign-out choices of the settings screen (spec §7: logout with scope local, global or
// others). Local and global end this device's session too, clear its stored data and go to /auth;
// "others" keeps this device signed in.
import { LogOut, MonitorSmartphone, ShieldOff } from "lucide-react";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import type { SignOutScope } from "@shared/schemas/account";
import { Button } from "@web/components/ui/button";
import { notifySuccess } from "@web/components/ui/toast";
import { showAuthError } from "../errors";
import { useSignOut } from "../hooks";

export function SignOutActions({ keepStorageKeys, onOthersSignedOut }: { keepStorageKeys?: readonly string[]; onOthersSignedOut?: () => void }) {
  const signOut = useSignOut({ keepStorageKeys });
  const busy = signOut.isPending;
  const run = async (scope: SignOutScope) => {
    if (busy) return;
    try {
      await signOut.mutateAsync(scope);
      if (scope === "others") {
        notifySuccess(ACCOUNT_TEXTS.signedOutOthers.title, { description: ACCOUNT_TEXTS.signedOutOthers.description });
        onOthersSignedOut?.();
      }
    } catch (error) {
      showAuthError(error);
    }
  };
  // aria-disabled, not disabled, while a sign-out runs: a button that turns disabled loses the
  // keyboard focus to the page itself, and "other devices" leaves the person on this screen,
  // where the next Tab must go on from the button they pressed.
  const pending = busy || undefined;
  return (
    <div className="flex flex-col gap-3">
      <Button
        variant="outline"
        size="lg"
        aria-disabled={pending}
        onClick={() => void run("local")}
        className="justify-start"
      >
        {/* The visible words are the button's name (WCAG 2.5.3), as for the two below. */}
        <LogOut aria-hidden /> {AUTH_SCREEN_TEXTS.signOut.local}
      </Button>
      <Button variant="outline" size="lg" aria-disabled={pending} onClick={() => void run("others")} className="justify-start">
        <MonitorSmartphone aria-hidden /> {AUTH_SCREEN_TEXTS.signOut.others}
      </Button>
      <Button variant="destructive" size="lg" aria-disabled={pending} onClick={() => void run("global")} className="justify-start">
        <ShieldOff aria-hidden /> {AUTH_SCREEN_TEXTS.signOut.global}
      </Button>
    </div>
  );
}
