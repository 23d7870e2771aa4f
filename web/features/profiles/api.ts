// Profiles API for the SPA (spec marketplace-messaging-account §2 Dashboard, Profile creation,
// Profile editing, Public profile; §5 avatar and profile rules; §7 Profile, Profile update,
// Username check; the contract in shared/profile-api.ts): a key factory, query options for a
// public profile and its tabs, the own profile and the dashboard, and the own-profile writes.
//
// Calls go through the typed hc client (401 → one refresh → one retry) and `unwrap`, so every
// failure arrives as an ApiClientError carrying the server's spec-exact message. The avatar is a
// raw image body sent through web/lib/xhr-upload.ts, because the screen shows its progress.
import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  Dashboard,
  OnboardingInput,
  OwnProfile,
  ProductCardPage,
  ProfileUpdateInput,
  PublicProfile,
  ServiceCardPage,
  UsernameCheck,
} from "@shared/profile-api";
import { api, ApiClientError, unwrap } from "@web/lib/api-client";
import { cursorPages, pageQuery } from "@web/lib/paging";
import { registerCatalogueCache } from "@web/lib/catalogue-cache";
import { invalidatePostLists, registerPostCache } from "@web/lib/post-cache";
import { xhrUpload } from "@web/lib/xhr-upload";

export const profileKeys = {
  all: ["profiles"] as const,
  publics: () => [...profileKeys.all, "public"] as const,
  public: (userId: string) => [...profileKeys.publics(), userId] as const,
  own: () => [...profileKeys.all, "own"] as const,
  dashboard: () => [...profileKeys.all, "dashboard"] as const,
  services: (userId: string) => [...profileKeys.all, "services", userId] as const,
  products: (userId: string) => [...profileKeys.all, "products", userId] as const,
  usernameCheck: (username: string) => [...profileKeys.all, "username-check", username] as const,
};


export const profileCalls = {
  get: (userId: string, signal?: AbortSignal): Promise<PublicProfile> =>
    unwrap(api.api.users[":userId"].$get({ param: { userId } }, { init: { signal } })),
  services: (userId: string, cursor: string | null, signal?: AbortSignal): Promise<ServiceCardPage> =>
    unwrap(api.api.users[":userId"].services.$get({ param: { userId }, query: pageQuery(cursor) }, { init: { signal } })),
  products: (userId: string, cursor: string | null, signal?: AbortSignal): Promise<ProductCardPage> =>
    unwrap(api.api.users[":userId"].products.$get({ param: { userId }, query: pageQuery(cursor) }, { init: { signal } })),
  /** Answers 204; a failure is only logged, like a post view (the visitor never notices). */
  recordVisit: async (userId: string): Promise<void> => {
    try {
      const res = await api.api.users[":userId"].visits.$post({ param: { userId } });
      if (!res.ok) console.warn(`Recording a visit to profile ${userId} failed with ${res.status}`);
    } catch (error) {
      console.warn(`Recording a visit to profile ${userId} failed:`, error);
    }
  },
  own: (signal?: AbortSignal): Promise<OwnProfile> => unwrap(api.api.profile.$get({}, { init: { signal } })),
  dashboard: (signal?: AbortSignal): Promise<Dashboard> => unwrap(api.api.profile.dashboard.$get({}, { init: { signal } })),
  update: (json: ProfileUpdateInput): Promise<OwnProfile> => unwrap(api.api.profile.$patch({ json })),
  checkUsername: (username: string, signal?: AbortSignal): Promise<UsernameCheck> =>
    unwrap(api.api.profile["username-check"].$get({ query: { username } }, { init: { signal } })),
  uploadAvatar: (image: Blob, onProgress?: (loadedBytes: number) => void, signal?: AbortSignal): Promise<OwnProfile> =>
    xhrUpload<OwnProfile>({ method: "POST", url: "/api/profile/avatar", body: image, contentType: image.type, onProgress, signal }),
  saveOnboarding: (json: OnboardingInput): Promise<OwnProfile> => unwrap(api.api.profile.onboarding.$put({ json })),
  skipOnboarding: (): Promise<OwnProfile> => unwrap(api.api.profile.onboarding.skip.$post()),
};

