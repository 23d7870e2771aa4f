// What the profile forms show before they can show the form: placeholders while the profile
// loads, and 'Profile not found' or 'Failed to load profile' with a retry (spec §2 Profile
// editing fallback, §8 profile load).
import { RefreshCw, UserX } from "lucide-react";
import { PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Skeleton } from "@web/components/ui/skeleton";
import { isNotFound } from "../api";

export function ProfileFormSkeleton() {
  return (
    <div className="space-y-5" role="status" aria-busy="true" aria-label={PROFILE_SCREEN_TEXTS.form.loading} data-testid="profile-form-skeleton">
      {[0, 1].map((section) => (
        <div key={section} className="space-y-4 rounded-[var(--radius-card)] border bg-card p-4 sm:p-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-11 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ))}
    </div>
  );
}

export function ProfileLoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (isNotFound(error)) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-[var(--radius-card)] border border-dashed px-6 py-14 text-center" data-testid="profile-not-found">
        <UserX className="size-10 text-muted-foreground" aria-hidden />
        <h2 className="font-display text-xl font-semibold">{PROFILE_TEXTS.notFound}</h2>
      </div>
    );
  }
  return (
    <div role="alert" className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-destructive/40 bg-destructive/5 px-6 py-12 text-center" data-testid="profile-load-failed">
      <h2 className="font-display text-lg font-semibold">{PROFILE_TEXTS.loadFailed}</h2>
      <Button variant="outline" onClick={onRetry}>
        <RefreshCw aria-hidden /> {PROFILE_SCREEN_TEXTS.form.tryAgain}
      </Button>
    </div>
  );
}
