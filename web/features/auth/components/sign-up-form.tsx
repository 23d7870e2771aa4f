// Sign Up tab (spec §5 sign-up rules, §8 auth toasts). The shared sign-up schema checks the
// email, the sanitised username, the display name and the password; a password that fails the
// strength scoring or the breached list is reported as the spec's toast ('Password Too Weak' with
// the feedback joined, or 'Compromised Password').
import { zodResolver } from "@hookform/resolvers/zod";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import { checkNewPassword } from "@shared/rules/password";
import { sanitizeUsername } from "@shared/rules/username";
import { type SignUp, type SignUpInput, signUpSchema } from "@shared/schemas/auth";
import { FormField } from "@web/components/form-field";
import { Button } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { showAuthError } from "../errors";
import { useResendConfirmation, useSignUp } from "../hooks";
import { EmailField } from "./email-field";
import { PasswordStrengthMeter } from "./password-strength-meter";

const T = AUTH_SCREEN_TEXTS.signUp;

export function SignUpForm() {
  const form = useForm<SignUpInput, unknown, SignUp>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { email: "", username: "", displayName: "", password: "" },
    // Validate on submit, then as the user corrects: validating on blur inserts messages that
    // shift the submit button while it is being pressed, and the press then misses it.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const signUp = useSignUp();
  const resend = useResendConfirmation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors } = form.formState;
  const password = form.watch("password");
  const passwordCheck = errors.password ? checkNewPassword(password) : null;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await signUp.mutateAsync(values);
        setSentTo(values.email);
        notifySuccess(ACCOUNT_TEXTS.accountCreatedTitle, { description: ACCOUNT_TEXTS.signUpSuccess });
      } catch (error) {
        showAuthError(error);
      }
    },
    (invalid) => {
      // Field messages show beside their fields; the password verdict is the spec's toast.
      if (!invalid.password) return;
      const check = checkNewPassword(form.getValues("password"));
      if (!check.ok) notifyError(check.message, { title: check.title });
    },
  );

  const onResend = async () => {
    if (!sentTo) return;
    try {
      const { message } = await resend.mutateAsync(sentTo);
      notifySuccess(ACCOUNT_TEXTS.confirmationSentTitle, { description: message });
    } catch (error) {
      showAuthError(error);
    }
  };

  if (sentTo) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheck className="size-7" aria-hidden />
        </span>
        <p className="font-display text-lg font-semibold">{ACCOUNT_TEXTS.signUpSuccess}</p>
        <p className="text-sm text-muted-foreground">
          {T.sentToBefore}
          <span className="font-medium text-foreground">{sentTo}</span>
          {T.sentToAfter}
        </p>
        <Button variant="outline" onClick={onResend} disabled={resend.isPending} className="mt-2">
          {T.resend}
        </Button>
      </div>
    );
  }

  const username = form.register("username");
  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={T.formLabel}>
      <EmailField error={errors.email?.message} {...form.register("email")} />
      <FormField
        label={T.username}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={T.usernamePlaceholder}
        hint={ACCOUNT_TEXTS.usernameHint}
        error={errors.username?.message}
        {...username}
        onChange={(event) => {
          // Sanitised as typed, so what the user sees is exactly the name that will be stored.
          event.target.value = sanitizeUsername(event.target.value);
          return username.onChange(event);
        }}
      />
      <FormField
        label={T.displayName}
        autoComplete="name"
        placeholder={T.displayNamePlaceholder}
        error={errors.displayName?.message}
        {...form.register("displayName")}
      />
      <FormField
        label={T.password}
        type="password"
        autoComplete="new-password"
        placeholder={T.passwordPlaceholder}
        error={passwordCheck && !passwordCheck.ok ? passwordCheck.title : undefined}
        below={<PasswordStrengthMeter password={password} />}
        {...form.register("password")}
      />
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? <Spinner className="text-primary-foreground" label={T.submitting} /> : null}
        {T.submit}
      </Button>
    </form>
  );
}
