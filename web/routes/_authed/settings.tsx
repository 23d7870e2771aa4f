// Spec social-feed-search §7 (security_events read for the user; logout scopes) and §9 (security
// settings): /settings, the Account & security screen; with the notification preferences of
// issue #30 (push on this device, per kind of event, quiet hours).
import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { REAUTH_OUTCOMES, type ReauthOutcome } from "@shared/leaving-api";
import { SETTINGS_SCREEN_TEXTS } from "@shared/messages";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { LeavingSection } from "@web/features/auth/components/leaving-section";
import { SignOutActions } from "@web/features/auth/components/sign-out-actions";
import { useSession } from "@web/features/auth/hooks";
import { NotificationSettings } from "@web/features/notifications/components/notification-settings";
import { securityKeys } from "@web/features/security/api";
import { SafetySettings } from "@web/features/safety/components/safety-settings";
import { SecuritySummary } from "@web/features/security/components/security-summary";
import { SECURITY_STORAGE_KEYS } from "@web/features/security/local-log";
import { optionalOneOf } from "@web/lib/search-params";

const T = SETTINGS_SCREEN_TEXTS;

export interface SettingsSearch {
  /** Set by the Worker after a Google re-authentication for "Delete my account" (decision record 0084). */
  reauth?: ReauthOutcome;
}

export const Route = createFileRoute("/_authed/settings")({
  validateSearch: (search): SettingsSearch => ({ reauth: optionalOneOf(search.reauth, REAUTH_OUTCOMES) }),
  component: SettingsPage,
});

function SettingsPage() {
  const { user, profile } = Route.useRouteContext();
  // The live session wins over the context snapshot taken when the route loaded.
  const session = useSession();
  const email = session.data?.user?.email ?? user.email;
  const queryClient = useQueryClient();
  const { reauth } = Route.useSearch();
  const navigate = useNavigate();

  return (
    <div className="flex flex-col gap-4 px-4 py-5">
      <h1 className="font-display text-2xl font-bold tracking-tight">{T.title}</h1>

      <Card>
        <CardHeader>
          <CardTitle>{T.account.title}</CardTitle>
          <CardDescription>{T.account.signedInAs}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-1">
          <p className="break-all font-medium" data-testid="account-email">
            {email}
          </p>
          {profile ? (
            <p className="text-sm text-muted-foreground">
              {profile.displayName} · @{profile.username}
            </p>
          ) : null}
        </CardContent>
      </Card>

      <NotificationSettings userId={user.id} />

      <Card>
        <CardHeader>
          <CardTitle>{T.security.title}</CardTitle>
          <CardDescription>{T.security.description}</CardDescription>
        </CardHeader>
        <CardContent>
          <SecuritySummary />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>{T.sessions.title}</CardTitle>
          <CardDescription>{T.sessions.autoSignOut}</CardDescription>
        </CardHeader>
        <CardContent>
          <SignOutActions
            keepStorageKeys={SECURITY_STORAGE_KEYS}
            onOthersSignedOut={() => void queryClient.invalidateQueries({ queryKey: securityKeys.all })}
          />
        </CardContent>
      </Card>

      <SafetySettings />
      <LeavingSection reauth={reauth} onReauthSeen={() => void navigate({ to: "/settings", search: {}, replace: true })} />
    </div>
  );
}
