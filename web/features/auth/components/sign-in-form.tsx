// Sign In tab (spec §5 sign-in rules, §8 auth toasts). Validation runs the shared sign-in schema,
// so the messages are the spec's: 'Please enter a valid email address' and 'Password must be at
// least 8 characters long'.
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { useEffect, useLayoutEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import { type SignIn, type SignInInput, signInSchema } from "@shared/schemas/auth";
import { FormField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { AUTH_FORM_LIVE, markOnce } from "@web/lib/perf-marks";
import { clearSignInDraft, readPrerenderedSignIn } from "@web/lib/prerendered-form";
import { showAuthError } from "../errors";
import { useResendConfirmation, useSignIn } from "../hooks";
import { EmailField } from "./email-field";

const T = AUTH_SCREEN_TEXTS.signIn;

function isUnconfirmed(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 403 && /not confirmed/i.test(error.message);
}

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  // On a first visit the prerendered form was live before the app (issue #29 item 3): start from
  // what was typed there, read while it is still on screen (this first render precedes the commit
  // that replaces it).
  const [prefill] = useState(readPrerenderedSignIn);
  const form = useForm<SignInInput, unknown, SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: prefill?.email ?? "", password: prefill?.password ?? "" },
    // Validate on submit, then as the user corrects: validating on blur inserts messages that
    // shift the submit button while it is being pressed, and the press then misses it.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const signIn = useSignIn();
  const resend = useResendConfirmation();
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  const { errors } = form.formState;
  // React has committed the form and its handlers: from here it takes typing and submits. The
  // Lighthouse bench reads this mark on /auth (issue #29 item 3).
  useEffect(() => markOnce(AUTH_FORM_LIVE, "app-form"), []);
  // Right after the commit that replaced the painted form, before any further input: what was
  // typed there while this form was rendering, the field in use, and a refusal that came back
  // meanwhile (web/lib/prerendered-form.ts).
  const { setFocus, setValue } = form;
  useLayoutEffect(() => {
    if (!prefill) return;
    const latest = readPrerenderedSignIn() ?? prefill;
    clearSignInDraft();
    if (latest.email !== prefill.email) setValue("email", latest.email);
    if (latest.password !== prefill.password) setValue("password", latest.password);
    if (latest.focus) setFocus(latest.focus);
    if (latest.error) showAuthError(new ApiClientError(latest.error, 400, "validation_failed"));
  }, [prefill, setFocus, setValue]);

  const onSubmit = form.handleSubmit(async (values) => {
    setUnconfirmedEmail(null);
    try {
      await signIn.mutateAsync(values);
      onSignedIn();
    } catch (error) {
      showAuthError(error);
      if (isUnconfirmed(error)) setUnconfirmedEmail(values.email);
    }
  });

  const onResend = async () => {
    if (!unconfirmedEmail) return;
    try {
      const { message } = await resend.mutateAsync(unconfirmedEmail);
      notifySuccess(ACCOUNT_TEXTS.confirmationSentTitle, { description: message });
    } catch (error) {
      showAuthError(error);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={T.formLabel}>
      <EmailField error={errors.email?.message} {...form.register("email")} />
      <FormField
        label={T.password}
        type="password"
        autoComplete="current-password"
        placeholder={T.passwordPlaceholder}
        error={errors.password?.message}
        {...form.register("password")}
      />
      <div className="-mt-1 flex justify-end">
        <Link to="/auth/forgot" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {T.forgotPassword}
        </Link>
      </div>
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? <Spinner className="text-primary-foreground" label={T.submitting} /> : null}
        {T.submit}
      </Button>
      {unconfirmedEmail ? (
        <div className="rounded-2xl border bg-card p-4 text-sm">
          <p className="text-muted-foreground">{T.noConfirmation}</p>
          <Button variant="link" onClick={onResend} disabled={resend.isPending} className="mt-1">
            {T.resend}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
