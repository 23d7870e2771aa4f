// /bookmarks (marketplace-messaging-account §2): the back link to the dashboard, saved posts
// newest bookmark first with the action bar, 'Load more' with the cursor, and the empty state.
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, makePost } from "../posts/fixtures";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const saved = (id: string, caption: string) => makePost({ id, caption, viewer: { liked: false, bookmarked: true, isOwner: false } });

describe("/bookmarks", () => {
  it("lists saved posts newest first with a back link to the dashboard and loads more with the cursor", async () => {
    const user = userEvent.setup();
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/users/u2/follow": json({ following: true }),
      "GET /api/bookmarks": ({ search }: { search: string }) =>
        new URLSearchParams(search).get("cursor") === "b1"
          ? json({ items: [saved("p1", "Saved long ago")], nextCursor: null })
          : json({ items: [saved("p3", "Saved today"), saved("p2", "Saved yesterday")], nextCursor: "b1" }),
    });
    renderApp("/bookmarks");
    expect(await screen.findByText("Saved today")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to dashboard" })).toHaveAttribute("href", "/dashboard");
    expect(screen.getAllByTestId("post-caption").map((el) => el.textContent)).toEqual(["Saved today", "Saved yesterday"]);
    const first = screen.getAllByTestId("post-card")[0]!;
    expect(within(first).getByTestId("bookmark-button")).toHaveAttribute("aria-pressed", "true");
    expect(within(first).getByTestId("like-button")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Saved long ago")).toBeInTheDocument();
    expect(new URLSearchParams(api.callsTo("GET", "/api/bookmarks")[1]!.search).get("cursor")).toBe("b1");
  });

  it("shows 'No saved posts yet' when nothing is saved", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/bookmarks": json({ items: [], nextCursor: null }) });
    renderApp("/bookmarks");
    expect(await screen.findByText("No saved posts yet")).toBeInTheDocument();
  });
});
