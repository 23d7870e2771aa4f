// /dashboard (second document §2 Dashboard; §9 previews 5 posts, 3 services, 3 products; the
// owner's price line 'Package pricing'): skeleton, header links, overview, professional tools,
// the four tabs with their 'View All' links, 'Profile not found' with Sign Out, and a load failure.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, makePost } from "../posts/fixtures";
import { makeDashboard } from "./fixtures";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

describe("/dashboard", () => {
  it("shows a skeleton, then the header with its links, the overview and the tools", async () => {
    const answer = deferred<Response>();
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/profile/dashboard": () => answer.promise });
    renderApp("/dashboard");
    expect(await screen.findByTestId("dashboard-skeleton")).toBeInTheDocument();
    await act(async () => answer.resolve(json(makeDashboard())));

    expect(await screen.findByTestId("dashboard-name")).toHaveTextContent("Maya Lopez");
    expect(screen.getByRole("link", { name: "Back to feed" })).toHaveAttribute("href", "/feed");
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Bookmarks" })).toHaveAttribute("href", "/bookmarks");
    expect(within(account).getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/edit-profile");
    expect(within(account).getByRole("button", { name: "Logout" })).toBeInTheDocument();

    const overview = screen.getByTestId("profile-overview");
    expect(within(overview).getByTestId("overview-email")).toHaveTextContent("maya@example.com");
    expect(within(overview).getByTestId("overview-joined")).toHaveTextContent("Joined March 2024");
    expect(within(overview).getByTestId("count-posts")).toHaveTextContent("12 posts");
    expect(within(overview).getByRole("link", { name: "View public profile" })).toHaveAttribute("href", "/profile/u1");

    for (const [name, href] of [
      ["Portfolio", "/portfolio"],
      ["Reviews", "/reviews"],
      ["Booking", "/booking"],
      ["Analytics", "/analytics"],
      ["Services", "/services"],
      ["Products", "/products"],
    ]) {
      expect(screen.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href);
    }
    // The bottom navigation's Profile item is this screen.
    expect(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Profile" })).toHaveAttribute("aria-current", "page");
  });

  it("shows the five latest posts with a link to the rest on the public profile", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/profile/dashboard": makeDashboard() });
    renderApp("/dashboard");
    const list = await screen.findByRole("list", { name: "Latest posts" });
    expect(within(list).getAllByTestId("post-card")).toHaveLength(5);
    expect(screen.getByRole("link", { name: "View all posts" })).toHaveAttribute("href", "/profile/u1");
  });

  it("shows three services with the owner's price lines and 'View All' to /services", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/profile/dashboard": makeDashboard() });
    const { router } = renderApp("/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Services" }));
    const items = await screen.findAllByTestId("service-item");
    expect(items.map((item) => within(item).getByTestId("service-price").textContent)).toEqual(["$45/hour", "Package pricing", "Contact for pricing"]);
    expect(screen.getByRole("link", { name: /View All/ })).toHaveAttribute("href", "/services");
    expect(router.state.location.search).toEqual({ tab: "services" });
  });

  it("shows products with 'View All' to /products, and the owner's empty states", async () => {
    const user = userEvent.setup();
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/profile/dashboard": makeDashboard({ services: [] }) });
    renderApp("/dashboard?tab=products");
    expect(await screen.findByTestId("product-item")).toHaveAttribute("href", "/product/pr1");
    expect(screen.getByRole("link", { name: /View All/ })).toHaveAttribute("href", "/products");
    await user.click(screen.getByRole("tab", { name: "Services" }));
    expect(await screen.findByText("No services created yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Create Your First Service" })).toHaveAttribute("href", "/services");
  });

  it("lists saved posts under Bookmarks", async () => {
    const user = userEvent.setup();
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/profile/dashboard": makeDashboard(),
      "GET /api/bookmarks": { items: [makePost({ id: "b1", caption: "Saved one", viewer: { liked: false, bookmarked: true, isOwner: false } })], nextCursor: null },
    });
    renderApp("/dashboard");
    await user.click(await screen.findByRole("tab", { name: "Bookmarks" }));
    expect(await screen.findByText("Saved one")).toBeInTheDocument();
  });

  it("says 'Profile not found' with a Sign Out button when there is no profile", async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign, reload: vi.fn() });
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/profile/dashboard": apiError(404, "not_found", "Profile not found"),
      "POST /api/auth/sign-out": { ok: true },
    });
    renderApp("/dashboard");
    const state = await screen.findByTestId("dashboard-not-found");
    expect(within(state).getByRole("heading", { name: "Profile not found" })).toBeInTheDocument();
    await user.click(within(state).getByRole("button", { name: "Sign Out" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/auth/sign-out")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/auth/sign-out")[0]!.body).toEqual({ scope: "local" });
    await waitFor(() => expect(assign).toHaveBeenCalledWith("/auth"));
  });

  it("shows 'Failed to load profile' with a retry when the dashboard cannot load", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/profile/dashboard": () => (fail ? apiError(500, "internal", "An unexpected error occurred") : json(makeDashboard())),
    });
    renderApp("/dashboard");
    const banner = await screen.findByTestId("dashboard-load-failed", {}, { timeout: 4000 });
    expect(banner).toHaveTextContent("Failed to load profile");
    fail = false;
    await user.click(within(banner).getByRole("button", { name: "Try again" }));
    expect(await screen.findByTestId("dashboard-name")).toHaveTextContent("Maya Lopez");
  });
});
