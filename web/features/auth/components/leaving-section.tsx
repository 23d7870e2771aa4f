// Leaving (issue #27 items 5 and 6; decision record 0084), two cards of /settings: "Download my
// data" with the newest export's state, and "Delete my account" with what is deleted and what is
// kept, a confirming tick, and the proof it is you: the password re-entered, or (for an account
// linked to Google) a fresh Google sign-in, which comes back as /settings?reauth=….
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, ShieldCheck, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { DataExportState, ReauthOutcome } from "@shared/leaving-api";
import { LEAVING_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Skeleton } from "@web/components/ui/skeleton";
import { notifySuccess } from "@web/components/ui/toast";
import { startGoogleReauth } from "../app-handoff";
import { describeAuthError, showAuthError } from "../errors";
import { useLeaveAfterDeletion } from "../hooks";
import {
  deleteAccount,
  deletionConfirmationQueryOptions,
  exportDownloadHref,
  exportStateQueryOptions,
  leavingKeys,
  requestExport,
} from "../leaving-api";

const E = LEAVING_TEXTS.export;
const D = LEAVING_TEXTS.delete;

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: "short" });

function ExportStatus({ state }: { state: DataExportState }) {
  switch (state.status) {
    case "none":
      return null;
    case "requested":
      return <p className="text-sm">{E.requested}</p>;
    case "ready":
      return (
        <div className="flex flex-col items-start gap-2">
          <p className="text-sm">{E.ready(dateTimeFormat.format(state.expiresAt))}</p>
          <Button asChild variant="outline">
            <a href={exportDownloadHref(state.id)} download>
              <Download aria-hidden /> {E.download}
            </a>
          </Button>
        </div>
      );
    case "expired":
      return <p className="text-sm text-muted-foreground">{E.expired}</p>;
    case "failed":
      return (
        <p className="text-sm text-destructive" role="alert">
          {E.failed}
        </p>
      );
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}

function DownloadMyData() {
  const queryClient = useQueryClient();
  const state = useQuery(exportStateQueryOptions());
  const request = useMutation({
    mutationFn: requestExport,
    onSuccess: (next) => {
      queryClient.setQueryData(leavingKeys.export(), next);
      notifySuccess(E.requestedToast.title, { description: E.requestedToast.description });
    },
    onError: (error) => showAuthError(error),
  });
  // A new copy may be asked for unless one is being prepared or a ready one is still valid.
  const canRequest = state.data !== undefined && state.data.status !== "requested" && state.data.status !== "ready";
  return (
    <Card>
      <CardHeader>
        <CardTitle>{E.title}</CardTitle>
        <CardDescription>{E.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-3" aria-live="polite">
        {state.isPending ? (
          <Skeleton className="h-10 w-48" aria-busy="true" />
        ) : state.isError ? (
          <LoadFailed message={E.loadFailed} retry={E.tryAgain} onRetry={() => void state.refetch()} />
        ) : (
          <>
            <ExportStatus state={state.data} />
            {canRequest ? (
              <Button onClick={() => request.mutate()} aria-disabled={request.isPending || undefined}>
                {request.isPending ? E.requesting : E.request}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** What `/settings?reauth=…` says after the Google round trip, in the catalogue's words. */
function outcomeText(outcome: Exclude<ReauthOutcome, "confirmed">): string {
  switch (outcome) {
    case "other_account":
      return D.googleOtherAccount;
    case "stale":
      return D.googleStale;
    case "not_linked":
      return D.googleNotLinked;
    case "failed":
      return D.googleFailed;
    default: {
      const unreachable: never = outcome;
      return unreachable;
    }
  }
}

/**
 * Until when this device's Google confirmation works, re-rendering once it runs out so the form
 * falls back to asking again instead of sending a proof the server will refuse.
 */
function useGoogleConfirmation(until: number | null | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return { confirmed: Boolean(until && until > now), expired: Boolean(until && until <= now) };
}

interface DeleteMyAccountProps {
  /** The outcome of the Google round trip, read once from the URL. */
  reauth?: ReauthOutcome;
  /** Called once the outcome is shown, so the URL can forget it (a reload does not replay it). */
  onReauthSeen?: () => void;
}

function DeleteMyAccount({ reauth, onReauthSeen }: DeleteMyAccountProps) {
  // Nothing of the account stays in this browser, its local security logs included.
  const leave = useLeaveAfterDeletion();
  const queryClient = useQueryClient();
  // Once the deletion is recorded the session is gone and the page is leaving; clearing the cache
  // there would make this still-mounted query fetch again (a 401, a refused refresh, a retry).
  const [deleted, setDeleted] = useState(false);
  const confirmation = useQuery({ ...deletionConfirmationQueryOptions(), enabled: !deleted });
  const [password, setPassword] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [openingGoogle, setOpeningGoogle] = useState(false);
  // The round trip's outcome stays on screen after the URL forgets it.
  const [outcome] = useState(reauth);
  const google = useGoogleConfirmation(confirmation.data?.googleConfirmedUntil);
  const passwordId = useId();
  const confirmId = useId();
  const problemId = useId();
  const statusRef = useRef<HTMLDivElement>(null);
  const remove = useMutation({
    // A refetch of the confirmation methods still on its way (after a refused password) would
    // reach the server after the deletion ended the session: 401, a refresh refused, both logged.
    // It is cancelled, its request aborted, before the deletion is sent.
    onMutate: () => queryClient.cancelQueries({ queryKey: leavingKeys.confirmation() }),
    mutationFn: deleteAccount,
    onSuccess: () => {
      setDeleted(true);
      leave();
    },
    onError: (error) => {
      setProblem(describeAuthError(error).message);
      // A refused Google confirmation (expired, used) is no longer offered as done.
      void queryClient.invalidateQueries({ queryKey: leavingKeys.confirmation() });
    },
  });

  // Back from Google: bring the section into view and say what happened, to screen readers too.
  useEffect(() => {
    if (!outcome) return;
    statusRef.current?.scrollIntoView?.({ block: "center" });
    statusRef.current?.focus();
    onReauthSeen?.();
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const methods = confirmation.data;
  const usePassword = methods?.password === true && !google.confirmed;
  const offerGoogle = methods?.google === true && !google.confirmed;

  const confirmWithGoogle = () => {
    if (openingGoogle) return;
    setOpeningGoogle(true);
    setProblem(null);
    // A browser leaves for Google; the app opens it in the system browser and stays here, so the
    // button comes back for a person who returns without confirming (decision record 0093).
    startGoogleReauth().then(
      (how) => {
        if (how === "outside") setOpeningGoogle(false);
      },
      (error: unknown) => {
        setOpeningGoogle(false);
        setProblem(error instanceof Error && error.message ? error.message : D.googleFailed);
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending || !methods) return;
    if (!google.confirmed) {
      if (!methods.password) return setProblem(methods.google ? D.confirmWithGoogle : D.needsPassword);
      if (password.length === 0) return setProblem(D.passwordRequired);
    }
    if (!confirmed) return setProblem(D.confirmRequired);
    setProblem(null);
    remove.mutate(google.confirmed ? { confirmWith: "google" } : { password });
  };

  const outcomeProblem = outcome && outcome !== "confirmed" ? outcomeText(outcome) : null;
  const how = methods ? (methods.password && methods.google ? D.confirmWithEither : methods.password ? D.confirmWithPassword : methods.google ? D.confirmWithGoogle : D.needsPassword) : null;

  return (
    <Card className="border-destructive/40" id="delete-account">
      <CardHeader>
        <CardTitle>{D.title}</CardTitle>
        <CardDescription>{D.intro}</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <section aria-labelledby={`${confirmId}-deleted`} className="flex flex-col gap-1">
            <h3 id={`${confirmId}-deleted`} className="text-sm font-semibold">
              {D.deletedHeading}
            </h3>
            <ul className="list-disc pl-5 text-sm text-muted-foreground">
              {D.deleted.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          <section aria-labelledby={`${confirmId}-kept`} className="flex flex-col gap-1">
            <h3 id={`${confirmId}-kept`} className="text-sm font-semibold">
              {D.keptHeading}
            </h3>
            <ul className="list-disc pl-5 text-sm text-muted-foreground">
              {D.kept.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          <p className="text-sm">{D.openOrders}</p>
          <div ref={statusRef} tabIndex={-1} className="flex flex-col gap-3 outline-none" aria-live="polite">
            {confirmation.isPending ? (
              <Skeleton className="h-10 w-full" aria-busy="true" />
            ) : confirmation.isError ? (
              <LoadFailed message={D.loadFailed} retry={D.tryAgain} onRetry={() => void confirmation.refetch()} />
            ) : (
              <>
                {google.confirmed && confirmation.data.googleConfirmedUntil ? (
                  <p className="flex items-start gap-2 text-sm" role="status">
                    <ShieldCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                    {D.googleConfirmed(timeFormat.format(confirmation.data.googleConfirmedUntil))}
                  </p>
                ) : (
                  <p className="text-sm text-muted-foreground">{how}</p>
                )}
                {google.expired ? (
                  <p className="text-sm text-destructive" role="alert">
                    {D.googleExpired}
                  </p>
                ) : outcomeProblem ? (
                  <p className="text-sm text-destructive" role="alert">
                    {outcomeProblem}
                  </p>
                ) : null}
                {usePassword ? (
                  <div className="flex flex-col gap-1.5">
                    <Label htmlFor={passwordId}>{D.passwordLabel}</Label>
                    <Input
                      id={passwordId}
                      type="password"
                      autoComplete="current-password"
                      value={password}
                      onChange={(event) => setPassword(event.target.value)}
                      aria-invalid={problem !== null && password.length === 0 ? true : undefined}
                      aria-describedby={problem ? problemId : undefined}
                    />
                  </div>
                ) : null}
                {offerGoogle ? (
                  <Button type="button" variant="outline" className="self-start" onClick={confirmWithGoogle} aria-disabled={openingGoogle || undefined}>
                    {openingGoogle ? D.googleOpening : D.googleButton}
                  </Button>
                ) : null}
              </>
            )}
          </div>
          <div className="flex items-start gap-2">
            <input
              id={confirmId}
              type="checkbox"
              className="mt-0.5 size-5 shrink-0 accent-destructive"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
            />
            <Label htmlFor={confirmId} className="text-sm font-normal leading-snug">
              {D.confirmLabel}
            </Label>
          </div>
          {problem ? (
            <p id={problemId} className="text-sm text-destructive" role="alert">
              {problem}
            </p>
          ) : null}
          <Button type="submit" variant="destructive" className="self-start" aria-disabled={remove.isPending || !methods || undefined}>
            <Trash2 aria-hidden /> {remove.isPending ? D.submitting : D.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Mounted by /settings with one line; `reauth` is its `?reauth=` after the Google round trip. */
export function LeavingSection(props: DeleteMyAccountProps) {
  return (
    <>
      <DownloadMyData />
      <DeleteMyAccount {...props} />
    </>
  );
}

/** A section's state that could not be read, with a way to ask again. */
function LoadFailed({ message, retry, onRetry }: { message: string; retry: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-start gap-2">
      <p className="text-sm text-destructive" role="alert">
        {message}
      </p>
      <Button type="button" variant="outline" size="sm" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}
