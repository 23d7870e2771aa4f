// React hooks of the accounts feature. `useSession` is what every screen reads; the mutations
// keep the session cache in step with the cookies the server sets or clears.
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { ACCOUNT_TEXTS, LEAVING_TEXTS } from "@shared/messages";
import type { SignOutScope } from "@shared/schemas/account";
import { onSessionLost } from "@web/lib/api-client";
import { forgetOfflineData, keepOfflineDataFor } from "@web/lib/offline-caches";
import { SIGNED_OUT, type SessionData, authCalls, authKeys, providersQueryOptions, sessionQueryOptions } from "./api";
import { notifyDeletionCancelled } from "./sign-in-notice";
import { carryAuthNotice } from "./carried-notice";
import { clearStoredData } from "./clear-stored-data";

/** The current session: `data.user` is null for visitors; `isPending` until the first answer. */
export function useSession() {
  return useQuery(sessionQueryOptions());
}

export function useProviders() {
  return useQuery(providersQueryOptions());
}

function setSession(queryClient: QueryClient, session: SessionData): void {
  queryClient.setQueryData(authKeys.session(), session);
  // The service worker's saved feed belongs to one account: a sign-in as someone else, or the
  // session ending, empties it (decision 0062).
  void keepOfflineDataFor(session.user?.id ?? null);
}

/**
 * When a call still answers 401 after a refresh, the server has ended the session (idle for an
 * hour, revoked on another device, or a reused refresh token). The cache then says "signed out",
 * which sends guarded screens to /auth.
 */
export function useSessionLostHandler(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onSessionLost(() => {
        if (queryClient.getQueryData<SessionData>(authKeys.session())?.user) setSession(queryClient, SIGNED_OUT);
      }),
    [queryClient],
  );
}

/**
 * A sign-in's answer becomes this tab's session: the password form's, or the native app's Google
 * hand-off (app-handoff.ts).
 */
export function adoptSignIn(queryClient: QueryClient, data: SessionData & { deletionCancelled: boolean }): void {
  // A previous account's cached data must never show under the new one.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== authKeys.all[0] });
  const { deletionCancelled, ...session } = data;
  setSession(queryClient, session);
  // Signing in during the grace period cancelled a requested deletion (decision record 0084).
  if (deletionCancelled) notifyDeletionCancelled();
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: authCalls.signIn,
    onSuccess: (data) => adoptSignIn(queryClient, data),
  });
}

/**
 * After "Delete my account": the server already ended every session; this tab forgets the
 * account and /auth says when the deletion happens and how to cancel it.
 */
export function useLeaveAfterDeletion() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    clearSessionAndLeave(queryClient, { then: "auth", notice: LEAVING_TEXTS.delete.signedOutNotice });
  }, [queryClient]);
}

export function useSignUp() {
  return useMutation({ mutationFn: authCalls.signUp });
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: authCalls.resend });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: authCalls.requestPasswordReset });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) => authCalls.confirmPasswordReset(token, password),
    // The server revokes every session of the account, this browser's included.
    onSuccess: () => setSession(queryClient, SIGNED_OUT),
  });
}

interface ClearSessionOptions {
  /** Storage keys that survive besides the theme (e.g. the local security logs). */
  keepStorageKeys?: readonly string[];
  /** "auth" loads /auth afresh; "reload" reloads the current page (the inactivity sign-out). */
  then: "auth" | "reload";
  /** Shown once by /auth after the page loads again. */
  notice?: string;
}

/**
 * Forgets everything this tab knows about the account: the query cache, local and session
 * storage (theme kept), then a full page load so no in-memory state of the old session survives.
 */
function clearSessionAndLeave(queryClient: QueryClient, options: ClearSessionOptions): void {
  clearStoredData(options.keepStorageKeys);
  // Started before the page leaves; should the load cut it short, the next session read (signed
  // out, so no owner) empties the caches anyway.
  void forgetOfflineData();
  queryClient.cancelQueries().catch(() => {});
  queryClient.clear();
  queryClient.setQueryData(authKeys.session(), SIGNED_OUT);
  if (options.notice) carryAuthNotice(options.notice);
  if (options.then === "reload") window.location.reload();
  else window.location.assign("/auth");
}

/**
 * The session-timeout sign-out of spec §9: end the session on the server if it still exists,
 * clear stored data and reload (the guard then sends the reloaded page to /auth).
 */
export function useFullSignOut(options: { keepStorageKeys?: readonly string[] } = {}) {
  const queryClient = useQueryClient();
  const keep = options.keepStorageKeys;
  return useCallback(async () => {
    await endPushOnSignOut();
    await authCalls.signOut("local").catch(() => {});
    clearSessionAndLeave(queryClient, { keepStorageKeys: keep, then: "reload", notice: ACCOUNT_TEXTS.inactivitySignOut });
  }, [queryClient, keep]);
}

/**
 * Sign out of this device ("local"), every device ("global") or every other device ("others").
 * For local and global the browser forgets the session even when the server already had (it
 * answers 401 then), because the user asked to be signed out here.
 */
/** The push client's sign-out step, loaded on first use (it is no part of the app shell's budget). */
async function endPushOnSignOut(): Promise<void> {
  try {
    const { endPushOnSignOut: end } = await import("@web/lib/push-device");
    await end();
  } catch {
    // A chunk that cannot load must not keep anyone signed in.
  }
}

export function useSignOut(options: { keepStorageKeys?: readonly string[] } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (scope: SignOutScope) => {
      // This device stops getting the account's pushes before the session ends (issue #30); it
      // never throws, so a browser without push, or a push service that fails, signs out as before.
      // Loaded here, not with the shell: the push client is needed only at this moment.
      if (scope !== "others") await endPushOnSignOut();
      try {
        await authCalls.signOut(scope);
      } catch (error) {
        const status = (error as { status?: number }).status;
        if (scope === "others" || status !== 401) throw error;
      }
      return scope;
    },
    onSuccess: (scope) => {
      if (scope === "others") return;
      clearSessionAndLeave(queryClient, { keepStorageKeys: options.keepStorageKeys, then: "auth" });
    },
  });
}

/** What the session keeps of one's own profile that the profile screens can change. */
interface ProfileFacts {
  username: string;
  displayName: string;
  avatarUrl: string | null;
  needsOnboarding: boolean;
}

/**
 * Brings the cached session in step after the profile screens saved one's own profile: the
 * signed-in layout reads `needsOnboarding` from it on every navigation (so onboarding, once saved
 * or skipped, is not offered again), and screens such as /settings show its name.
 */
export function useSyncSessionProfile() {
  const queryClient = useQueryClient();
  return useCallback(
    (facts: ProfileFacts) => {
      const session = queryClient.getQueryData<SessionData>(authKeys.session());
      if (!session?.user) return;
      setSession(queryClient, {
        ...session,
        user: { ...session.user, needsOnboarding: facts.needsOnboarding },
        profile: session.profile
          ? { ...session.profile, username: facts.username, displayName: facts.displayName, avatarUrl: facts.avatarUrl }
          : session.profile,
      });
    },
    [queryClient],
  );
}
