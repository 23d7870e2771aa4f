// The Users, Tags and Services tabs of /search and the hashtag page (first document §2; §4
// trending badges; §6 no Follow on one's own row; §8 toasts; §9 trending topics): each
// one's loading, empty, results and error states.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, makePost } from "../posts/fixtures";
import { baseRoutes, emptyPage, makeServiceResult, makeTopics, makeUser } from "./fixtures";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const toast = (text: string) => screen.findByText(text, { selector: "[data-sonner-toast] *" });
const noContent = () => new Response(null, { status: 204 });

describe("Users tab", () => {
  it("asks for a query before searching", async () => {
    const api = mockApi(baseRoutes());
    renderApp("/search?tab=users");
    expect(await screen.findByText("Start typing to search for users")).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/search/users")).toHaveLength(0);
  });

  it("shows placeholders, then people with Follow on every row but the viewer's own, and follows", async () => {
    const user = userEvent.setup();
    const answer = deferred<Response>();
    const api = mockApi(
      baseRoutes({
        "GET /api/search/users": () => answer.promise,
        "PUT /api/users/u2/follow": { following: true, followerCount: 341 },
      }),
    );
    renderApp("/search?tab=users&q=jo");
    expect(await screen.findByLabelText("Searching people")).toHaveAttribute("aria-busy", "true");
    await act(async () =>
      answer.resolve(
        json({
          items: [makeUser(), makeUser({ userId: "u1", username: "maya", displayName: "Maya Lopez", viewer: { isSelf: true, following: false } }), makeUser({ userId: "u3", username: "joy", displayName: "Joy Park", viewer: { isSelf: false, following: true } })],
          nextCursor: null,
        }),
      ),
    );
    const rows = await screen.findAllByTestId("user-row");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).queryByTestId("follow-button")).not.toBeInTheDocument();
    expect(within(rows[2]!).getByTestId("follow-button")).toHaveTextContent("Following");
    expect(within(rows[0]!).getByRole("link", { name: /Jonah Brooks/ })).toHaveAttribute("href", "/profile/u2");
    expect(queryOf(api.callsTo("GET", "/api/search/users")[0]!)).toEqual({ q: "jo" });
    await user.click(within(rows[0]!).getByRole("button", { name: /Follow/ }));
    expect(await screen.findByText("You are now following @jonah")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo("PUT", "/api/users/u2/follow")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/users/u2/follow")[0]!.body).toEqual({ following: true });
  });

  it("pages the relevance order too: the next page is asked for with the server's cursor", async () => {
    const user = userEvent.setup();
    const api = mockApi(
      baseRoutes({
        "GET /api/search/users": (call: { search: string }) =>
          new URLSearchParams(call.search).get("cursor") === "c1"
            ? json({ items: [makeUser({ userId: "u9", username: "later", displayName: "Later Person" })], nextCursor: null })
            : json({ items: [makeUser()], nextCursor: "c1" }),
      }),
    );
    renderApp("/search?tab=users&q=jo");
    expect(await screen.findAllByTestId("user-row")).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(screen.getAllByTestId("user-row")).toHaveLength(2));
    expect(queryOf(api.callsTo("GET", "/api/search/users").at(-1)!)).toEqual({ q: "jo", cursor: "c1" });
  });

  it("says 'No users found' when nobody matches", async () => {
    mockApi(baseRoutes({ "GET /api/search/users": emptyPage }));
    renderApp("/search?tab=users&q=zzz");
    expect(await screen.findByText("No users found")).toBeInTheDocument();
  });

  it("shows the 'Search Error' toast when the search fails", async () => {
    mockApi(baseRoutes({ "GET /api/search/users": apiError(500, "internal", "Failed to perform search. Please try again.") }));
    renderApp("/search?tab=users&q=jo");
    expect(await toast("Search Error")).toBeInTheDocument();
    expect(await toast("Failed to perform search. Please try again.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });
});

describe("Tags tab", () => {
  it("shows eight placeholders while the topics load", async () => {
    const answer = deferred<Response>();
    mockApi(baseRoutes({ "GET /api/hashtags/trending": () => answer.promise }));
    renderApp("/search?tab=tags");
    const skeleton = await screen.findByTestId("trending-skeleton");
    expect(within(skeleton).getAllByTestId("skeleton-row")).toHaveLength(8);
    await act(async () => answer.resolve(json({ items: makeTopics(3) })));
    expect(await screen.findByTestId("trending-topics")).toBeInTheDocument();
  });

  it("ranks the first five with post count, rounded score and badge, shows the next seven as chips, and expands to the rest", async () => {
    const user = userEvent.setup();
    const topics = makeTopics(20).map((topic, index) => (index === 0 ? { ...topic, score: 49.6 } : topic));
    const api = mockApi(baseRoutes({ "GET /api/hashtags/trending": { items: topics } }));
    renderApp("/search?tab=tags");
    const list = await screen.findByTestId("trending-topics");
    const rows = within(list).getAllByTestId("trending-row");
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => within(row).getByTestId("trending-badge").textContent?.trim())).toEqual(["Hot", "Rising", "Rising", "Popular", "Popular"]);
    expect(rows[0]).toHaveTextContent("#topic1");
    expect(rows[0]).toHaveTextContent("100 posts · Score 50");
    expect(rows[0]).toHaveAttribute("href", "/search?tab=tags&tag=topic1");
    expect(within(list).getAllByTestId("trending-chip")).toHaveLength(7);
    const firstChip = within(list).getAllByTestId("trending-chip")[0]!;
    expect(firstChip).toHaveTextContent("#topic6");
    expect(firstChip).toHaveTextContent("95");
    expect(new URLSearchParams(api.callsTo("GET", "/api/hashtags/trending")[0]!.search).get("limit")).toBe("20");
    await user.click(within(list).getByRole("button", { name: "Show 8 More Topics" }));
    expect(within(list).getAllByTestId("trending-chip")).toHaveLength(15);
    expect(within(list).queryByRole("button", { name: "Show All" })).not.toBeInTheDocument();
  });

  it("'Show All' expands too", async () => {
    const user = userEvent.setup();
    mockApi(baseRoutes({ "GET /api/hashtags/trending": { items: makeTopics(14) } }));
    renderApp("/search?tab=tags");
    const list = await screen.findByTestId("trending-topics");
    await user.click(within(list).getByRole("button", { name: "Show All" }));
    expect(within(list).getAllByTestId("trending-chip")).toHaveLength(9);
    expect(within(list).queryByRole("button", { name: /More Topics/ })).not.toBeInTheDocument();
  });

  it("has an empty state, and says 'Failed to load trending hashtags' when loading fails", async () => {
    mockApi(baseRoutes({ "GET /api/hashtags/trending": { items: [] } }));
    renderApp("/search?tab=tags");
    expect(await screen.findByText("No trending topics yet")).toBeInTheDocument();
    resetApp();
    mockApi(baseRoutes({ "GET /api/hashtags/trending": apiError(500, "internal", "Failed to load trending hashtags") }));
    renderApp("/search?tab=tags");
    expect(await toast("Failed to load trending hashtags")).toBeInTheDocument();
    expect(within(await screen.findByRole("alert")).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  });

  it("with a query lists matching hashtags, or says none was found, or 'Failed to search hashtags'", async () => {
    mockApi(baseRoutes({ "GET /api/search/hashtags": { items: [{ id: "h1", name: "mixing", usageCount: 1200, trendingScore: 4 }] } }));
    renderApp("/search?tab=tags&q=mix");
    const chip = await screen.findByTestId("hashtag-chip");
    expect(chip).toHaveTextContent("mixing1.2K");
    expect(chip).toHaveAttribute("href", "/search?tab=tags&q=mix&tag=mixing");
    resetApp();
    mockApi(baseRoutes({ "GET /api/search/hashtags": { items: [] } }));
    renderApp("/search?tab=tags&q=zzz");
    expect(await screen.findByText("No hashtags found")).toBeInTheDocument();
    resetApp();
    mockApi(baseRoutes({ "GET /api/search/hashtags": apiError(500, "internal", "Failed to search hashtags") }));
    renderApp("/search?tab=tags&q=mix");
    expect(await toast("Failed to search hashtags")).toBeInTheDocument();
  });
});

describe("Services tab", () => {
  it("shows placeholders, then 'Professional Services' with the spec's fields, each linking to /service/{id}", async () => {
    const answer = deferred<Response>();
    mockApi(baseRoutes({ "GET /api/search/services": () => answer.promise }));
    renderApp("/search?tab=services");
    expect(await screen.findByRole("heading", { name: "Professional Services" })).toBeInTheDocument();
    expect(await screen.findAllByTestId("service-skeleton")).toHaveLength(3);
    await act(async () =>
      answer.resolve(
        json({
          items: [
            makeServiceResult(),
            makeServiceResult({ id: "s2", name: "Vocal session", category: "recording", pricingModel: "per_session", priceCents: 9000, priceLabel: "$90/session", needsScheduling: false, turnaroundDays: 1 }),
          ],
          nextCursor: null,
        }),
      ),
    );
    const [first, second] = await screen.findAllByTestId("service-result");
    expect(first).toHaveAttribute("href", "/service/s1");
    expect(within(first!).getByRole("heading", { name: "Mix a single" })).toBeInTheDocument();
    expect(within(first!).getByText("Mixing")).toBeInTheDocument();
    expect(within(first!).getByText("Full mix with two revisions.")).toBeInTheDocument();
    expect(within(first!).getByTestId("service-author")).toHaveTextContent("@jonah");
    expect(within(first!).getByTestId("service-price")).toHaveTextContent("$45/hour");
    expect(within(first!).getByTestId("service-turnaround")).toHaveTextContent("5 days turnaround");
    expect(within(first!).getByText("Scheduling Required")).toBeInTheDocument();
    expect(second).toHaveAttribute("href", "/service/s2");
    expect(within(second!).getByTestId("service-price")).toHaveTextContent("$90/session");
    expect(within(second!).getByTestId("service-turnaround")).toHaveTextContent("1 day turnaround");
    expect(within(second!).queryByText("Scheduling Required")).not.toBeInTheDocument();
  });

  it("searches services by the query, says 'No services available' when there are none, and 'Search Error' on failure", async () => {
    const api = mockApi(baseRoutes({ "GET /api/search/services": emptyPage }));
    renderApp("/search?tab=services&q=mastering");
    expect(await screen.findByText("No services available")).toBeInTheDocument();
    expect(queryOf(api.callsTo("GET", "/api/search/services")[0]!)).toEqual({ q: "mastering" });
    resetApp();
    mockApi(baseRoutes({ "GET /api/search/services": apiError(500, "internal", "Failed to perform search. Please try again.") }));
    renderApp("/search?tab=services");
    expect(await toast("Search Error")).toBeInTheDocument();
  });
});

describe("Hashtag page", () => {
  it("shows the tag's posts newest first, records one view, and its tags open their own pages", async () => {
    const api = mockApi(
      baseRoutes({
        "GET /api/hashtags/mixing/posts": { items: [makePost({ id: "p2", caption: "Newest" }), makePost({ id: "p1", caption: "Older #mixing" })], nextCursor: "c1" },
        "POST /api/hashtags/mixing/views": noContent,
      }),
    );
    renderApp("/search?tag=mixing");
    expect(await screen.findByRole("heading", { name: "#mixing" })).toBeInTheDocument();
    const cards = await screen.findAllByTestId("post-card");
    expect(cards.map((card) => within(card).getByTestId("post-caption").textContent)).toEqual(["Newest", "Older #mixing"]);
    expect(within(cards[0]!).getAllByTestId("tag-chip").map((chip) => chip.getAttribute("href"))).toEqual(["/search?tag=mixing", "/search?tag=rnb"]);
    await waitFor(() => expect(api.callsTo("POST", "/api/hashtags/mixing/views")).toHaveLength(1));
    // Infinite scroll: the next page is asked for with the server's cursor.
    expect(screen.getByRole("button", { name: "Load more" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to search" })).toHaveAttribute("href", "/search");
  });

  it("says so when the tag has no posts, and 'Failed to load posts for hashtag' when loading fails", async () => {
    mockApi(baseRoutes({ "GET /api/hashtags/lofi/posts": emptyPage, "POST /api/hashtags/lofi/views": noContent }));
    renderApp("/search?tag=lofi");
    expect(await screen.findByText("No posts with #lofi yet")).toBeInTheDocument();
    resetApp();
    mockApi(baseRoutes({ "GET /api/hashtags/lofi/posts": apiError(500, "internal", "Failed to load posts for hashtag"), "POST /api/hashtags/lofi/views": noContent }));
    renderApp("/search?tag=lofi");
    expect(await toast("Failed to load posts for hashtag")).toBeInTheDocument();
  });

  it("keeps the search it was opened from, and the back arrow returns to it", async () => {
    const user = userEvent.setup();
    mockApi(baseRoutes({ "GET /api/search/hashtags": { items: [{ id: "h1", name: "mixing", usageCount: 3, trendingScore: 1 }] }, "GET /api/hashtags/mixing/posts": emptyPage, "POST /api/hashtags/mixing/views": noContent }));
    const { router } = renderApp("/search?tab=tags&q=mix");
    await user.click(await screen.findByTestId("hashtag-chip"));
    expect(await screen.findByRole("heading", { name: "#mixing" })).toBeInTheDocument();
    await user.click(screen.getByRole("link", { name: "Back to search" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: "mix", tab: "tags" }));
    expect(await screen.findByRole("searchbox", { name: "Search" })).toHaveValue("mix");
  });
});

function queryOf(call: { search: string }) {
  return Object.fromEntries(new URLSearchParams(call.search));
}
