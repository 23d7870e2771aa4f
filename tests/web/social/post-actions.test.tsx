// The post action bar (spec §2 feed actions; §4 like, bookmark; §7 native share and copy-link;
// §8 toasts): optimistic like with rapid taps collapsed into one request and rollback on error,
// the bookmark in-flight rule, share fallbacks, and sign-in prompts for visitors.
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Post } from "@shared/posts-api";
import { PostActions } from "@web/features/social/components/post-actions";
import { apiError, deferred, json, mockApi } from "../auth/helpers";
import { makePost } from "../posts/fixtures";
import { CachedPost, POST_KEY, findToast, renderSocial } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderActions(post: Post = makePost(), viewerId: string | null = "u1") {
  const result = renderSocial(<CachedPost id={post.id}>{(p) => <PostActions post={p} viewerId={viewerId} />}</CachedPost>, (qc) =>
    qc.setQueryData(POST_KEY(post.id), post),
  );
  // The same post in a list, so the test can see every cached copy change.
  result.queryClient.setQueryData(["posts", "list", "feed"], { pages: [{ items: [post], nextCursor: null }], pageParams: [null] });
  await screen.findByTestId("post-actions");
  return result;
}

const likeButton = () => screen.getByTestId("like-button");
const bookmarkButton = () => screen.getByTestId("bookmark-button");
const feedCopy = (qc: Awaited<ReturnType<typeof renderActions>>["queryClient"]) =>
  (qc.getQueryData(["posts", "list", "feed"]) as { pages: { items: Post[] }[] }).pages[0]!.items[0]!;

describe("like", () => {
  it("fills the heart and counts at once on every cached copy, then keeps the server's count", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = mockApi({ "PUT /api/posts/p1/like": () => answer.promise });
    const { queryClient } = await renderActions(makePost({ likesCount: 12 }));
    expect(likeButton()).toHaveAttribute("aria-pressed", "false");
    expect(likeButton()).toHaveAccessibleName("Like, 12 likes");

    await user.click(likeButton());
    expect(likeButton()).toHaveAttribute("aria-pressed", "true");
    expect(likeButton()).toHaveTextContent("13");
    expect(feedCopy(queryClient).viewer.liked).toBe(true);
    expect(api.callsTo("PUT", "/api/posts/p1/like")).toHaveLength(1);
    expect(api.calls.at(-1)!.body).toEqual({ liked: true });

    // Someone else liked it meanwhile: the server's count wins.
    await act(async () => answer.resolve(json({ liked: true, likesCount: 14 })));
    await waitFor(() => expect(likeButton()).toHaveTextContent("14"));
    expect(feedCopy(queryClient).likesCount).toBe(14);
  });

  it("collapses rapid taps into one request carrying the final state", async () => {
    const user = userEvent.setup();
    const first = deferred<Response>();
    const api = mockApi({ "PUT /api/posts/p1/like": () => first.promise });
    await renderActions(makePost({ likesCount: 12 }));

    // like (sent) → unlike → like → unlike → like, all while the first request is in flight.
    for (let i = 0; i < 5; i += 1) await user.click(likeButton());
    expect(likeButton()).toHaveAttribute("aria-pressed", "true");
    expect(likeButton()).toHaveTextContent("13");
    await act(async () => first.resolve(json({ liked: true, likesCount: 13 })));
    await waitFor(() => expect(likeButton()).toHaveTextContent("13"));
    // The final wish (liked) equals what the server confirmed: nothing more is sent.
    expect(api.callsTo("PUT", "/api/posts/p1/like").map((c) => c.body)).toEqual([{ liked: true }]);
  });

  it("sends the final state once the in-flight request returns when the taps end elsewhere", async () => {
    const user = userEvent.setup();
    const answers = [deferred<Response>(), deferred<Response>()];
    let n = 0;
    const api = mockApi({ "PUT /api/posts/p1/like": () => answers[n++]!.promise });
    await renderActions(makePost({ likesCount: 12 }));
    for (let i = 0; i < 4; i += 1) await user.click(likeButton()); // like, unlike, like, unlike
    expect(likeButton()).toHaveAttribute("aria-pressed", "false");
    expect(api.callsTo("PUT", "/api/posts/p1/like")).toHaveLength(1);
    await act(async () => answers[0]!.resolve(json({ liked: true, likesCount: 13 })));
    await waitFor(() => expect(api.callsTo("PUT", "/api/posts/p1/like")).toHaveLength(2));
    expect(api.callsTo("PUT", "/api/posts/p1/like").map((c) => c.body)).toEqual([{ liked: true }, { liked: false }]);
    // Still showing the wish while the second request runs.
    expect(likeButton()).toHaveAttribute("aria-pressed", "false");
    expect(likeButton()).toHaveTextContent("12");
    await act(async () => answers[1]!.resolve(json({ liked: false, likesCount: 12 })));
    await waitFor(() => expect(likeButton()).toHaveTextContent("12"));
  });

  it("rolls back to the server's state and shows 'Failed to update like' when the request fails", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi({ "PUT /api/posts/p1/like": apiError(500, "internal", "An unexpected error occurred") });
    const { queryClient } = await renderActions(makePost({ likesCount: 12 }));
    await user.click(likeButton());
    expect(await findToast("Failed to update like")).toBeInTheDocument();
    expect(likeButton()).toHaveAttribute("aria-pressed", "false");
    expect(likeButton()).toHaveTextContent("12");
    expect(feedCopy(queryClient)).toMatchObject({ likesCount: 12, viewer: { liked: false } });
  });

  it("asks a visitor to sign in and sends nothing", async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    await renderActions(makePost(), null);
    await user.click(likeButton());
    expect(await findToast("You must be logged in to like posts")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
    expect(likeButton()).toHaveAttribute("aria-pressed", "false");
  });
});

