import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

/** Shared field look; 16 px text on phones stops iOS Safari from zooming into a focused field. */
export const fieldClasses =
  "w-full rounded-xl border border-input bg-background px-4 text-base text-foreground placeholder:text-muted-foreground " +
  "transition-[border-color,box-shadow] focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25 " +
  "disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive aria-invalid:ring-destructive/20 sm:text-sm";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return <input type={type} className={cn(fieldClasses, "h-11 py-2", className)} {...props} />;
}
