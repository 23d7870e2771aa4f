// Renders social components the way screens do: the post comes from the query cache (so the
// optimistic updates that patch every cached copy are what the test sees), inside a router (for
// links and the sign-in prompt) with the toast outlet.
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from "@tanstack/react-router";
import { render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Post } from "@shared/posts-api";
import { Toaster } from "@web/components/ui/toaster";
import { postKeys } from "@web/features/posts/api";
import type { Comment, CommentPage, ReplyPage } from "@web/features/social/types";
import { NOW } from "../posts/fixtures";

// The posts feature's key (["posts", "detail", id]); importing its api also registers its caches
// with web/lib/post-cache.ts, as loading the feed or the post page does in the app.
export const POST_KEY = (id: string) => postKeys.detail(id);

/** Reads the post from the cache on every render, as a list or the share page would. */
export function CachedPost({ id, children }: { id: string; children: (post: Post) => ReactNode }) {
  const { data } = useQuery<Post>({ queryKey: POST_KEY(id), queryFn: () => new Promise<Post>(() => {}), staleTime: Infinity });
  return data ? <>{children(data)}</> : null;
}

export function renderSocial(ui: ReactNode, seed: (queryClient: QueryClient) => void = () => {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  seed(queryClient);
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Toaster />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/post/p1"] }) });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { queryClient, router, ...result };
}

export async function findToast(text: string) {
  // Only inside toasts: a button may carry the same word (e.g. "Following").
  return screen.findByText(text, { selector: "[data-sonner-toast] *" }, { timeout: 2000 });
}

const AUTHORS = {
  u2: { userId: "u2", username: "jonah", displayName: "Jonah Brooks", avatarUrl: null, verified: true },
  u3: { userId: "u3", username: "rae", displayName: "Rae Kim", avatarUrl: null, verified: false },
  u1: { userId: "u1", username: "maya", displayName: "Maya Lopez", avatarUrl: null, verified: false },
} as const;

export function makeComment(overrides: Partial<Comment> & { id: string }): Comment {
  const userId = overrides.userId ?? "u3";
  return {
    postId: "p1",
    userId,
    parentId: null,
    content: `Comment ${overrides.id}`,
    createdAt: NOW - 60 * 60_000,
    // Opaque to the SPA: whatever the server sent is what it must send back.
    atMs: null,
    cursor: `cursor-of-${overrides.id}`,
    author: AUTHORS[userId as keyof typeof AUTHORS] ?? AUTHORS.u3,
    viewer: { canDelete: false },
    ...overrides,
  };
}

/** A top-level comment with its replies, as a test describes it before it becomes a page. */
export type TestThread = Comment & { replies: Comment[]; replyCount?: number; repliesCursor?: string | null };

export function thread(comment: Comment, replies: Comment[] = [], more?: { replyCount: number; repliesCursor: string }): TestThread {
  return { ...comment, replies, ...more };
}

/** A comment as a page carries it: no author block (the page's map has it), no post, no cursor. */
function entry({ postId: _postId, author: _author, cursor: _cursor, ...rest }: Comment) {
  return rest;
}

/** The server's page for these threads: authors once in the map, the newest comment as `latest`. */
export function commentPage(threads: TestThread[], overrides: Partial<CommentPage> = {}): CommentPage {
  const all = threads.flatMap((t) => [t, ...t.replies]);
  const newest = [...all].sort((a, b) => b.createdAt - a.createdAt)[0];
  return {
    postId: "p1",
    items: threads.map(({ replies, replyCount, repliesCursor, ...top }) => ({
      ...entry(top),
      replies: replies.map(entry),
      replyCount: replyCount ?? replies.length,
      repliesCursor: repliesCursor ?? null,
    })),
    authors: Object.fromEntries(all.map((c) => [c.userId, c.author])),
    nextCursor: null,
    latest: newest ? { cursor: newest.cursor, createdAt: newest.createdAt } : null,
    total: all.length,
    ...overrides,
  };
}

/** The server's page of a thread's further replies. */
export function replyPage(replies: Comment[], nextCursor: string | null = null): ReplyPage {
  return { items: replies.map(entry), authors: Object.fromEntries(replies.map((c) => [c.userId, c.author])), nextCursor };
}