describe("bookmark", () => {
  it("bookmarks at once, says 'Post bookmarked', and ignores taps while the request is in flight", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = mockApi({ "PUT /api/posts/p1/bookmark": () => answer.promise });
    const { queryClient } = await renderActions();
    await user.click(bookmarkButton());
    expect(bookmarkButton()).toHaveAttribute("aria-pressed", "true");
    expect(feedCopy(queryClient).viewer.bookmarked).toBe(true);
    // Ignored (spec §4): still one request, still bookmarked.
    await user.click(bookmarkButton());
    await user.click(bookmarkButton());
    expect(api.callsTo("PUT", "/api/posts/p1/bookmark")).toHaveLength(1);
    expect(bookmarkButton()).toHaveAttribute("aria-pressed", "true");

    await act(async () => answer.resolve(json({ bookmarked: true })));
    expect(await findToast("Post bookmarked")).toBeInTheDocument();
    expect(api.calls.at(-1)!.body).toEqual({ bookmarked: true });

    // Once settled, the next tap goes through.
    mockApi({ "PUT /api/posts/p1/bookmark": json({ bookmarked: false }) });
    await user.click(bookmarkButton());
    expect(await findToast("Bookmark removed")).toBeInTheDocument();
    expect(bookmarkButton()).toHaveAttribute("aria-pressed", "false");
  });

  it("rolls back, logs, and shows 'Failed to update bookmark' when the server refuses", async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi({ "PUT /api/posts/p1/bookmark": apiError(404, "not_found", "Post not found") });
    const { queryClient } = await renderActions();
    await user.click(bookmarkButton());
    expect(await findToast("Failed to update bookmark")).toBeInTheDocument();
    expect(bookmarkButton()).toHaveAttribute("aria-pressed", "false");
    expect(feedCopy(queryClient).viewer.bookmarked).toBe(false);
    expect(logged).toHaveBeenCalled();
  });

  it("marks the saved-posts list stale so /bookmarks shows the change next time", async () => {
    const user = userEvent.setup();
    mockApi({ "PUT /api/posts/p1/bookmark": json({ bookmarked: true }) });
    const { queryClient } = await renderActions();
    queryClient.setQueryData(["social", "bookmarks"], { pages: [{ items: [], nextCursor: null }], pageParams: [null] });
    await user.click(bookmarkButton());
    await findToast("Post bookmarked");
    await waitFor(() => expect(queryClient.getQueryState(["social", "bookmarks"])?.isInvalidated).toBe(true));
  });

  it("asks a visitor to sign in", async () => {
    const user = userEvent.setup();
    const api = mockApi({});
    await renderActions(makePost(), null);
    await user.click(bookmarkButton());
    expect(await findToast("You must be logged in to bookmark posts")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });
});

describe("share", () => {
  function stubNavigator(parts: { share?: (data: ShareData) => Promise<void>; writeText?: (text: string) => Promise<void> }) {
    const share = parts.share ? vi.fn(parts.share) : undefined;
    const writeText = parts.writeText ? vi.fn(parts.writeText) : undefined;
    Object.defineProperty(navigator, "share", { value: share, configurable: true });
    Object.defineProperty(navigator, "canShare", { value: undefined, configurable: true });
    Object.defineProperty(navigator, "clipboard", { value: writeText ? { writeText } : undefined, configurable: true });
    return { share, writeText };
  }

  it("(first, before any share toast exists) stays silent when the native sheet is cancelled (AbortError)", async () => {
    const user = userEvent.setup();
    const { writeText } = stubNavigator({
      share: async () => {
        throw new DOMException("Share canceled", "AbortError");
      },
      writeText: async () => {},
    });
    await renderActions();
    await user.click(screen.getByRole("button", { name: "Share" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Share" })).toBeEnabled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const text of ["Post shared!", "Link copied!", "Failed to share post. Please try again."]) expect(screen.queryByText(text)).toBeNull();
    expect(writeText).not.toHaveBeenCalled();
  });

  it("uses the native share sheet with the absolute /post/{id} link: 'Post shared!'", async () => {
    const user = userEvent.setup();
    const { share, writeText } = stubNavigator({ share: async () => {}, writeText: async () => {} });
    await renderActions();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await findToast("Post shared!")).toBeInTheDocument();
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${location.origin}/post/p1` }));
    expect(writeText).not.toHaveBeenCalled();
  });

  it("copies the link without a share sheet: 'Link copied!'", async () => {
    const user = userEvent.setup();
    const { writeText } = stubNavigator({ writeText: async () => {} });
    await renderActions();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await findToast("Link copied!")).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/post/p1`);
  });

  it("says 'Failed to share post. Please try again.' when neither works", async () => {
    const user = userEvent.setup();
    stubNavigator({
      share: async () => {
        throw new DOMException("Not allowed", "NotAllowedError");
      },
      writeText: async () => {
        throw new Error("denied");
      },
    });
    await renderActions();
    await user.click(screen.getByRole("button", { name: "Share" }));
    expect(await findToast("Failed to share post. Please try again.")).toBeInTheDocument();
  });
});
