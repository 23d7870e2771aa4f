// "just now", "5m", "3h", "6d", then a date (spec §9 relative time), from the shared rule, on the
// shared minute clock. Posts and comments both show their age with it.
import { formatRelativeTime } from "@shared/rules/relative-time";
import { useNow } from "@web/lib/use-now";

export function RelativeTime({ date, className }: { date: number; className?: string }) {
  const now = useNow();
  const at = new Date(date);
  if (Number.isNaN(at.getTime())) return null;
  return (
    <time dateTime={at.toISOString()} title={at.toLocaleString()} className={className}>
      {formatRelativeTime(date, now)}
    </time>
  );
}
