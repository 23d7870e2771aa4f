// Accounts API for the SPA (spec §4 auth states, §7 auth service): query options for the
// session and the sign-in providers, and the calls behind every auth mutation. Components use
// the hooks in ./hooks; route guards use `sessionQueryOptions` with `ensureQueryData`.
import { queryOptions } from "@tanstack/react-query";
import type { SignOutScope } from "@shared/schemas/account";
import type { SignIn, SignUp } from "@shared/schemas/auth";
import { api, unwrap } from "@web/lib/api-client";
import { keepOfflineDataFor } from "@web/lib/offline-caches";

export const authKeys = {
  all: ["auth"] as const,
  session: () => [...authKeys.all, "session"] as const,
  providers: () => [...authKeys.all, "providers"] as const,
};

async function fetchSession() {
  const session = await unwrap(api.api.auth.session.$get());
  // Before any screen reads its data: the service worker's saved feed is emptied when it was
  // kept for another account (or the visitor is signed out), so it can never show to them.
  await keepOfflineDataFor(session.user?.id ?? null);
  return session;
}

export type SessionData = Awaited<ReturnType<typeof fetchSession>>;

export const SIGNED_OUT: SessionData = { user: null, profile: null };

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: authKeys.session(),
    // GET /api/auth/session never answers 401; with an expired access cookie the server renews
    // it from the refresh cookie itself, so one call settles whether the visitor is signed in.
    queryFn: fetchSession,
    // Read once per page load. Afterwards the session changes only through our own mutations
    // (which write the cache) or the server ending it (a 401 that the api client reports), and
    // fewer background reads mean fewer refresh-token rotations racing each other.
    staleTime: Infinity,
    retry: false,
  });
}

export function providersQueryOptions() {
  return queryOptions({
    queryKey: authKeys.providers(),
    queryFn: () => unwrap(api.api.auth.providers.$get()),
    staleTime: Infinity,
    retry: false,
  });
}

// The bodies are the shared schemas' outputs: what the forms hand over after validating.
export const authCalls = {
  signIn: (json: SignIn) => unwrap(api.api.auth["sign-in"].$post({ json })),
  signUp: (json: SignUp) => unwrap(api.api.auth["sign-up"].$post({ json })),
  signOut: (scope: SignOutScope) => unwrap(api.api.auth["sign-out"].$post({ json: { scope } })),
  confirm: (token: string) => unwrap(api.api.auth.confirm.$post({ json: { token } })),
  resend: (email: string) => unwrap(api.api.auth.resend.$post({ json: { email } })),
  requestPasswordReset: (email: string) => unwrap(api.api.auth["password-reset"].$post({ json: { email } })),
  confirmPasswordReset: (token: string, password: string) =>
    unwrap(api.api.auth["password-reset"].confirm.$post({ json: { token, password } })),
};

/** Where the browser goes for Google sign-in; a full navigation, since the server answers 302. */
export const GOOGLE_SIGN_IN_PATH = "/api/auth/google";
