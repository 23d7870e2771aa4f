import { Slot } from "radix-ui";
import type { ComponentProps } from "react";
import type { HapticStrength } from "@web/lib/haptics";
import { cn } from "@web/lib/cn";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "link" | "destructive";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const base =
  "inline-flex shrink-0 select-none items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium " +
  "transition-[background-color,color,box-shadow,transform,opacity] duration-150 active:scale-[0.97] " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring " +
  "disabled:pointer-events-none disabled:opacity-50 aria-disabled:pointer-events-none aria-disabled:opacity-50 " +
  "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

const variants: Record<ButtonVariant, string> = {
  primary:
    "bg-primary text-primary-foreground shadow-[0_8px_24px_-8px_var(--color-glow)] hover:brightness-110",
  secondary: "bg-secondary text-secondary-foreground hover:bg-muted",
  outline: "border border-input bg-transparent text-foreground hover:bg-muted",
  ghost: "bg-transparent text-foreground hover:bg-muted",
  link: "h-auto rounded-sm px-0 text-primary underline-offset-4 hover:underline active:scale-100",
  destructive: "bg-destructive text-destructive-foreground hover:brightness-110",
};

const sizes: Record<ButtonSize, string> = {
  // 44 px is the smallest comfortable touch target; "sm" is for dense desktop rows only.
  sm: "h-9 px-3.5 text-sm",
  md: "h-11 px-5 text-sm",
  lg: "h-13 px-7 text-base",
  icon: "size-11",
};

/** Primary actions feel firmer and dangerous ones firmest (spec §1 haptics). */
const variantHaptics: Record<ButtonVariant, HapticStrength> = {
  primary: "medium",
  secondary: "light",
  outline: "light",
  ghost: "light",
  link: "light",
  destructive: "heavy",
};

export function buttonVariants({
  variant = "primary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}): string {
  return cn(base, variants[variant], variant !== "link" && sizes[size], className);
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Renders the child element (a router Link, an <a>) with button styling instead of a <button>. */
  asChild?: boolean;
  haptic?: HapticStrength | "none";
}

export function Button({ variant = "primary", size = "md", asChild, haptic, className, type, ...props }: ButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  return (
    <Comp
      data-haptic={haptic ?? variantHaptics[variant]}
      data-variant={variant}
      className={buttonVariants({ variant, size, className })}
      // A <button> without a type submits its form; default to "button" so only real submit
      // buttons submit.
      type={asChild ? type : (type ?? "button")}
      {...props}
    />
  );
}
