// FollowButton (spec §2 Users tab, §4 follow toasts, §6 hidden on the user's own row, §8 'Failed
// to update follow status'): optimistic flips, the spec's toasts, rollback, own-id hiding, and the
// feed refetch after a change.
import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FollowButton } from "@web/features/social/components/follow-button";
import { apiError, deferred, json, mockApi } from "../auth/helpers";
import { makePost } from "../posts/fixtures";
import { findToast, renderSocial } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const FEED_KEY = ["posts", "list", "feed"];

async function renderFollow(viewerId: string | null | undefined, routes: Parameters<typeof mockApi>[0], initialFollowing?: boolean) {
  const api = mockApi(routes);
  const result = renderSocial(
    <div data-testid="host">
      <FollowButton userId="u2" username="jonah" viewerId={viewerId} initialFollowing={initialFollowing} />
    </div>,
    (qc) => qc.setQueryData(FEED_KEY, { pages: [{ items: [makePost()], nextCursor: null }], pageParams: [null] }),
  );
  await screen.findByTestId("host");
  return { api, ...result };
}

const button = () => screen.getByTestId("follow-button");

describe("FollowButton", () => {
  it("is hidden on the viewer's own id and makes no request", async () => {
    const { api } = await renderFollow("u2", {});
    expect(screen.queryByTestId("follow-button")).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it("follows at once with 'Following' / 'You are now following @jonah' and refetches the feed", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { api, queryClient } = await renderFollow("u1", {
      "GET /api/users/u2/follow": json({ following: false }),
      "PUT /api/users/u2/follow": () => answer.promise,
    });
    await waitFor(() => expect(button()).toBeEnabled());
    expect(button()).toHaveAccessibleName("Follow @jonah");
    expect(button()).toHaveAttribute("aria-pressed", "false");

    await user.click(button());
    expect(button()).toHaveAttribute("aria-pressed", "true");
    expect(await findToast("Following")).toBeInTheDocument();
    expect(screen.getByText("You are now following @jonah")).toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/users/u2/follow").map((c) => c.body)).toEqual([{ following: true }]);

    await act(async () => answer.resolve(json({ following: true, followerCount: 5, followingCount: 2 })));
    await waitFor(() => expect(queryClient.getQueryState(FEED_KEY)?.isInvalidated).toBe(true));
  });

  it("reads 'Unfollow' under the pointer and unfollows with 'Unfollowed' / 'You unfollowed @jonah'", async () => {
    const user = userEvent.setup();
    const { api } = await renderFollow(
      "u1",
      { "PUT /api/users/u2/follow": json({ following: false, followerCount: 4, followingCount: 2 }) },
      true,
    );
    // The caller knew the answer: no status request.
    expect(api.callsTo("GET", "/api/users/u2/follow")).toHaveLength(0);
    expect(button()).toHaveTextContent("Following");
    await user.hover(button());
    expect(button()).toHaveTextContent("Unfollow");
    await user.click(button());
    expect(await findToast("Unfollowed")).toBeInTheDocument();
    expect(screen.getByText("You unfollowed @jonah")).toBeInTheDocument();
    expect(button()).toHaveAttribute("aria-pressed", "false");
    expect(api.callsTo("PUT", "/api/users/u2/follow").map((c) => c.body)).toEqual([{ following: false }]);
  });

  it("rolls back and says 'Failed to update follow status' when the server refuses", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    await renderFollow("u1", {
      "GET /api/users/u2/follow": json({ following: false }),
      "PUT /api/users/u2/follow": apiError(404, "not_found", "Profile not found"),
    });
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());
    expect(await findToast("Failed to update follow status")).toBeInTheDocument();
    await waitFor(() => expect(button()).toHaveAttribute("aria-pressed", "false"));
    expect(button()).toHaveTextContent("Follow");
  });

  it("collapses rapid taps into one request carrying the final state", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const { api } = await renderFollow("u1", { "PUT /api/users/u2/follow": () => answer.promise }, false);
    for (let i = 0; i < 3; i += 1) await user.click(button()); // follow, unfollow, follow
    await act(async () => answer.resolve(json({ following: true, followerCount: 5, followingCount: 2 })));
    await waitFor(() => expect(button()).toHaveAttribute("aria-pressed", "true"));
    expect(api.callsTo("PUT", "/api/users/u2/follow")).toHaveLength(1);
  });

  it("sends a visitor to sign in, coming back afterwards", async () => {
    const { api } = await renderFollow(null, {});
    expect(button()).toHaveAttribute("href", "/auth?redirect=%2Fpost%2Fp1");
    expect(api.calls).toHaveLength(0);
  });
});
