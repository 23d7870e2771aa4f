// /search (first document §2 Search and explore; §8 'Search Error' and the recommendation toasts;
// §9 debounce and recommendations): the query, tab and filters live in the URL (a
// link restores them, back and forward step through tab changes), typing reaches the server once
// per 300 ms pause, and the Explore tab's states: recommendations, loading, results, nothing
// found and failure.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, makePost } from "../posts/fixtures";
import { baseRoutes, emptyExplore, makeRecommendations, makeUser } from "./fixtures";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const searchInput = () => screen.findByRole("searchbox", { name: "Search" });
const queryOf = (call: { search: string }) => Object.fromEntries(new URLSearchParams(call.search));

describe("/search: state in the URL", () => {
  it("shows the spec's placeholder and the four tabs, Explore first", async () => {
    mockApi(baseRoutes());
    renderApp("/search");
    expect(await searchInput()).toHaveAttribute("placeholder", "Search users, content, hashtags...");
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent)).toEqual(["Explore", "Users", "Tags", "Services"]);
    expect(screen.getByRole("tab", { name: "Explore" })).toHaveAttribute("aria-selected", "true");
  });

  it("restores the query, tab and filters from a shared link", async () => {
    const api = mockApi(baseRoutes({ "GET /api/search/explore": { ...emptyExplore, users: [makeUser()] } }));
    renderApp("/search?q=jon&contentType=audio&profession=DJ&sortBy=recent&verified=true&hasServices=true&location=Atlanta");
    expect(await searchInput()).toHaveValue("jon");
    expect(await screen.findByTestId("user-row")).toBeInTheDocument();
    const panel = screen.getByTestId("filters-panel");
    expect(within(panel).getByRole("radio", { name: "Audio" })).toBeChecked();
    expect(within(panel).getByRole("radio", { name: "Most Recent" })).toBeChecked();
    expect(within(panel).getByRole("combobox", { name: "Profession" })).toHaveValue("DJ");
    expect(within(panel).getByRole("textbox", { name: "Location" })).toHaveValue("Atlanta");
    expect(within(panel).getByRole("switch", { name: "Verified only" })).toBeChecked();
    expect(within(panel).getByRole("switch", { name: "Offers services" })).toBeChecked();
    expect(queryOf(api.callsTo("GET", "/api/search/explore")[0]!)).toEqual({
      q: "jon",
      contentType: "audio",
      profession: "DJ",
      sortBy: "recent",
      verified: "true",
      hasServices: "true",
      location: "Atlanta",
    });
  });

  it("opens a link with unknown values as plain Explore instead of failing", async () => {
    const api = mockApi(baseRoutes());
    const { router } = renderApp("/search?tab=bogus&sortBy=loudest&contentType=gif&profession=Astronaut&verified=maybe");
    expect(await screen.findByTestId("recommendations")).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Explore" })).toHaveAttribute("aria-selected", "true");
    expect(api.callsTo("GET", "/api/search/explore")).toHaveLength(0);
    expect(router.state.location.search).toEqual({});
  });

  it("searches once per pause in typing (300 ms), replacing the history entry", async () => {
    const user = userEvent.setup();
    const api = mockApi(baseRoutes({ "GET /api/search/explore": { ...emptyExplore, users: [makeUser()] } }));
    const { router } = renderApp("/search");
    await user.type(await searchInput(), "jona");
    // Typed faster than the pause: nothing has been asked yet.
    expect(api.callsTo("GET", "/api/search/explore")).toHaveLength(0);
    expect(router.state.location.search).toEqual({});
    await waitFor(() => expect(router.state.location.search).toEqual({ q: "jona" }));
    await screen.findByTestId("user-row");
    const calls = api.callsTo("GET", "/api/search/explore");
    expect(calls.map((call) => queryOf(call).q)).toEqual(["jona"]);
    // One entry for the whole query: back leaves the search rather than stepping through letters.
    expect(router.history.length).toBe(1);
  });

  it("steps back and forward through tab changes, and a query from the URL replaces the box", async () => {
    const user = userEvent.setup();
    mockApi(baseRoutes({ "GET /api/search/explore": emptyExplore, "GET /api/search/users": { items: [makeUser()], nextCursor: null } }));
    const { router } = renderApp("/search?q=jonah");
    await user.click(await screen.findByRole("tab", { name: "Users" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: "jonah", tab: "users" }));
    expect(await screen.findByTestId("user-row")).toBeInTheDocument();
    await act(async () => router.history.back());
    await waitFor(() => expect(screen.getByRole("tab", { name: "Explore" })).toHaveAttribute("aria-selected", "true"));
    await act(async () => router.history.forward());
    await waitFor(() => expect(screen.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true"));
    await act(async () => router.navigate({ to: "/search", search: { q: "maya", tab: "users" } }));
    await waitFor(() => expect(screen.getByRole("searchbox", { name: "Search" })).toHaveValue("maya"));
  });

  it("selects a pressed tab at once and moves the URL after that paint (INP, issue #29 item 4)", async () => {
    const user = userEvent.setup();
    mockApi(baseRoutes({ "GET /api/search/explore": emptyExplore, "GET /api/search/users": { items: [makeUser()], nextCursor: null } }));
    const { router } = renderApp("/search?q=jonah");
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => frames.push(callback));
    await user.click(await screen.findByRole("tab", { name: "Users" }));
    // The press has answered: the tab is selected, while the URL (and the route's re-render) waits for the frame.
    expect(screen.getByRole("tab", { name: "Users" })).toHaveAttribute("aria-selected", "true");
    expect(router.state.location.search).toEqual({ q: "jonah" });
    raf.mockRestore();
    for (const frame of frames.splice(0)) frame(performance.now());
    await waitFor(() => expect(router.state.location.search).toEqual({ q: "jonah", tab: "users" }));
    expect(await screen.findByTestId("user-row")).toBeInTheDocument();
  });

  it("puts a changed filter in the URL as a new entry, and Clear filters takes them all out", async () => {
    const user = userEvent.setup();
    const api = mockApi(baseRoutes({ "GET /api/search/explore": { ...emptyExplore, users: [makeUser()] } }));
    const { router } = renderApp("/search");
    await user.click(await screen.findByTestId("filters-toggle"));
    await user.click(screen.getByRole("radio", { name: "Videos" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ contentType: "video" }));
    await user.click(screen.getByRole("switch", { name: "Verified only" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ contentType: "video", verified: true }));
    await screen.findByTestId("user-row");
    expect(queryOf(api.callsTo("GET", "/api/search/explore").at(-1)!)).toEqual({ contentType: "video", verified: "true" });
    await user.click(screen.getByRole("button", { name: /Clear filters/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByTestId("recommendations")).toBeInTheDocument();
  });
});

describe("/search Explore", () => {
  it("recommends five people with the reason and the match percentage, then Show More Recommendations", async () => {
    const user = userEvent.setup();
    mockApi(baseRoutes({ "GET /api/recommendations": makeRecommendations(7) }));
    renderApp("/search");
    const section = await screen.findByTestId("recommendations");
    await waitFor(() => expect(within(section).getAllByTestId("user-row")).toHaveLength(5));
    const first = within(section).getAllByTestId("user-row")[0]!;
    expect(within(first).getByText("Similar interests")).toBeInTheDocument();
    // Score 9.66 × 10, rounded.
    expect(within(first).getByTestId("match-percent")).toHaveTextContent("97% match");
    expect(within(section).getAllByTestId("user-row")[1]).toHaveTextContent("Mutual connections");
    await user.click(within(section).getByRole("button", { name: "Show More Recommendations" }));
    expect(within(section).getAllByTestId("user-row")).toHaveLength(7);
    expect(within(section).queryByRole("button", { name: "Show More Recommendations" })).not.toBeInTheDocument();
  });

  it("recommends posts too, five first, each with its reason and match", async () => {
    const user = userEvent.setup();
    const recommendations = makeRecommendations(2);
    recommendations.posts = Array.from({ length: 7 }, (_, index) => ({
      postId: `rp${index}`,
      reason: "trending" as const,
      score: 7.04,
      matchPercent: 70,
      post: makePost({ id: `rp${index}`, caption: `Pick post ${index}` }),
    }));
    mockApi(baseRoutes({ "GET /api/recommendations": recommendations }));
    renderApp("/search");
    const section = await screen.findByTestId("recommended-posts");
    expect(within(section).getAllByTestId("post-card")).toHaveLength(5);
    expect(within(section).getAllByTestId("match-percent")[0]).toHaveTextContent("70% match");
    await user.click(within(section).getByRole("button", { name: "Show More Recommendations" }));
    expect(within(section).getAllByTestId("post-card")).toHaveLength(7);
  });

  it("sends a visitor to sign in first, and back to the same search afterwards", async () => {
    mockApi({ "GET /api/auth/session": { user: null, profile: null } });
    const { router } = renderApp("/search?q=jonah&tab=users");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toEqual({ redirect: "/search?q=jonah&tab=users" });
  });

  it("says 'Recommendations Updated' after a refresh, and 'Update Complete' when the refresh failed", async () => {
    const user = userEvent.setup();
    let fail = false;
    const api = mockApi(
      baseRoutes({
        "POST /api/recommendations/refresh": () => (fail ? apiError(500, "internal", "An unexpected error occurred") : json(makeRecommendations(6))),
      }),
    );
    renderApp("/search");
    const section = await screen.findByTestId("recommendations");
    await waitFor(() => expect(within(section).getAllByTestId("user-row")).toHaveLength(3));
    await user.click(screen.getByRole("button", { name: "Refresh recommendations" }));
    expect(await screen.findByText("Recommendations Updated")).toBeInTheDocument();
    await waitFor(() => expect(within(section).getAllByTestId("user-row")).toHaveLength(5));
    fail = true;
    // Past the app's 300 ms double-tap window (spec §1), so the second tap is a tap of its own.
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    await user.click(screen.getByRole("button", { name: "Refresh recommendations" }));
    expect(await screen.findByText("Update Complete")).toBeInTheDocument();
    expect(screen.getByText("Recommendations have been refreshed based on your activity")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/recommendations/refresh")).toHaveLength(2);
  });

  it("shows skeletons while searching, then people, hashtags and posts", async () => {
    const answer = deferred<Response>();
    mockApi(baseRoutes({ "GET /api/search/explore": () => answer.promise }));
    renderApp("/search?q=mix");
    expect(await screen.findByLabelText("Searching")).toHaveAttribute("aria-busy", "true");
    await act(async () =>
      answer.resolve(
        json({
          users: [makeUser(), makeUser({ userId: "u1", username: "maya", displayName: "Maya Lopez", viewer: { isSelf: true, following: false } })],
          hashtags: [{ id: "h1", name: "mixing", usageCount: 42, trendingScore: 3 }],
          posts: [makePost({ caption: "Mix night #analog" })],
          postsNextCursor: null,
        }),
      ),
    );
    const results = await screen.findByTestId("explore-results");
    const rows = within(results).getAllByTestId("user-row");
    expect(within(rows[0]!).getByRole("button", { name: /Follow/ })).toBeInTheDocument();
    // No Follow on one's own row (§6).
    expect(within(rows[1]!).queryByTestId("follow-button")).not.toBeInTheDocument();
    expect(within(results).getByTestId("hashtag-chip")).toHaveAttribute("href", "/search?q=mix&tag=mixing");
    const card = within(results).getByTestId("post-card");
    expect(within(card).getByTestId("caption-hashtag")).toHaveAttribute("href", "/search?tag=analog");
  });

  it("reads Explore's posts past the first page only when asked, from the server's cursor, with the same filters (every sort pages)", async () => {
    const user = userEvent.setup();
    const api = mockApi(
      baseRoutes({
        "GET /api/search/explore": { ...emptyExplore, posts: [makePost({ id: "p1", caption: "First page post" })], postsNextCursor: "c1" },
        "GET /api/search/posts": (call: { search: string }) =>
          new URLSearchParams(call.search).get("cursor") === "c1"
            ? json({ items: [makePost({ id: "p2", caption: "Second page post" })], nextCursor: "c2" })
            : json({ items: [makePost({ id: "p3", caption: "Third page post" })], nextCursor: null }),
      }),
    );
    renderApp("/search?q=mix&sortBy=popular");
    expect(await screen.findByText("First page post")).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/search/posts")).toHaveLength(0);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Second page post")).toBeInTheDocument();
    expect(queryOf(api.callsTo("GET", "/api/search/posts")[0]!)).toEqual({ q: "mix", sortBy: "popular", cursor: "c1" });
    await user.click(await screen.findByRole("button", { name: "Load more" }));
    expect(await screen.findByText("Third page post")).toBeInTheDocument();
    expect(queryOf(api.callsTo("GET", "/api/search/posts")[1]!)).toEqual({ q: "mix", sortBy: "popular", cursor: "c2" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument());
  });

  it("says 'No results found' / 'Try adjusting your filters or search terms' when nothing matches", async () => {
    mockApi(baseRoutes({ "GET /api/search/explore": emptyExplore }));
    renderApp("/search?q=zzzz");
    expect(await screen.findByText("No results found")).toBeInTheDocument();
    expect(screen.getByText("Try adjusting your filters or search terms")).toBeInTheDocument();
  });

  it("shows the 'Search Error' toast and a retry in place when the search fails", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi(baseRoutes({ "GET /api/search/explore": () => (fail ? apiError(500, "internal", "Failed to perform search. Please try again.") : json({ ...emptyExplore, users: [makeUser()] })) }));
    renderApp("/search?q=jonah");
    expect(await screen.findByText("Search Error", { selector: "[data-sonner-toast] *" })).toBeInTheDocument();
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Failed to perform search. Please try again.")).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("user-row")).toBeInTheDocument();
  });
});
