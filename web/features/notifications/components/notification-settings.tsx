// /settings "Notifications" (issue #30 item 4): push on this device, and for each kind of event a
// Push and an Email switch; quiet hours in the person's time zone (pushes held until they end,
// never lost). Each switch saves only what it changed (./api.ts); the device switch asks the
// browser or the phone for permission from the tap itself (web/lib/push-device.ts).
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { NOTIFICATION_CATEGORIES, type NotificationCategory, type NotificationPreferences, type UpdateNotificationPreferencesBody } from "@shared/notifications-api";
import { NOTIFICATION_SCREEN_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Skeleton } from "@web/components/ui/skeleton";
import { Switch } from "@web/components/ui/switch";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { preferencesQuery } from "@web/lib/notifications";
import { PushRegistrationError, type PushDeviceState, usePushDevice, usePushSync, usePushToggle } from "@web/lib/push-device";
import { useUpdatePreferences } from "../api";
import { DEFAULT_QUIET_HOURS, browserTimeZone, minutesToTime, timeToMinutes } from "../preferences";

const T = NOTIFICATION_SCREEN_TEXTS;

export function NotificationSettings({ userId }: { userId: string }) {
  const preferences = useQuery(preferencesQuery());
  const update = useUpdatePreferences();
  // The device's subscription is posted again once per session (the layout does it too).
  usePushSync(userId);
  const save = (change: UpdateNotificationPreferencesBody) => update.mutate(change);

  return (
    <Card data-testid="notification-settings">
      <CardHeader>
        <CardTitle>{T.settings.title}</CardTitle>
        <CardDescription>{T.settings.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <DevicePush userId={userId} preferences={preferences.data} />
        {preferences.data ? (
          <>
            <Categories preferences={preferences.data} save={save} />
            <QuietHours preferences={preferences.data} save={save} />
          </>
        ) : preferences.isError ? (
          <div role="alert" className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
            <span>{T.settings.loadFailed}</span>
            <Button variant="outline" size="sm" onClick={() => void preferences.refetch()}>
              {T.settings.retry}
            </Button>
          </div>
        ) : (
          <div role="status" aria-label={T.settings.loading} className="flex flex-col gap-2">
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
            <Skeleton className="h-11 w-full" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

// ---- Push on this device ----

function deviceHint(state: PushDeviceState | undefined, unavailable: boolean, busy: boolean): string {
  if (busy) return T.device.working;
  if (!state) return T.device.checking;
  switch (state.status) {
    case "unsupported":
      if (state.reason === "ios-install") return T.device.unsupportedIosBrowser;
      return state.reason === "app-update" ? T.device.unsupportedApp : T.device.unsupportedBrowser;
    case "denied":
      return state.platform === "web" ? T.device.blockedWeb : T.device.blockedNative;
    case "on":
      return T.device.on;
    case "off":
      return unavailable ? T.device.unavailable : T.device.off;
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}

function DevicePush({ userId, preferences }: { userId: string; preferences: NotificationPreferences | undefined }) {
  const device = usePushDevice(userId);
  const toggle = usePushToggle(userId);
  const [dismissed, setDismissed] = useState(false);
  const switchId = useId();
  const hintId = useId();
  const state = device.data;
  const web = state !== undefined && state.status !== "unsupported" && state.platform === "web";
  // Turning on in a browser needs the server's VAPID key, which the preferences carry.
  const unavailable = web && state.status === "off" && preferences !== undefined && preferences.vapidPublicKey === null;
  const canTurnOn = state?.status === "off" && !unavailable && (!web || preferences !== undefined);
  const canTurnOff = state?.status === "on";

  const onChange = (on: boolean) => {
    if (toggle.busy) return;
    setDismissed(false);
    if (on) {
      // Called from the tap itself: the browser shows its prompt only for the user's own gesture.
      toggle
        .enable(preferences?.vapidPublicKey ?? null)
        .then((outcome) => {
          if (outcome === "on") notifySuccess(T.device.turnedOn);
          if (outcome === "dismissed") setDismissed(true);
        })
        .catch((error: unknown) => {
          console.warn("Turning on push failed:", error);
          notifyError(error instanceof PushRegistrationError ? T.device.registrationFailed : T.device.enableFailed);
        });
      return;
    }
    toggle
      .disable()
      .then(() => notifySuccess(T.device.turnedOff))
      .catch((error: unknown) => {
        console.warn("Turning off push failed:", error);
        notifyError(T.device.disableFailed);
      });
  };

  return (
    <div className="flex items-start justify-between gap-4" data-testid="device-push">
      <div className="min-w-0 flex-1">
        <Label htmlFor={switchId} className="leading-snug">
          {T.device.label}
        </Label>
        <p id={hintId} className="mt-1 text-sm text-muted-foreground" data-testid="device-push-hint">
          {dismissed && state?.status === "off" ? T.device.dismissed : deviceHint(state, unavailable, toggle.busy)}
        </p>
      </div>
      <Switch
        id={switchId}
        aria-describedby={hintId}
        checked={state?.status === "on"}
        disabled={toggle.busy || !(canTurnOn || canTurnOff)}
        onCheckedChange={onChange}
      />
    </div>
  );
}

// ---- Per kind of event ----

function Categories({ preferences, save }: { preferences: NotificationPreferences; save: (change: UpdateNotificationPreferencesBody) => void }) {
  const headingId = useId();
  const set = (category: NotificationCategory, channel: "push" | "email", on: boolean) => save({ categories: { [category]: { [channel]: on } } });
  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-end justify-between gap-3 border-b pb-2">
        <h4 id={headingId} className="text-sm font-semibold">
          {T.categories.heading}
        </h4>
        {/* Column heads for the eye; each switch carries its own full name ("Push for likes"). */}
        <div aria-hidden className="flex w-28 shrink-0 justify-around text-xs font-medium text-muted-foreground">
          <span className="w-11 text-center">{T.categories.push}</span>
          <span className="w-11 text-center">{T.categories.email}</span>
        </div>
      </div>
      <ul className="divide-y">
        {NOTIFICATION_CATEGORIES.map((category) => {
          const label = T.categories.labels[category];
          const current = preferences.categories[category];
          return (
            <li key={category} className="flex min-h-14 items-center gap-3 py-2.5" data-testid={`category-${category}`}>
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium">{label}</p>
                <p className="text-xs text-muted-foreground">{T.categories.hints[category]}</p>
              </div>
              <div className="flex w-28 shrink-0 justify-around">
                <Switch aria-label={T.categories.pushFor(label)} checked={current.push} onCheckedChange={(on) => set(category, "push", on)} />
                <Switch aria-label={T.categories.emailFor(label)} checked={current.email} onCheckedChange={(on) => set(category, "email", on)} />
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

// ---- Quiet hours ----

function QuietHours({ preferences, save }: { preferences: NotificationPreferences; save: (change: UpdateNotificationPreferencesBody) => void }) {
  const switchId = useId();
  const labelId = useId();
  const descriptionId = useId();
  const fromId = useId();
  const untilId = useId();
  const quiet = preferences.quietHours;
  const deviceZone = browserTimeZone();
  // Every change of the hours saves this browser's zone with them: the hours mean the clock the
  // person is looking at now.
  const saveHours = (hours: NotificationPreferences["quietHours"]) => save({ quietHours: hours, timeZone: deviceZone });
  const setEdge = (edge: "startMinute" | "endMinute", value: string) => {
    const minutes = timeToMinutes(value);
    if (!quiet || minutes === null || minutes === quiet[edge]) return;
    saveHours({ ...quiet, [edge]: minutes });
  };

  return (
    <section className="flex flex-col gap-3" aria-labelledby={labelId}>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0 flex-1">
          <Label id={labelId} htmlFor={switchId} className="text-sm font-semibold">
            {T.quietHours.label}
          </Label>
          <p id={descriptionId} className="mt-1 text-sm text-muted-foreground">
            {T.quietHours.description}
          </p>
        </div>
        <Switch id={switchId} aria-describedby={descriptionId} checked={quiet !== null} onCheckedChange={(on) => saveHours(on ? { ...DEFAULT_QUIET_HOURS } : null)} />
      </div>
      {quiet ? (
        <>
          <div className="grid grid-cols-2 gap-3">
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={fromId}>{T.quietHours.from}</Label>
              <Input id={fromId} type="time" required value={minutesToTime(quiet.startMinute)} onChange={(event) => setEdge("startMinute", event.target.value)} />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={untilId}>{T.quietHours.until}</Label>
              <Input id={untilId} type="time" required value={minutesToTime(quiet.endMinute)} onChange={(event) => setEdge("endMinute", event.target.value)} />
            </div>
          </div>
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground" data-testid="quiet-time-zone">
            <span>{T.quietHours.timeZone(preferences.timeZone)}</span>
            {preferences.timeZone !== deviceZone ? (
              <Button variant="link" size="sm" className="text-xs" onClick={() => save({ timeZone: deviceZone })}>
                {T.quietHours.useDeviceZone(deviceZone)}
              </Button>
            ) : null}
          </p>
        </>
      ) : null}
    </section>
  );
}
