// /auth/forgot: asks for the email and requests a reset link. The server answers the same for
// every address, and so does this screen, so it cannot be used to test who has an account.
import { zodResolver } from "@hookform/resolvers/zod";
import { Link } from "@tanstack/react-router";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import { passwordResetRequestSchema } from "@shared/schemas/auth";
import { Button, buttonVariants } from "@web/components/ui/button";
import { showAuthError } from "../errors";
import { useRequestPasswordReset } from "../hooks";
import { AuthOutcome } from "./auth-outcome";
import { EmailField } from "./email-field";

const T = AUTH_SCREEN_TEXTS.forgot;

export function ForgotPasswordForm({ defaultEmail = "" }: { defaultEmail?: string }) {
  const form = useForm<z.input<typeof passwordResetRequestSchema>, unknown, z.output<typeof passwordResetRequestSchema>>({
    resolver: zodResolver(passwordResetRequestSchema),
    defaultValues: { email: defaultEmail },
    // Validate on submit, then as the user corrects: validating on blur inserts messages that
    // shift the submit button while it is being pressed, and the press then misses it.
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const request = useRequestPasswordReset();
  const [sent, setSent] = useState(false);

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync(email);
      setSent(true);
    } catch (error) {
      showAuthError(error);
    }
  });

  if (sent) {
    return (
      <AuthOutcome
        role="status"
        icon={<MailCheck className="size-12 text-primary" aria-hidden />}
        title={T.sentTitle}
        action={
          <Link to="/auth" className={buttonVariants({ variant: "outline", size: "lg", className: "mt-2 w-full" })}>
            {T.backToSignIn}
          </Link>
        }
      >
        <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.resetSent}</p>
      </AuthOutcome>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={T.formLabel}>
      <div className="flex flex-col gap-1">
        <h1 className="font-display text-xl font-semibold">{T.title}</h1>
        <p className="text-sm text-muted-foreground">{T.intro}</p>
      </div>
      <EmailField error={form.formState.errors.email?.message} {...form.register("email")} />
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {T.submit}
      </Button>
      <Link to="/auth" className="text-center text-sm font-medium text-muted-foreground hover:text-foreground">
        {T.backToSignIn}
      </Link>
    </form>
  );
}
