import { useId } from "react";
import { SHELL_TEXTS } from "@shared/messages";
import { cn } from "@web/lib/cn";

/** The waveform mark, drawn the same way as public/favicon.svg and the app icons. */
export function LogoMark({ className, title }: { className?: string; title?: string }) {
  // Gradient ids must be unique per instance, or two marks on one page would share one.
  const id = useId();
  return (
    <svg
      viewBox="0 0 64 64"
      className={cn("size-8", className)}
      role={title ? "img" : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <defs>
        <linearGradient id={`${id}g`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fcd34d" />
          <stop offset="0.5" stopColor="#ff7a1a" />
          <stop offset="1" stopColor="#f43f5e" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill="#0a0a0a" />
      <g fill={`url(#${id}g)`}>
        <rect x="11" y="25" width="6" height="14" rx="3" />
        <rect x="21" y="15" width="6" height="34" rx="3" />
        <rect x="31" y="9" width="6" height="46" rx="3" />
        <rect x="41" y="19" width="6" height="26" rx="3" />
        <rect x="51" y="27" width="3.5" height="10" rx="1.75" />
      </g>
    </svg>
  );
}

export function Wordmark({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 font-display text-lg font-bold tracking-tight", className)}>
      <LogoMark className="size-8" />
      <span>{SHELL_TEXTS.wordmark}</span>
    </span>
  );
}
