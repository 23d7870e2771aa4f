// 'Continue with Google' (spec §2 /auth). The server owns the OAuth flow (PKCE and state in
// short-lived cookies), so in a browser the button is a full navigation to /api/auth/google; in
// the native app it starts the hand-off that brings the sign-in back from the system browser
// (../app-handoff.ts, decision record 0093). When the server has no Google credentials, the
// button says so instead of leading to an error page.
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import { useState } from "react";
import { Button } from "@web/components/ui/button";
import { notifyError } from "@web/components/ui/toast";
import { startGoogleSignIn } from "../app-handoff";
import { useProviders } from "../hooks";
import { GoogleMark } from "./google-mark";

export function GoogleButton() {
  const providers = useProviders();
  const unavailable = providers.isSuccess && !providers.data.google;
  // If the providers call itself fails we still offer the button: the server answers with a
  // clear error (or the Google page) either way, which beats hiding a working sign-in.
  const [starting, setStarting] = useState(false);
  const disabled = providers.isPending || unavailable || starting;
  const start = () => {
    setStarting(true);
    // In a browser the page leaves; in the app the system browser opens and this screen stays,
    // ready for another try once the person comes back without signing in.
    startGoogleSignIn().then(
      (how) => {
        if (how === "outside") setStarting(false);
      },
      (error: unknown) => {
        setStarting(false);
        notifyError(error instanceof Error && error.message ? error.message : ACCOUNT_TEXTS.googleFailed);
      },
    );
  };
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        size="lg"
        disabled={disabled}
        aria-describedby={unavailable ? "google-unavailable" : undefined}
        onClick={start}
      >
        <GoogleMark />
        {AUTH_SCREEN_TEXTS.continueWithGoogle}
      </Button>
      {unavailable ? (
        <p id="google-unavailable" className="text-center text-xs text-muted-foreground">
          {ACCOUNT_TEXTS.googleNotConfigured}
        </p>
      ) : null}
    </div>
  );
}
