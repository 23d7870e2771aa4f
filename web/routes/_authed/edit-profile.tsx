// Spec marketplace-messaging-account §2 Profile editing (/edit-profile): avatar upload, username,
// display name and bio (plus profession, location, website and skills, which the public profile
// shows and nothing else edits); Save Changes and Cancel both return to /dashboard; 'Profile not
// found' when there is no profile to edit.
import { useQuery } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { PROFILE_SCREEN_TEXTS } from "@shared/messages";
import type { OwnProfile } from "@shared/profile-api";
import { useSyncSessionProfile } from "@web/features/auth/hooks";
import { ownProfileQueryOptions } from "@web/features/profiles/api";
import { EditProfileForm } from "@web/features/profiles/components/edit-profile-form";
import { ProfileFormSkeleton, ProfileLoadProblem } from "@web/features/profiles/components/profile-form-states";
import { appPaths } from "@web/lib/app-paths";
import { BackLink } from "@web/components/back-link";

export const Route = createFileRoute("/_authed/edit-profile")({
  // Started here, not awaited (decision record 0016): the skeleton shows at once.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(ownProfileQueryOptions());
  },
  component: EditProfilePage,
});

function EditProfilePage() {
  const navigate = useNavigate();
  const profile = useQuery(ownProfileQueryOptions());
  const syncSession = useSyncSessionProfile();
  const toDashboard = () => void navigate({ to: appPaths.dashboard });
  const saved = (next: OwnProfile) => syncSession(next);

  return (
    <div className="px-4 pt-4">
      <div className="mb-4 flex items-center gap-2">
        <BackLink to={appPaths.dashboard} label={PROFILE_SCREEN_TEXTS.editProfile.backToDashboard} className="-ml-2" />
        <h1 className="font-display text-2xl font-bold tracking-tight">{PROFILE_SCREEN_TEXTS.editProfile.title}</h1>
      </div>
      {profile.isPending ? <ProfileFormSkeleton /> : null}
      {profile.error && !profile.data ? <ProfileLoadProblem error={profile.error} onRetry={() => void profile.refetch()} /> : null}
      {profile.data ? (
        <EditProfileForm
          profile={profile.data}
          onAvatarUploaded={saved}
          onSaved={(next) => {
            saved(next);
            toDashboard();
          }}
          onCancel={toDashboard}
        />
      ) : null}
    </div>
  );
}
