// /auth/reset?token= : the new-password form with the strength meter. The same shared rule as
// sign-up decides ('Password Too Weak' with the feedback, or 'Compromised Password'); the server
// sets the password and ends every session of the account.
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import { checkNewPassword } from "@shared/rules/password";
import { newPasswordFormSchema } from "@shared/schemas/auth";
import { FormField } from "@web/components/form-field";
import { Button, buttonVariants } from "@web/components/ui/button";
import { notifyError } from "@web/components/ui/toast";
import { showAuthError } from "../errors";
import { useConfirmPasswordReset } from "../hooks";
import { AuthOutcome } from "./auth-outcome";
import { PasswordStrengthMeter } from "./password-strength-meter";

const T = AUTH_SCREEN_TEXTS.reset;

type NewPasswordForm = z.input<typeof newPasswordFormSchema>;

export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const form = useForm<NewPasswordForm, unknown, z.output<typeof newPasswordFormSchema>>({
    resolver: zodResolver(newPasswordFormSchema),
    defaultValues: { password: "", repeat: "" },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const reset = useConfirmPasswordReset();
  const { errors } = form.formState;
  const password = form.watch("password");
  // The field shows the verdict's title; its feedback lines are the toast (as on sign-up).
  const passwordCheck = errors.password ? checkNewPassword(password) : null;

  if (!token) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <p role="alert" className="text-sm text-destructive">
          {ACCOUNT_TEXTS.invalidResetLink}
        </p>
        <Link to="/auth/forgot" className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}>
          {T.requestNewLink}
        </Link>
      </div>
    );
  }

  if (reset.isSuccess) {
    return (
      <AuthOutcome
        role="status"
        icon={<CircleCheck className="size-12 text-success" aria-hidden />}
        title={T.updatedTitle}
        action={
          <Link to="/auth" className={buttonVariants({ size: "lg", className: "mt-2 w-full" })}>
            {T.signIn}
          </Link>
        }
      >
        <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.passwordUpdated}</p>
      </AuthOutcome>
    );
  }

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await reset.mutateAsync({ token, password: values.password });
      } catch (error) {
        showAuthError(error);
      }
    },
    (invalid) => {
      if (!invalid.password) return;
      const check = checkNewPassword(form.getValues("password"));
      if (!check.ok) notifyError(check.message, { title: check.title });
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={T.formLabel}>
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-xl font-semibold">{T.title}</h1>
        <p className="text-sm text-muted-foreground">{T.intro}</p>
      </div>
      <FormField
        label={T.newPassword}
        type="password"
        autoComplete="new-password"
        error={passwordCheck && !passwordCheck.ok ? passwordCheck.title : undefined}
        below={<PasswordStrengthMeter password={password} />}
        {...form.register("password")}
      />
      <FormField
        label={T.repeatPassword}
        type="password"
        autoComplete="new-password"
        error={errors.repeat?.message}
        {...form.register("repeat")}
      />
      <Button type="submit" size="lg" disabled={reset.isPending}>
        {T.submit}
      </Button>
    </form>
  );
}
