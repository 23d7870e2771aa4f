// /feed (spec §2): posts newest first from GET /api/feed, the keyset cursor for later pages via
// infinite scroll or 'Load more', skeletons, the empty state, and the Error toast with a retry.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetViewedForTests } from "@web/features/posts/hooks/use-record-view";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, makePost } from "./fixtures";

vi.mock("wavesurfer.js", async () => (await import("./wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  sessionStorage.clear();
  resetViewedForTests();
});
afterEach(resetApp);

const first = [makePost({ id: "p3", caption: "Newest" }), makePost({ id: "p2", caption: "Older" })];
const second = [makePost({ id: "p1", caption: "Oldest" })];

function feedRoute() {
  return ({ search }: { search: string }) => {
    const params = new URLSearchParams(search);
    return json(params.get("cursor") === "c1" ? { items: second, nextCursor: null } : { items: first, nextCursor: "c1" });
  };
}

const captions = () => screen.getAllByTestId("post-caption").map((el) => el.textContent);

describe("/feed", () => {
  it("shows skeletons, then the first page; 'Load more' fetches the next page with the cursor", async () => {
    const user = userEvent.setup();
    installIntersectionObserver();
    const answer = deferred<Response>();
    let calls = 0;
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/feed": (call: { search: string }) => (calls++ === 0 ? answer.promise : feedRoute()(call)),
    });
    renderApp("/feed");
    expect((await screen.findAllByTestId("post-skeleton")).length).toBeGreaterThan(0);
    await act(async () => answer.resolve(json({ items: first, nextCursor: "c1" })));
    expect(await screen.findByText("Newest")).toBeInTheDocument();
    expect(captions()).toEqual(["Newest", "Older"]);
    expect(new URLSearchParams(api.callsTo("GET", "/api/feed")[0]!.search).get("limit")).toBe("10");

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Oldest")).toBeInTheDocument();
    expect(captions()).toEqual(["Newest", "Older", "Oldest"]);
    expect(new URLSearchParams(api.callsTo("GET", "/api/feed")[1]!.search).get("cursor")).toBe("c1");
    expect(screen.getByText("You're all caught up")).toBeInTheDocument();
  });

  it("loads the next page when the end of the list scrolls into view", async () => {
    const io = installIntersectionObserver();
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/feed": feedRoute() });
    renderApp("/feed");
    await screen.findByText("Newest");
    act(() => io.show(screen.getByTestId("post-list-sentinel")));
    expect(await screen.findByText("Oldest")).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/feed")).toHaveLength(2);
  });

  it("records a view when a card is half visible, once per post per session", async () => {
    const io = installIntersectionObserver();
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/feed": feedRoute(),
      "POST /api/posts/p3/views": () => new Response(null, { status: 204 }),
    });
    renderApp("/feed");
    const card = (await screen.findByText("Newest")).closest("article")!;
    act(() => io.show(card, 0.5));
    await waitFor(() => expect(api.callsTo("POST", "/api/posts/p3/views")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/posts/p2/views")).toHaveLength(0);
  });

  it("points an empty feed to creating a post and discovering people", async () => {
    installIntersectionObserver();
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/feed": { items: [], nextCursor: null } });
    renderApp("/feed");
    const empty = await screen.findByTestId("feed-empty");
    expect(within(empty).getByRole("link", { name: /Create a post/ })).toHaveAttribute("href", "/upload");
    expect(within(empty).getByRole("link", { name: /Discover people/ })).toHaveAttribute("href", "/search");
  });

  it("shows 'Failed to load posts from people you follow' with a retry that loads the feed", async () => {
    const user = userEvent.setup();
    installIntersectionObserver();
    let fail = true;
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/feed": (call: { search: string }) => (fail ? apiError(500, "internal", "An unexpected error occurred") : feedRoute()(call)),
    });
    renderApp("/feed");
    expect((await screen.findAllByText("Failed to load posts from people you follow")).length).toBeGreaterThan(0);
    expect(screen.getByText("Error")).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("Newest")).toBeInTheDocument();
  });
});
