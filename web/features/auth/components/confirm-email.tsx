// /auth/confirm?token= : confirms the address from the emailed link, then offers Sign In. The
// call is a query keyed by the token, so React's double effects in development and re-renders
// never send the one-time token twice.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { CircleAlert, CircleCheck } from "lucide-react";
import { ACCOUNT_TEXTS, AUTH_SCREEN_TEXTS } from "@shared/messages";
import { buttonVariants } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { authCalls, authKeys } from "../api";
import { describeAuthError } from "../errors";
import { AuthOutcome } from "./auth-outcome";

const T = AUTH_SCREEN_TEXTS.confirm;

export function ConfirmEmail({ token }: { token: string | undefined }) {
  const confirm = useQuery({
    queryKey: [...authKeys.all, "confirm", token],
    queryFn: () => authCalls.confirm(token ?? ""),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  if (token && confirm.isPending) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <Spinner className="size-8" label={T.confirming} />
        <p className="text-sm text-muted-foreground">{T.confirmingVisible}</p>
      </div>
    );
  }

  if (token && confirm.isSuccess) {
    return (
      <AuthOutcome
        icon={<CircleCheck className="size-12 text-success" aria-hidden />}
        title={T.confirmedTitle}
        action={
          <Link to="/auth" className={buttonVariants({ size: "lg", className: "mt-2 w-full" })}>
            {T.signIn}
          </Link>
        }
      >
        <p className="text-sm text-muted-foreground">{ACCOUNT_TEXTS.emailConfirmed}</p>
      </AuthOutcome>
    );
  }

  const message = token ? describeAuthError(confirm.error).message : ACCOUNT_TEXTS.confirmLinkInvalid;
  return (
    <AuthOutcome
      icon={<CircleAlert className="size-12 text-destructive" aria-hidden />}
      title={T.failedTitle}
      action={
        <Link to="/auth" className={buttonVariants({ variant: "outline", size: "lg", className: "mt-2 w-full" })}>
          {T.backToSignIn}
        </Link>
      }
    >
      <p role="alert" className="text-sm text-destructive">
        {message}
      </p>
      <p className="text-sm text-muted-foreground">{T.requestNewLink}</p>
    </AuthOutcome>
  );
}
