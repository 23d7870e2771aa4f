import { LoaderCircle } from "lucide-react";
import { UI_TEXTS } from "@shared/messages";
import { cn } from "@web/lib/cn";

/** A spinning indicator; pass a label when it is the only thing telling the user to wait. */
export function Spinner({ className, label = UI_TEXTS.loading }: { className?: string; label?: string }) {
  return (
    <span role="status" aria-live="polite" className="inline-flex items-center">
      <LoaderCircle className={cn("size-5 animate-spin text-primary", className)} aria-hidden />
      <span className="sr-only">{label}</span>
    </span>
  );
}
