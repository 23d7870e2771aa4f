// Posts as the API answers them, a controllable IntersectionObserver, a wavesurfer stand-in's
// recorder, and a way to render one component inside a router and query client.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { vi } from "vitest";
import type { Post } from "@shared/posts-api";
import { encodeWaveform } from "@shared/waveform";
import { Toaster } from "@web/components/ui/toaster";

export const NOW = Date.now();

export function makePost(overrides: Partial<Post> = {}): Post {
  const id = overrides.id ?? "p1";
  return {
    id,
    userId: "u2",
    contentType: "image",
    mediaUrl: `/media/post-images/u2/${id}.jpg`,
    thumbnailUrl: null,
    mimeType: "image/jpeg",
    sizeBytes: 120_000,
    width: 1200,
    height: 800,
    durationMs: null,
    waveform: null,
    loudness: null,
    caption: "Console session tonight",
    location: "Atlanta, GA",
    tags: ["mixing", "rnb"],
    likesCount: 12,
    commentsCount: 1,
    createdAt: NOW - 5 * 60_000,
    updatedAt: NOW - 5 * 60_000,
    author: { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null, verified: true },
    viewer: { liked: false, bookmarked: false, isOwner: false },
    ...overrides,
  };
}

export function audioPost(overrides: Partial<Post> = {}): Post {
  return makePost({
    id: "a1",
    contentType: "audio",
    mediaUrl: "/media/post-audio/u2/a1.mp3",
    mimeType: "audio/mpeg",
    width: null,
    height: null,
    durationMs: 83_400,
    waveform: encodeWaveform([0.1, 0.5, 0.9, 0.4]),
    loudness: { integratedLufs: -14.2, truePeakDbtp: -1.3 },
    ...overrides,
  });
}

/** Records every IntersectionObserver so a test can say "this element is now half visible". */
export function installIntersectionObserver() {
  const observers: Array<{ callback: IntersectionObserverCallback; elements: Element[]; options?: IntersectionObserverInit }> = [];
  class FakeIntersectionObserver {
    private record: (typeof observers)[number];
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.record = { callback, elements: [], options };
      observers.push(this.record);
    }
    observe(element: Element) {
      this.record.elements.push(element);
    }
    unobserve() {}
    disconnect() {
      this.record.elements = [];
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  return {
    observers,
    /** Reports `element` as intersecting with the given ratio to every observer watching it. */
    show(element: Element, ratio = 1) {
      for (const o of observers) {
        if (o.elements.includes(element)) {
          o.callback([{ target: element, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry], o as never);
        }
      }
    },
  };
}

/** One component inside a router (for links) and a fresh query client, with the toast outlet. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Toaster />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/"] }) });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router, ...result };
}
