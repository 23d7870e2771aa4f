import { PROFILE_LIMITS } from "../constants";

// Profile screens (second document §2 Dashboard, Profile creation, Profile editing, Public
// profile): the spec's words where it gives them, ours for the empty states it leaves open.

export const PROFILE_SCREEN_TEXTS = {
  /** The profile-picture box of /create-profile (second document §2). */
  avatarHint: `PNG, JPG or GIF (max ${PROFILE_LIMITS.avatarMaxMb}MB)`,
  skipOnboarding: "Skip for now",
  usernameAvailable: "Username is available",
  noPosts: { title: "No posts yet", hint: "Posts shared here will show up on this profile." },
  noServices: { title: "No services yet", hint: "Services offered will be listed here." },
  noProducts: { title: "No products yet", hint: "Products for sale will be listed here." },
  /** The owner's own empty tabs on the dashboard (second document §2 Services and Products). */
  noOwnServices: "No services created yet",
  noOwnProducts: "No products created yet",
  createFirstService: "Create Your First Service",
  loadServices: "Failed to fetch services",
  loadProducts: "Failed to fetch products",
} as const;