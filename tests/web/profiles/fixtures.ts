// Profiles, seller items and the dashboard as the API answers them (shared/profile-api.ts).
import type { ProductCard, ServiceCard } from "@shared/catalogue";
import type { Dashboard, OwnProfile, PublicProfile } from "@shared/profile-api";
import { NOW, makePost } from "../posts/fixtures";

const JOINED = Date.UTC(2024, 2, 14);

export function makeProfile(overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    userId: "u2",
    username: "jonah",
    displayName: "Jonah Brooks",
    avatarUrl: null,
    verified: true,
    profession: "Mixing Engineer",
    bio: "Mixing records in a converted church.",
    location: "Atlanta, GA",
    websiteUrl: "https://www.jonahmix.example/work/",
    skills: ["Mixing", "Mastering", "Pro Tools", "Analog", "Vocals", "Atmos", "Stems"],
    postCount: 12,
    followerCount: 340,
    followingCount: 98,
    joinedAt: JOINED,
    viewer: { isSelf: false, following: false },
    ...overrides,
  };
}

export function makeOwnProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  const { viewer: _viewer, ...base } = makeProfile({ userId: "u1", username: "maya", displayName: "Maya Lopez", verified: false, skills: ["Beatmaking"] });
  return {
    ...base,
    email: "maya@example.com",
    phone: null,
    yearsExperience: null,
    hourlyRateCents: null,
    needsOnboarding: false,
    ...overrides,
  };
}

export function makeService(overrides: Partial<ServiceCard> = {}): ServiceCard {
  return {
    id: "s1",
    userId: "u2",
    name: "Mix a single",
    description: "Full mix with two revisions.",
    category: "mixing",
    needsScheduling: false,
    pricingModel: "per_session",
    priceCents: 12000,
    packagePriceCents: null,
    priceLabel: "$120/session",
    turnaroundDays: 5,
    createdAt: NOW - 86_400_000,
    rating: { average: 4.5, count: 2 },
    ...overrides,
  };
}

export function makeProduct(overrides: Partial<ProductCard> = {}): ProductCard {
  return {
    id: "pr1",
    userId: "u2",
    name: "Drum kit vol. 1",
    description: "One-shots and loops.",
    category: "samples",
    type: "digital",
    priceCents: 2500,
    priceLabel: "$25",
    imageUrl: null,
    createdAt: NOW - 86_400_000,
    rating: null,
    ...overrides,
  };
}

export function makeDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const profile = makeOwnProfile();
  const own = { userId: "u1", username: "maya", displayName: "Maya Lopez", avatarUrl: null, verified: false };
  return {
    profile,
    posts: [1, 2, 3, 4, 5].map((n) =>
      makePost({ id: `mp${n}`, userId: "u1", caption: `My post ${n}`, author: own, viewer: { liked: false, bookmarked: false, isOwner: true } }),
    ),
    services: [
      makeService({ id: "s1", userId: "u1", name: "Hourly mixing", pricingModel: "hourly", priceCents: 4500, priceLabel: "$45/hour" }),
      makeService({ id: "s2", userId: "u1", name: "Album package", pricingModel: "package", priceCents: null, packagePriceCents: 30000, priceLabel: "Starting at $300" }),
      makeService({ id: "s3", userId: "u1", name: "Consultation", pricingModel: "per_session", priceCents: null, priceLabel: "Contact for pricing" }),
    ],
    products: [makeProduct({ id: "pr1", userId: "u1" })],
    totals: { services: 4, products: 1, bookmarks: 0 },
    ...overrides,
  };
}
