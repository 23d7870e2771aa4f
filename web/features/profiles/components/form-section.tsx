// A titled group of fields, as the profile forms are laid out (spec §2 Profile creation: personal
// information, professional details and a profile-picture box), and the forms' button row.
import { useId, type ReactNode } from "react";
import { cn } from "@web/lib/cn";

export function FormSection({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-[var(--radius-card)] border bg-card p-4 shadow-sm sm:p-5">
      <div className="space-y-1">
        <h2 id={headingId} className="font-display text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * The form's buttons, kept in reach at the bottom of a phone screen while the form scrolls: just
 * above the bottom navigation, or at the very bottom on a screen without it.
 */
export function FormActions({ children, aboveBottomNav = true }: { children: ReactNode; aboveBottomNav?: boolean }) {
  return (
    <div
      className={cn(
        "sticky z-10 -mx-4 flex gap-3 border-t border-border/60 bg-background/90 px-4 py-3 backdrop-blur-xl sm:static sm:mx-0 sm:justify-end sm:border-0 sm:bg-transparent sm:px-0 sm:backdrop-blur-none",
        aboveBottomNav ? "bottom-[calc(4rem+env(safe-area-inset-bottom))]" : "bottom-0 pb-[calc(0.75rem+env(safe-area-inset-bottom))]",
      )}
    >
      {children}
    </div>
  );
}
