import type { ComponentProps } from "react";
import { cn } from "@web/lib/cn";

export type BadgeVariant = "default" | "secondary" | "outline" | "destructive" | "success";

const variants: Record<BadgeVariant, string> = {
  default: "bg-accent text-accent-foreground",
  secondary: "bg-secondary text-secondary-foreground",
  outline: "border border-border text-foreground",
  destructive: "bg-destructive/15 text-destructive",
  // A tint under green text fails AA at this size (4.1:1); a green outline keeps the text on the card (5:1).
  success: "border border-success/60 text-success",
};

export function Badge({ className, variant = "default", ...props }: ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}
