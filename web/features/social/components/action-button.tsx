// The icon button every action in the post action bar is made of: a 44 px touch target (the
// icon itself is small), an accessible name, and light haptics through the shell's delegated
// listener (spec §1 "light on buttons").
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@web/lib/cn";

export function ActionButton({
  children,
  className,
  count,
  ...props
}: ComponentProps<"button"> & { count?: ReactNode }) {
  return (
    <button
      type="button"
      data-haptic="light"
      className={cn(
        "-mx-1.5 inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-2 text-sm font-medium text-muted-foreground",
        "transition-[color,background-color,transform] duration-150 hover:bg-muted hover:text-foreground active:scale-90",
        "focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50",
        "[&_svg]:size-[22px] [&_svg]:shrink-0",
        className,
      )}
      {...props}
    >
      {children}
      {count !== undefined ? (
        <span aria-hidden className="tabular-nums">
          {count}
        </span>
      ) : null}
    </button>
  );
}
