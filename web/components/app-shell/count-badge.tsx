// The small count on an icon (the header's messages button, the Activity tab): "1" to "9", then
// "9+". Decorative: the control it sits on says the number in its accessible name.

export function CountBadge({ count, className, testId }: { count: number; className?: string; testId?: string }) {
  return (
    <span
      aria-hidden
      data-testid={testId}
      className={`absolute inline-flex h-[18px] min-w-[18px] items-center justify-center rounded-full bg-primary px-1 text-[10px] leading-none font-bold text-primary-foreground ring-2 ring-background ${className ?? ""}`}
    >
      {count > 9 ? "9+" : count}
    </span>
  );
}
