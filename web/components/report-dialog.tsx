// Report (issue #27 item 3; decision record 0083): one dialog every screen opens to report a post,
// comment, message, profile, service or product. Shared UI, so the posts, social, messaging,
// profile and catalogue features all reach it without importing each other. The reasons are
// radios; "Something else" needs words; a sent report is confirmed in a toast and its outcome
// arrives later in /activity.
import { useMutation } from "@tanstack/react-query";
import { Flag } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { MODERATION_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { MODERATION_LIMITS, REPORT_REASONS, reportBodySchema, type ReportReason, type ReportTargetType } from "@shared/moderation-api";
import { Button, type ButtonProps } from "@web/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@web/components/ui/dialog";
import { Textarea } from "@web/components/ui/textarea";
import { notifySuccess } from "@web/components/ui/toast";
import { api, ApiClientError, unwrap } from "@web/lib/api-client";

const T = MODERATION_TEXTS;

interface Target {
  targetType: ReportTargetType;
  targetId: string;
}

function sendReport(body: Target & { reason: ReportReason; details?: string }) {
  return unwrap(api.api.reports.$post({ json: body }));
}

export function ReportDialog({ targetType, targetId, open, onOpenChange }: Target & { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const send = useMutation({ mutationFn: sendReport });

  const close = (next: boolean) => {
    if (send.isPending) return;
    if (!next) {
      setReason(null);
      setDetails("");
      setError(null);
      send.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own schema judges the form first, so the words match what it would answer.
    const parsed = reportBodySchema.safeParse({ targetType, targetId, reason: reason ?? undefined, details: details.trim() ? details : undefined });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? REQUEST_TEXTS.invalidRequest);
      return;
    }
    setError(null);
    send.mutate(parsed.data, {
      onSuccess: () => {
        notifySuccess(T.reportSent.title, { description: T.reportSent.description });
        close(false);
      },
      onError: (failure) => setError(failure instanceof ApiClientError ? failure.message : T.reportFailed),
    });
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent aria-describedby={`${ids}-description`}>
        <DialogHeader>
          <DialogTitle>{T.reportTitle(T.targetNames[targetType])}</DialogTitle>
          <DialogDescription id={`${ids}-description`}>{T.reportDescription}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 text-sm font-semibold">{T.reasonLegend}</legend>
            {REPORT_REASONS.map((value) => (
              <label key={value} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2 text-sm hover:bg-muted">
                <input
                  type="radio"
                  name={`${ids}-reason`}
                  value={value}
                  checked={reason === value}
                  onChange={() => setReason(value)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                {T.reasons[value]}
              </label>
            ))}
          </fieldset>
          {reason === "other" ? (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${ids}-details`} className="text-sm font-semibold">
                {T.detailsLabel}
              </label>
              <Textarea
                id={`${ids}-details`}
                value={details}
                maxLength={MODERATION_LIMITS.details}
                onChange={(event) => setDetails(event.target.value)}
                aria-describedby={`${ids}-hint`}
                rows={3}
              />
              <p id={`${ids}-hint`} className="text-xs text-muted-foreground">
                {T.detailsHint(MODERATION_LIMITS.details)}
              </p>
            </div>
          ) : null}
          {error ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)} disabled={send.isPending}>
              {T.cancel}
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? T.sendingReport : T.submitReport}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** A "Report" button that opens the dialog: for pages and rows without a menu of their own. */
export function ReportButton({ targetType, targetId, variant = "ghost", size = "sm", className }: Target & Pick<ButtonProps, "variant" | "size" | "className">) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant={variant} size={size} className={className} onClick={() => setOpen(true)} aria-label={`${T.reportAction}: ${T.targetNames[targetType]}`}>
        <Flag aria-hidden /> {size === "icon" ? null : T.reportAction}
      </Button>
      <ReportDialog targetType={targetType} targetId={targetId} open={open} onOpenChange={setOpen} />
    </>
  );
}
