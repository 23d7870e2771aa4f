// /app/auth-return (decision record 0093): where a Google sign-in started in the native app comes
// back. Inside the app (the operating system handed it the link) the code is redeemed with the
// verifier the WebView kept, and the screen moves on to the feed or /settings at once. Opened in a
// browser instead, the link has nothing to finish there: the page offers the app's own link,
// which carries the code to the app, and the web's sign-in. The work is a query keyed by the
// link, so React's double effects in development never present the one-time code twice.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { CircleAlert, Smartphone } from "lucide-react";
import { useEffect } from "react";
import { NATIVE_TEXTS } from "@shared/messages";
import { APP_AUTH_RETURN_PATH, appSchemeUrl } from "@shared/native-app";
import { buttonVariants } from "@web/components/ui/button";
import { Spinner } from "@web/components/ui/spinner";
import { authKeys } from "../api";
import { finishAppAuthReturn, type AppAuthReturnSearch } from "../app-handoff";
import { AuthOutcome } from "./auth-outcome";

const T = NATIVE_TEXTS.handoff;

export function AppAuthReturn({ search }: { search: AppAuthReturnSearch }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const outcome = useQuery({
    queryKey: [...authKeys.all, "app-handoff", search.code ?? null, search.error ?? null, search.reauth ?? null],
    queryFn: () => finishAppAuthReturn(queryClient, search),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const go = outcome.data && "go" in outcome.data ? outcome.data.go : null;
  useEffect(() => {
    if (go) void navigate({ href: go, replace: true });
  }, [go, navigate]);

  if (outcome.isPending || go) {
    return (
      <div className="flex flex-col items-center gap-3 py-6 text-center">
        <Spinner className="size-8" label={T.finishing} />
        <p className="text-sm text-muted-foreground" aria-hidden>
          {T.finishing}
        </p>
      </div>
    );
  }

  if (outcome.data && "show" in outcome.data && outcome.data.show === "open_app" && search.code) {
    return (
      <AuthOutcome
        icon={<Smartphone className="size-12 text-primary" aria-hidden />}
        title={T.title}
        action={
          <div className="mt-2 flex w-full flex-col gap-2">
            <a href={appSchemeUrl(`${APP_AUTH_RETURN_PATH}?code=${encodeURIComponent(search.code)}`)} className={buttonVariants({ size: "lg", className: "w-full" })}>
              {T.openApp}
            </a>
            <Link to="/auth" className={buttonVariants({ variant: "outline", size: "lg", className: "w-full" })}>
              {T.stayOnWeb}
            </Link>
          </div>
        }
      >
        <p className="text-sm text-muted-foreground">{T.description}</p>
      </AuthOutcome>
    );
  }

  return (
    <AuthOutcome
      icon={<CircleAlert className="size-12 text-destructive" aria-hidden />}
      title={T.notStartedTitle}
      action={
        <Link to="/auth" className={buttonVariants({ variant: "outline", size: "lg", className: "mt-2 w-full" })}>
          {T.backToSignIn}
        </Link>
      }
    >
      <p className="text-sm text-muted-foreground">{T.notStartedHere}</p>
    </AuthOutcome>
  );
}
