// /auth/reset?token= : the new-password form with the strength meter. The same shared rule as
// sign-up decides ('Password Too Weak' with the feedback, or 'Compromised Password'); the server
// sets the password and ends every session of the account.
import { Link } from "@tanstack/react-router";
import { CircleCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { ACCOUNT_TEXTS } from "../../../../shared/messages";
import { checkNewPassword } from "../../../../shared/rules/password";
import { Button, buttonVariants } from "../../../components/ui/button";
import { notifyError } from "../../../components/ui/toast";
import { showAuthError } from "../errors";
import { useConfirmPasswordReset } from "../hooks";
import { FormField } from "../../../components/form-field";
import { PasswordStrengthMeter } from "./password-strength-meter";


export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const reset = useConfirmPasswordReset();

  if (!token) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center">
        <p role="alert" className="text-sm text-destructive">
          {ACCOUNT_TEXTS.invalidResetLink}
        </p>
        <Link to="/auth/forgot" className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}>
          Request a new link
        </Link>
      </div>
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col items-center gap-3 py-4 text-center" role="status">
        <CircleCheck className="size-12 text-success" aria-hidden />
        <h1 className="font-display text-xl font-semibold">Password updated</h1>
        <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.passwordUpdated}</p>
        <Link to="/auth" className={buttonVariants({ size: "lg", className: "mt-2 w-full" })}>
          Sign In
        </Link>
      </div>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkNewPassword(password);
    const next: typeof errors = {};
    if (!check.ok) {
      next.password = check.title;
      notifyError(check.message, { title: check.title });
    }
    if (repeat !== password) next.repeat = ACCOUNT_TEXTS.passwordsDoNotMatch;
    setErrors(next);
    if (next.password || next.repeat) return;
    try {
      await reset.mutateAsync({ token, password });
    } catch (error) {
      showAuthError(error);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label="Choose a new password">
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-xl font-semibold">Choose a new password</h1>
        <p className="text-sm text-muted-foreground">Signing in again will be needed on every device.</p>
      </div>
      <FormField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        below={<PasswordStrengthMeter password={password} />}
      />
      <FormField
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(event) => setRepeat(event.target.value)}
        error={errors.repeat}
      />
      <Button type="submit" size="lg" disabled={reset.isPending}>
        Update password
      </Button>
    </form>
  );
}
