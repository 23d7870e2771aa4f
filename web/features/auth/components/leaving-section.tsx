// Leaving (issue #27 items 5 and 6; decision record 0084), two cards of /settings: "Download my
// data" with the newest export's state, and "Delete my account" with what is deleted and what is
// kept, the password re-entered and a confirming tick.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import type { DataExportState } from "@shared/leaving-api";
import { LEAVING_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Skeleton } from "@web/components/ui/skeleton";
import { notifySuccess } from "@web/components/ui/toast";
import { describeAuthError, showAuthError } from "../errors";
import { useLeaveAfterDeletion } from "../hooks";
import { deleteAccount, exportDownloadHref, exportStateQueryOptions, leavingKeys, requestExport } from "../leaving-api";

const E = LEAVING_TEXTS.export;
const D = LEAVING_TEXTS.delete;

const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

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
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm text-destructive" role="alert">
              {E.loadFailed}
            </p>
            <Button variant="outline" size="sm" onClick={() => void state.refetch()}>
              {E.tryAgain}
            </Button>
          </div>
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

function DeleteMyAccount() {
  // Nothing of the account stays in this browser, its local security logs included.
  const leave = useLeaveAfterDeletion();
  const [password, setPassword] = useState("");
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const passwordId = useId();
  const confirmId = useId();
  const problemId = useId();
  const remove = useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => leave(),
    onError: (error) => setProblem(describeAuthError(error).message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    if (password.length === 0) return setProblem(D.passwordRequired);
    if (!confirmed) return setProblem(D.confirmRequired);
    setProblem(null);
    remove.mutate({ password });
  };

  return (
    <Card className="border-destructive/40">
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
          <p className="text-sm text-muted-foreground">{D.googleOnly}</p>
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
          <Button type="submit" variant="destructive" className="self-start" aria-disabled={remove.isPending || undefined}>
            <Trash2 aria-hidden /> {remove.isPending ? D.submitting : D.submit}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Mounted by /settings with one line. */
export function LeavingSection() {
  return (
    <>
      <DownloadMyData />
      <DeleteMyAccount />
    </>
  );
}
