// /auth (spec §2): Sign In and Sign Up tabs, 'Continue with Google' and a Back to Home link (in
// the shell). An `error` from the Google callback is shown above the tabs.
import { useEffect } from "react";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { notify, notifyError } from "@web/components/ui/toast";
import { takeAuthNotice } from "../carried-notice";
import { GoogleButton } from "./google-button";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

export type AuthTab = "signin" | "signup";

export function AuthPage({
  tab,
  onTabChange,
  error,
  onSignedIn,
}: {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  error?: string;
  onSignedIn: () => void;
}) {
  useEffect(() => {
    if (error) notifyError(error, { id: "auth-callback-error" });
  }, [error]);
  useEffect(() => {
    const notice = takeAuthNotice();
    if (notice) notify(ACCOUNT_TEXTS.signedOutTitle, { description: notice, id: "auth-notice" });
  }, []);

  return (
    <div className="flex flex-col gap-5">
      {error ? (
        <p role="alert" className="rounded-2xl border border-destructive/40 bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <Tabs value={tab} onValueChange={(value) => onTabChange(value === "signup" ? "signup" : "signin")}>
        <TabsList aria-label={AUTH_SCREEN_TEXTS.tabs.label}>
          <TabsTrigger value="signin">{AUTH_SCREEN_TEXTS.tabs.signIn}</TabsTrigger>
          <TabsTrigger value="signup">{AUTH_SCREEN_TEXTS.tabs.signUp}</TabsTrigger>
        </TabsList>
        <TabsContent value="signin">
          <SignInForm onSignedIn={onSignedIn} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm />
        </TabsContent>
      </Tabs>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {AUTH_SCREEN_TEXTS.tabs.or}
        <span className="h-px flex-1 bg-border" />
      </div>
      <GoogleButton />
    </div>
  );
}
