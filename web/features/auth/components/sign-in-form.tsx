// Sign In tab (spec §5 sign-in rules, §8 auth toasts). Validation runs the shared sign-in schema,
// so the messages are the spec's: 'Please enter a valid email address' and 'Password must be at
// least 8 characters long'.
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import { type SignIn, type SignInInput, signInSchema } from "@shared/schemas/auth";
import { FormField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { AUTH_FORM_LIVE, markOnce } from "@web/lib/perf-marks";
import { showAuthError } from "../errors";
import { useResendConfirmation, useSignIn } from "../hooks";
import { EmailField } from "./email-field";

const T = AUTH_SCREEN_TEXTS.signIn;

function isUnconfirmed(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 403 && /not confirmed/i.test(error.message);
}

export function SignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const form = useForm<SignInInput, unknown, SignIn>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
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
