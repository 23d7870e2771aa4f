// The payout panel at the top of /payments (issue #26; decision records 0039 and 0081): where the
// seller's Stripe account stands, in one badge and one sentence about what it means for buyers,
// with Stripe's outstanding requirements as a list, and the one action that moves it on — "Set up
// payouts" or "Update details", which sends this tab to Stripe's onboarding (or, in test mode, the
// Worker's labelled stand-in). Onboarding comes back to /payments?payouts=return, where the panel
// asks the server to check with Stripe and announces the new state, or to ?payouts=refresh when
// its link expired, where a fresh link is asked for at once. The parameter is then removed, so a
// reload does neither again.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Ban, CircleAlert, CircleCheck, CircleDashed, ExternalLink, FlaskConical, Hourglass, Landmark, RefreshCw, ShieldAlert } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { PayoutAccount, PayoutState } from "@shared/checkout-api";
import { PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { RelativeTime } from "@web/components/relative-time";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { Spinner } from "@web/components/ui/spinner";
import { notifyError } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { payoutAccountQueryOptions, useOnboardingLink, useRefreshPayoutAccount } from "../api";

const T = PAYOUTS_SCREEN_TEXTS.panel;

/** What brought the seller back from onboarding: `?payouts=return` or `?payouts=refresh`. */
export type PayoutsArrival = "return" | "refresh";

// Outlined with dark text, like the order badges: the tinted fills fall under WCAG's contrast
// ratio for small coloured text.
const STATE_LOOK: Record<PayoutState, { icon: ReactNode; badge: string }> = {
  not_set_up: { icon: <CircleDashed aria-hidden />, badge: "bg-transparent border border-border text-foreground" },
  details_needed: { icon: <CircleAlert aria-hidden />, badge: "bg-transparent border border-amber-600/60 text-amber-800 dark:text-amber-300" },
  pending_verification: { icon: <Hourglass aria-hidden />, badge: "bg-accent text-accent-foreground" },
  enabled: { icon: <CircleCheck aria-hidden />, badge: "bg-transparent border border-emerald-600/60 text-emerald-800 dark:text-emerald-300" },
  restricted: { icon: <ShieldAlert aria-hidden />, badge: "bg-transparent border border-red-600/60 text-red-800 dark:text-red-300" },
};

/** The text of a failed link request: a 429 is the server's own words (when to try again), anything else ours. */
function linkFailureText(error: unknown): string {
  return error instanceof ApiClientError && error.status === 429 ? error.message : T.linkFailed;
}

export function PayoutPanel({ arrival, onArrivalHandled }: { arrival?: PayoutsArrival; onArrivalHandled: () => void }) {
  const queryClient = useQueryClient();
  const account = useQuery(payoutAccountQueryOptions());
  const link = useOnboardingLink();
  const refresh = useRefreshPayoutAccount();
  // Set once the tab is on its way to onboarding: the button stays busy until the page unloads.
  const [leaving, setLeaving] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");

  const { mutateAsync: requestLink } = link;
  const openOnboarding = useCallback(async () => {
    setLinkError(null);
    try {
      const { url } = await requestLink();
      setLeaving(true);
      window.location.assign(url);
    } catch (error) {
      const text = linkFailureText(error);
      setLinkError(text);
      notifyError(text, { id: "payout-link" });
    }
  }, [requestLink]);

  // The arrival is handled once per visit (a ref, so React's double effects in development and the
  // re-render after the parameter is removed do not repeat it).
  const { mutateAsync: refreshAccount } = refresh;
  const handled = useRef(false);
  useEffect(() => {
    if (!arrival || handled.current) return;
    handled.current = true;
    onArrivalHandled();
    if (arrival === "refresh") {
      void openOnboarding();
      return;
    }
    refreshAccount().then(
      (fresh) => setAnnouncement(T.announce(T.stateLabels[fresh.state])),
      () => {
        // Throttled or Stripe unreachable: the stored state still stands, and the webhook brings the news.
        setAnnouncement(T.refreshFailed);
        void queryClient.invalidateQueries({ queryKey: payoutAccountQueryOptions().queryKey });
      },
    );
  }, [arrival, onArrivalHandled, openOnboarding, refreshAccount, queryClient]);

  return (
    <section aria-labelledby="payouts-title" className="space-y-3 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm" data-testid="payout-panel">
      <h2 id="payouts-title" className="flex items-center gap-2 font-display text-lg font-semibold">
        <Landmark className="size-5 text-primary" aria-hidden /> {T.title}
      </h2>
      {account.isPending ? (
        <div className="space-y-2" aria-busy="true" data-testid="payout-loading">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-11 w-40 rounded-full" />
        </div>
      ) : account.data ? (
        <PayoutBody account={account.data} busy={link.isPending || leaving} checking={refresh.isPending} linkError={linkError} onOpen={() => void openOnboarding()} />
      ) : (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-destructive/40 bg-destructive/5 p-3" data-testid="payout-failed">
          <p className="text-sm font-medium">{T.loadFailed}</p>
          <Button variant="outline" size="sm" onClick={() => void account.refetch()}>
            <RefreshCw aria-hidden /> {T.retry}
          </Button>
        </div>
      )}
      {/* Present from the start (never display:none), so that screen readers announce what is written into it later. */}
      <p role="status" aria-live="polite" className="text-sm text-muted-foreground empty:-mt-3" data-testid="payout-announcement">
        {announcement}
      </p>
    </section>
  );
}

function PayoutBody({
  account,
  busy,
  checking,
  linkError,
  onOpen,
}: {
  account: PayoutAccount;
  busy: boolean;
  checking: boolean;
  linkError: string | null;
  onOpen: () => void;
}) {
  const reasonId = useId();
  const look = STATE_LOOK[account.state];
  const unavailable = account.mode === "unavailable";
  const action = account.state === "not_set_up" ? T.setUp : T.update;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge className={look.badge} data-testid="payout-state">
          {look.icon} {T.stateLabels[account.state]}
        </Badge>
        {account.mode === "test" ? (
          <Badge variant="outline" className="border-amber-500 text-amber-800 dark:text-amber-300" data-testid="payout-test-mode">
            <FlaskConical aria-hidden /> {T.testMode}
          </Badge>
        ) : null}
        {checking ? <Spinner className="size-4" label={T.checking} /> : null}
      </div>
      <p className="text-sm" data-testid="payout-hint">
        {T.stateHints[account.state]}
      </p>
      {account.state === "restricted" ? (
        account.requirements.length > 0 ? (
          <div className="space-y-1 text-sm">
            <p className="font-medium">{T.requirementsTitle}</p>
            <ul className="list-disc space-y-0.5 pl-5" data-testid="payout-requirements">
              {account.requirements.map((requirement) => (
                <li key={requirement}>{requirement}</li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{T.noRequirements}</p>
        )
      ) : null}
      {account.mode === "test" ? <p className="text-xs text-muted-foreground">{T.testModeNote}</p> : null}
      {unavailable ? (
        <p id={reasonId} className="flex items-start gap-2 text-sm text-muted-foreground" data-testid="payout-unavailable">
          <Ban className="mt-0.5 size-4 shrink-0" aria-hidden /> {T.unavailable}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {/* aria-disabled rather than disabled: the button stays focusable, so its reason is found. */}
        <Button
          variant={account.state === "enabled" ? "outline" : "primary"}
          className="w-full sm:w-auto"
          aria-disabled={unavailable || busy || undefined}
          aria-describedby={unavailable ? reasonId : undefined}
          onClick={() => {
            if (!unavailable && !busy) onOpen();
          }}
          data-testid="payout-action"
        >
          {busy ? <Spinner className="size-4 text-current" label={T.opening} /> : <ExternalLink aria-hidden />} {action}
        </Button>
        {account.syncedAt ? (
          <p className="text-xs text-muted-foreground">
            {T.lastChecked} <RelativeTime date={account.syncedAt} />
          </p>
        ) : null}
      </div>
      {linkError ? (
        <p role="alert" className="text-sm text-destructive" data-testid="payout-link-error">
          {linkError}
        </p>
      ) : null}
    </div>
  );
}
