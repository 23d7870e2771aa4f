import type { CSSProperties } from "react";
import { Toaster as Sonner } from "sonner";
import { useTheme } from "@web/lib/theme";

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
      // On a phone a toast spans the width, so it opens just below the header (h-14) instead of
      // over it: the header's buttons stay usable while it shows, and a finger reaching for them
      // does not land on the toast and pause its timer.
      mobileOffset={{ top: "calc(env(safe-area-inset-top, 0px) + 3.5rem + 8px)", left: "12px", right: "12px" }}
      toastOptions={{
        classNames: {
          toast: "!rounded-2xl !font-sans !shadow-xl",
          // The description keeps the toast's full text colour: faded, the white on an error
          // toast's red measured 4.1:1, under the 4.5:1 that WCAG AA asks of small text.
          title: "!font-semibold",
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
