import { Moon, Sun } from "lucide-react";
import { themeToggleLabel, useTheme } from "@web/lib/theme";
import { cn } from "@web/lib/cn";

/**
 * Switches between the dark and light themes and remembers the choice. The icon follows the
 * `dark` class on <html> through CSS, so the prerendered landing page (decision record 0056) shows
 * the right one before any script runs; its boot script keeps the label in step (data-theme-toggle).
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { resolved, toggle } = useTheme();
  const label = themeToggleLabel(resolved);
  return (
    <button
      type="button"
      onClick={toggle}
      data-theme-toggle=""
      aria-label={label}
      title={label}
      className={cn(
        "inline-flex size-10 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground",
        "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
        className,
      )}
    >
      <Sun className="hidden size-5 dark:block" aria-hidden />
      <Moon className="size-5 dark:hidden" aria-hidden />
    </button>
  );
}
