// Times on the booking screen are shown in the viewer's own time zone (the browser's), and the
// zone is named on screen, so a buyer in New York and a seller in Berlin each read the same
// booking in their own local time (decision record 0054).

/** The browser's IANA time zone, e.g. "Europe/Berlin". */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "Mon, Nov 23, 10:00 – 11:00 GMT+1" in `timeZone`. */
export function formatSpan(startsAt: number, endsAt: number, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" }).format(startsAt);
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  const end = new Intl.DateTimeFormat("en-US", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" }).format(endsAt);
  return `${day}, ${time.format(startsAt)} – ${end}`;
}
