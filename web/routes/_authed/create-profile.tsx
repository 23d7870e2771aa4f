// Spec marketplace-messaging-account §2 Profile creation (/create-profile); DESIGN.md: it saves.
// A new account whose profile has no profession is brought here after signing in (the signed-in
// layout's guard), with 'Skip for now'; saving or skipping ends that, and the user continues to
// where they were going (`redirect`, same-origin paths only). The page may be opened again later
// to fill the details in.
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { PROFILE_SCREEN_TEXTS, PROFILE_TEXTS } from "@shared/messages";
import type { OwnProfile } from "@shared/profile-api";
import { notifyError } from "@web/components/ui/toast";
import { useSyncSessionProfile } from "@web/features/auth/hooks";
import { safeRedirect } from "@web/features/auth/redirect";
import { ownProfileQueryOptions, useSkipOnboarding } from "@web/features/profiles/api";
import { OnboardingForm } from "@web/features/profiles/components/onboarding-form";
import { ProfileFormSkeleton, ProfileLoadProblem } from "@web/features/profiles/components/profile-form-states";
import { optionalString } from "@web/lib/search-params";

export const Route = createFileRoute("/_authed/create-profile")({
  validateSearch: (search): { redirect?: string } => ({ redirect: optionalString(search.redirect, { max: 2048 }) }),
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ownProfileQueryOptions());
  },
  // A focused flow: no bottom navigation to wander off through.
  staticData: { layout: "focused" },
  component: CreateProfilePage,
});

const T = PROFILE_SCREEN_TEXTS.onboarding;

function CreateProfilePage() {
  const { redirect } = Route.useSearch();
  const navigate = useNavigate();
  const profile = useQuery(ownProfileQueryOptions());
  const skip = useSkipOnboarding();
  const syncSession = useSyncSessionProfile();

  const done = (saved: OwnProfile) => {
    syncSession(saved);
    void navigate({ href: safeRedirect(redirect), replace: true });
  };
  const onSkip = async () => {
    try {
      done(await skip.mutateAsync());
    } catch {
      notifyError(PROFILE_TEXTS.updateFailed.description, { title: PROFILE_TEXTS.updateFailed.title, id: "profile-save" });
    }
  };

  return (
    <div className="px-4 pt-5">
      <div className="mb-5 space-y-1.5">
        <p className="text-sm font-semibold text-primary">{T.welcome}</p>
        <h1 className="font-display text-3xl font-bold tracking-tight">{T.title}</h1>
        <p className="text-sm text-muted-foreground">{T.intro}</p>
      </div>
      {profile.isPending ? <ProfileFormSkeleton /> : null}
      {profile.error && !profile.data ? <ProfileLoadProblem error={profile.error} onRetry={() => void profile.refetch()} /> : null}
      {profile.data ? <OnboardingForm profile={profile.data} onSaved={done} onSkip={() => void onSkip()} skipping={skip.isPending} /> : null}
    </div>
  );
}