/** True for the API's 404: the profile does not exist (as opposed to failing to load). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiClientError && error.status === 404;
}

export function publicProfileQueryOptions(userId: string) {
  return queryOptions({
    queryKey: profileKeys.public(userId),
    queryFn: ({ signal }) => profileCalls.get(userId, signal),
    // A missing profile stays missing; retrying only delays 'Profile not found'.
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

export function ownProfileQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.own(),
    queryFn: ({ signal }) => profileCalls.own(signal),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: profileKeys.dashboard(),
    queryFn: ({ signal }) => profileCalls.dashboard(signal),
    retry: (failures, error) => !isNotFound(error) && failures < 1,
  });
}

export function userServicesInfiniteQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.services(userId),
    queryFn: ({ pageParam, signal }) => profileCalls.services(userId, pageParam, signal),
    ...cursorPages,
  });
}

export function userProductsInfiniteQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.products(userId),
    queryFn: ({ pageParam, signal }) => profileCalls.products(userId, pageParam, signal),
    ...cursorPages,
  });
}

// The dashboard's five latest posts are copies of posts shown elsewhere too: a like or a
// bookmark on the feed must show here, and one made here must show there (decision 0015).
registerPostCache({
  patchPost: (queryClient, postId, fn) => {
    queryClient.setQueryData<Dashboard>(profileKeys.dashboard(), (data) =>
      data && data.posts.some((post) => post.id === postId)
        ? { ...data, posts: data.posts.map((post) => (post.id === postId ? fn(post) : post)) }
        : data,
    );
  },
  invalidateLists: (queryClient) => queryClient.invalidateQueries({ queryKey: profileKeys.dashboard() }),
});

// A seller's services and products show on the profile tabs and the dashboard: a save or delete
// on the catalogue screens refreshes them (web/lib/catalogue-cache.ts).
registerCatalogueCache(async (queryClient) => {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [...profileKeys.all, "services"] }),
    queryClient.invalidateQueries({ queryKey: [...profileKeys.all, "products"] }),
    queryClient.invalidateQueries({ queryKey: profileKeys.dashboard() }),
  ]);
});

/**
 * The follower count and follow flag on a cached public profile, after the viewer followed or
 * unfollowed it. Idempotent: a state the profile already shows changes nothing, so the optimistic
 * flip and a later rollback both land on the right count.
 */
export function setProfileFollowing(queryClient: QueryClient, userId: string, following: boolean): void {
  queryClient.setQueryData<PublicProfile>(profileKeys.public(userId), (profile) => {
    if (!profile?.viewer || profile.viewer.following === following) return profile;
    return {
      ...profile,
      followerCount: Math.max(0, profile.followerCount + (following ? 1 : -1)),
      viewer: { ...profile.viewer, following },
    };
  });
}

/**
 * After any write to one's own profile: the answer is the new own profile; the dashboard and the
 * public profile are refetched, and so are post lists, whose cards carry the author's name and
 * avatar.
 */
function ownProfileSaved(queryClient: QueryClient, profile: OwnProfile): void {
  queryClient.setQueryData(profileKeys.own(), profile);
  queryClient.setQueryData<Dashboard>(profileKeys.dashboard(), (data) => (data ? { ...data, profile } : data));
  void queryClient.invalidateQueries({ queryKey: profileKeys.dashboard() });
  void queryClient.invalidateQueries({ queryKey: profileKeys.public(profile.userId) });
  void invalidatePostLists(queryClient);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileCalls.update,
    onSuccess: (profile) => ownProfileSaved(queryClient, profile),
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ image, onProgress, signal }: { image: Blob; onProgress?: (loadedBytes: number) => void; signal?: AbortSignal }) =>
      profileCalls.uploadAvatar(image, onProgress, signal),
    onSuccess: (profile) => ownProfileSaved(queryClient, profile),
  });
}

export function useSaveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileCalls.saveOnboarding,
    onSuccess: (profile) => ownProfileSaved(queryClient, profile),
  });
}

export function useSkipOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: profileCalls.skipOnboarding,
    onSuccess: (profile) => queryClient.setQueryData(profileKeys.own(), profile),
  });
}
