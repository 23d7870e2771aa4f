// What a first visit to /auth paints from HTML. The build renders AuthPagePrerender into
// auth-page.html (decision record 0075), the frame of the other /auth screens, so the wordmark and
// the tagline paint from the HTML instead of after the router, the session check and the form's
// code. Its card holds a placeholder shaped like the form rather than a form: a form that cannot
// submit yet would take typing that the app's first render then throws away. The app replaces all
// of it once the route is ready (web/main.tsx), with the same frame in the same place.
// AuthSignInPrerender is auth-signin-page.html, the Sign In tab, whole and working without the
// app (decision record 0098).
import type { ComponentProps } from "react";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS, SHELL_TEXTS } from "@shared/messages";
import { FormField } from "@web/components/form-field";
import { Button, buttonVariants } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { AuthFrame } from "./components/auth-shell";
import { GOOGLE_SIGN_IN_PATH } from "./api";
import { EmailField } from "./components/email-field";
import { GoogleMark } from "./components/google-mark";

function HomeAnchor(props: Pick<ComponentProps<"a">, "className" | "children">) {
  return <a href="/" {...props} />;
}

function FieldPlaceholder() {
  return (
    <div className="flex flex-col gap-2">
      <Skeleton className="h-4 w-20 rounded-md" />
      <Skeleton className="h-11" />
    </div>
  );
}

/** The frame's way out when the app does not start: CSS reveals it after 8 s (issue #29 item 3). */
function StallNotice() {
  return (
    <>
      {/* Never a dead end (issue #29 item 3): without scripts, or when they failed to load, the
          frame says so and offers a reload; the app's first render replaces all of this. */}
      <noscript>
        <p className="mt-5 text-center text-sm text-foreground">{AUTH_SCREEN_TEXTS.frame.noScript}</p>
      </noscript>
      <p className="reveal-after-stall mt-5 text-center text-sm text-foreground/75" data-stalled>
        {AUTH_SCREEN_TEXTS.frame.stalled}{" "}
        <a href="" className="font-medium text-primary underline underline-offset-4">
          {AUTH_SCREEN_TEXTS.frame.reload}
        </a>
      </p>
    </>
  );
}

/**
 * A first visit to /auth itself (the Sign In tab) is a page that needs no app (issue #29, decision
 * record 0098): web/features/auth/sign-in-island.ts, a small script the page loads at once,
 * validates and submits the form, offers the confirmation mail again, and goes on to where the app
 * would. "Continue with Google" is a link to the server's Google sign-in, drawn in both of its
 * states; the Worker keeps the one its configuration calls for (worker/routes/site.ts). Sign Up,
 * Forgot password and the wordmark are links into the app.
 */
export function AuthSignInPrerender() {
  const T = AUTH_SCREEN_TEXTS.signIn;
  return (
    <AuthFrame homeLink={HomeAnchor}>
      <div className="flex flex-col gap-5">
        {/* A sign-out the person did not ask for says why here, as the app's screen does in a toast. */}
        <div role="status" className="rounded-2xl border bg-card px-4 py-3 text-sm" data-island-notice hidden>
          <p className="font-medium text-foreground">{ACCOUNT_TEXTS.signedOutTitle}</p>
          <p className="text-muted-foreground" data-island-notice-text />
        </div>
        <Tabs value="signin">
          <TabsList aria-label={AUTH_SCREEN_TEXTS.tabs.label}>
            <TabsTrigger value="signin">{AUTH_SCREEN_TEXTS.tabs.signIn}</TabsTrigger>
            <TabsTrigger value="signup" data-island-tab="signup">
              {AUTH_SCREEN_TEXTS.tabs.signUp}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <form noValidate className="flex flex-col gap-4" aria-label={T.formLabel} data-sign-in-island>
              <EmailField id="island-email" name="email" />
              <FormField id="island-password" label={T.password} type="password" name="password" autoComplete="current-password" placeholder={T.passwordPlaceholder} />
              <div className="-mt-1 flex justify-end">
                <a href="/auth/forgot" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                  {T.forgotPassword}
                </a>
              </div>
              <p role="alert" className="text-sm font-medium text-destructive empty:hidden" data-island-error />
              <Button type="submit" size="lg">
                {T.submit}
              </Button>
              {/* Shown by the island when the server says the email is not confirmed, as the app's form does. */}
              <div className="rounded-2xl border bg-card p-4 text-sm" data-island-unconfirmed hidden>
                <p className="text-muted-foreground">{T.noConfirmation}</p>
                <Button variant="link" className="mt-1" data-island-resend>
                  {T.resend}
                </Button>
                <p role="status" className="mt-1 text-foreground empty:hidden" data-island-resend-status />
              </div>
            </form>
          </TabsContent>
        </Tabs>
        <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground" aria-hidden>
          <span className="h-px flex-1 bg-border" />
          {AUTH_SCREEN_TEXTS.tabs.or}
          <span className="h-px flex-1 bg-border" />
        </div>
        <GoogleChoices />
      </div>
      <StallNotice />
    </AuthFrame>
  );
}

/**
 * "Continue with Google" as the app draws it (google-button.tsx), in both states: offered, a link
 * to the server's sign-in (the island hands it to the app's hand-off inside the native app), and
 * unavailable, which says why. The Worker removes the one that does not apply.
 */
function GoogleChoices() {
  return (
    <>
      <div className="flex flex-col gap-2" data-island-google="offered">
        <a href={GOOGLE_SIGN_IN_PATH} className={buttonVariants({ variant: "outline", size: "lg" })} data-haptic="light">
          <GoogleMark />
          {AUTH_SCREEN_TEXTS.continueWithGoogle}
        </a>
      </div>
      <div className="flex flex-col gap-2" data-island-google="unavailable">
        <Button variant="outline" size="lg" disabled aria-describedby="google-unavailable">
          <GoogleMark />
          {AUTH_SCREEN_TEXTS.continueWithGoogle}
        </Button>
        <p id="google-unavailable" className="text-center text-xs text-muted-foreground">
          {ACCOUNT_TEXTS.googleNotConfigured}
        </p>
      </div>
    </>
  );
}

export function AuthPagePrerender() {
  return (
    <AuthFrame homeLink={HomeAnchor}>
      <div className="flex flex-col gap-5" aria-busy="true">
        <span className="sr-only">{SHELL_TEXTS.loading}</span>
        <Skeleton className="h-12 rounded-full" />
        <div className="flex flex-col gap-4">
          <FieldPlaceholder />
          <FieldPlaceholder />
          <Skeleton className="-mt-1 h-5 w-32 self-end rounded-md" />
          <Skeleton className="h-13 rounded-full" />
        </div>
        <Skeleton className="h-4 rounded-md" />
        <Skeleton className="h-11 rounded-full" />
      </div>
      <StallNotice />
    </AuthFrame>
  );
}
