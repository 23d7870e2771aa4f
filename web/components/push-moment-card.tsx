// A card that offers push at a moment that explains itself (issue #30 item 2): after the person
// sent a message ("Get notified when Jonah replies") or saw a sale ("Get notified about new
// orders"). The browser's own prompt comes only from its "Turn on" button, never on load. Not
// shown where push cannot work, is already on, or was blocked; "Not now" (or closing the browser's
// prompt without an answer) keeps it away for 30 days per moment. Shared by the conversation and
// order screens, which are different features.
import { useQuery } from "@tanstack/react-query";
import { BellRing } from "lucide-react";
import { useId, useState } from "react";
import { NOTIFICATION_SCREEN_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { cn } from "@web/lib/cn";
import { preferencesQuery } from "@web/lib/notifications";
import { PushRegistrationError, pushSupport, usePushDevice, usePushToggle } from "@web/lib/push-device";

const T = NOTIFICATION_SCREEN_TEXTS;

type PushMoment = "message" | "sale";

/** How long "Not now" keeps a moment's card away. */
export const PUSH_MOMENT_SNOOZE_MS = 30 * 24 * 60 * 60 * 1000;

const snoozeKey = (moment: PushMoment) => `backline:push-moment:${moment}`;

function snoozed(moment: PushMoment, now = Date.now()): boolean {
  try {
    const until = Number(localStorage.getItem(snoozeKey(moment)));
    return Number.isFinite(until) && until > now;
  } catch {
    return false;
  }
}

function snooze(moment: PushMoment): void {
  try {
    localStorage.setItem(snoozeKey(moment), String(Date.now() + PUSH_MOMENT_SNOOZE_MS));
  } catch {
    // Without storage the card comes back on the next visit.
  }
}

export function PushMomentCard({ moment, userId, name, className }: { moment: PushMoment; userId: string; name?: string; className?: string }) {
  const [away, setAway] = useState(() => snoozed(moment));
  const web = pushSupport();
  const device = usePushDevice(userId, { enabled: !away && web.supported });
  const offered = !away && device.data?.status === "off";
  // A browser needs the server's VAPID key; without one the card would offer what cannot work.
  const needsKey = web.supported && web.platform === "web";
  const preferences = useQuery({ ...preferencesQuery(), enabled: offered && needsKey });
  const toggle = usePushToggle(userId);
  const headingId = useId();

  if (!offered || (needsKey && !preferences.data?.vapidPublicKey)) return null;

  const turnOn = () => {
    if (toggle.busy) return;
    toggle
      .enable(preferences.data?.vapidPublicKey ?? null)
      .then((outcome) => {
        if (outcome === "on") notifySuccess(T.device.turnedOn);
        // Closing the prompt unanswered counts as "Not now"; a refusal hides the card for good
        // (the device state says "denied").
        if (outcome === "dismissed") {
          snooze(moment);
          setAway(true);
        }
      })
      .catch((error: unknown) => {
        console.warn("Turning on push failed:", error);
        notifyError(error instanceof PushRegistrationError ? T.device.registrationFailed : T.device.enableFailed);
      });
  };

  const notNow = () => {
    snooze(moment);
    setAway(true);
  };

  const title = moment === "message" ? T.moments.message.title(name ?? "") : T.moments.sale.title;
  const description = moment === "message" ? T.moments.message.description : T.moments.sale.description;

  return (
    <section aria-labelledby={headingId} data-testid={`push-moment-${moment}`} className={cn("rounded-[var(--radius-card)] border bg-card p-4 text-card-foreground shadow-sm", className)}>
      <div className="flex items-start gap-3">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
          <BellRing className="size-5" aria-hidden />
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-display font-semibold leading-tight">
            {title}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={turnOn} aria-disabled={toggle.busy || undefined}>
          {T.moments.turnOn}
        </Button>
        <Button size="sm" variant="ghost" onClick={notNow} disabled={toggle.busy}>
          {T.moments.notNow}
        </Button>
      </div>
    </section>
  );
}
