import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import { useTheme } from "../../lib/theme";

/**
 * The one toast outlet, mounted by the root route. Colours come from the design tokens; error
 * toasts (the spec's "destructive" toasts titled Error) use the destructive colour through
 * sonner's rich-colour variables.
 */
export function Toaster() {
  const { resolved } = useTheme();
  return (
    <Sonner
      theme={resolved}
      position="top-center"
      richColors
      closeButton
      // Keep toasts clear of the notch on installed apps.
      offset={{ top: "calc(env(safe-area-inset-top, 0px) + 12px)" }}
      mobileOffset={{ top: "calc(env(safe-area-inset-top, 0px) + 8px)", left: "12px", right: "12px" }}
      toastOptions={{
        classNames: {
          toast: "!rounded-2xl !font-sans !shadow-xl",
          title: "!font-semibold",
          description: "!opacity-90",
          actionButton: "!rounded-full !bg-primary !text-primary-foreground !font-semibold !px-3",
        },
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--success-bg": "var(--popover)",
          "--success-text": "var(--popover-foreground)",
          "--success-border": "color-mix(in oklab, var(--success) 55%, transparent)",
          "--error-bg": "var(--destructive)",
          "--error-text": "var(--destructive-foreground)",
          "--error-border": "var(--destructive)",
          "--info-bg": "var(--popover)",
          "--info-text": "var(--popover-foreground)",
          "--info-border": "var(--border)",
        } as CSSProperties
      }
    />
  );
}
