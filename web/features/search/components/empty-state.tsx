// The search screen's empty and idle states: an icon, the spec's title and an optional hint.
import type { ReactNode } from "react";

export function EmptyState({ icon, title, hint, children }: { icon: ReactNode; title: string; hint?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed px-6 py-12 text-center" data-testid="search-empty">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">{icon}</span>
      <div className="space-y-1">
        <p className="font-display text-base font-semibold">{title}</p>
        {hint ? <p className="max-w-xs text-sm text-muted-foreground">{hint}</p> : null}
      </div>
      {children}
    </div>
  );
}
