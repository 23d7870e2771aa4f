// /profile/{userId} (second document §2 Public profile; §6; §8 'Failed to load profile'; §9 skills
// and prices; DESIGN.md: Follow follows): skeleton, not found, load failure, someone else's
// profile (Follow raises the count, Contact), one's own (neither), a visitor (both ask to sign
// in), the website link's attributes, the tabs and the visit recorded once.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, SIGNED_OUT, apiError, deferred, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver, makePost } from "../posts/fixtures";
import { makeProduct, makeProfile, makeService } from "./fixtures";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const noContent = () => new Response(null, { status: 204 });
const emptyPage = { items: [], nextCursor: null };

function otherProfileRoutes(overrides: Record<string, unknown> = {}) {
  return {
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/users/u2": makeProfile(),
    "POST /api/users/u2/visits": noContent,
    "GET /api/users/u2/posts": { items: [makePost()], nextCursor: null },
    ...overrides,
  };
}

describe("/profile/{userId}", () => {
  it("shows skeletons while the profile loads", async () => {
    const answer = deferred<Response>();
    mockApi(otherProfileRoutes({ "GET /api/users/u2": () => answer.promise }));
    renderApp("/profile/u2");
    expect(await screen.findByTestId("profile-skeleton")).toBeInTheDocument();
    await act(async () => answer.resolve(json(makeProfile())));
    expect(await screen.findByRole("heading", { name: /Jonah Brooks/ })).toBeInTheDocument();
    expect(screen.queryByTestId("profile-skeleton")).not.toBeInTheDocument();
  });

  it("says 'Profile not found' for an unknown user", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_OUT, "GET /api/users/nobody": apiError(404, "not_found", "Profile not found") });
    renderApp("/profile/nobody");
    const state = await screen.findByTestId("profile-not-found");
    expect(within(state).getByRole("heading", { name: "Profile not found" })).toBeInTheDocument();
  });

  it("shows 'Failed to load profile' with a retry and an Error toast when loading fails", async () => {
    const user = userEvent.setup();
    let fail = true;
    mockApi(otherProfileRoutes({ "GET /api/users/u2": () => (fail ? apiError(500, "internal", "An unexpected error occurred") : json(makeProfile())) }));
    renderApp("/profile/u2");
    // One retry first (a passing network blip should not show an error), then the banner.
    const banner = await screen.findByTestId("profile-load-failed", {}, { timeout: 4000 });
    expect(within(banner).getByText("Failed to load profile")).toBeInTheDocument();
    expect(await screen.findByText("Failed to load profile", { selector: "[data-sonner-toast] *" })).toBeInTheDocument();
    fail = false;
    await user.click(within(banner).getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: /Jonah Brooks/ })).toBeInTheDocument();
  });

  it("shows the profile's facts: name, Verified, profession, counts, bio, location, website, joined, five skills then '+N more'", async () => {
    mockApi(otherProfileRoutes());
    renderApp("/profile/u2");
    const summary = await screen.findByTestId("profile-summary");
    expect(within(summary).getByRole("heading", { name: /Jonah Brooks/ })).toHaveTextContent("Verified");
    expect(within(summary).getByText("@jonah")).toBeInTheDocument();
    expect(within(summary).getByTestId("profile-profession")).toHaveTextContent("Mixing Engineer");
    expect(within(summary).getByTestId("count-posts")).toHaveTextContent("12 posts");
    expect(within(summary).getByTestId("count-followers")).toHaveTextContent("340 followers");
    expect(within(summary).getByTestId("count-following")).toHaveTextContent("98 following");
    expect(within(summary).getByText("Mixing records in a converted church.")).toBeInTheDocument();
    expect(within(summary).getByText("Atlanta, GA")).toBeInTheDocument();
    expect(within(summary).getByText("Joined March 2024")).toBeInTheDocument();
    const website = within(summary).getByTestId("profile-website");
    expect(website).toHaveAttribute("href", "https://www.jonahmix.example/work/");
    expect(website).toHaveAttribute("rel", "noopener nofollow ugc");
    expect(website).toHaveAttribute("target", "_blank");
    expect(website).toHaveTextContent("jonahmix.example/work");
    const skills = within(summary).getByRole("list", { name: "Skills" });
    expect(within(skills).getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Mixing", "Mastering", "Pro Tools", "Analog", "Vocals", "+2 more"]);
  });

  it("never links a website that is not http(s)", async () => {
    mockApi(otherProfileRoutes({ "GET /api/users/u2": makeProfile({ websiteUrl: "javascript:alert(1)" }) }));
    renderApp("/profile/u2");
    await screen.findByTestId("profile-summary");
    expect(screen.queryByTestId("profile-website")).not.toBeInTheDocument();
  });

  it("records one visit when someone else's profile opens", async () => {
    const api = mockApi(otherProfileRoutes());
    renderApp("/profile/u2");
    await screen.findByTestId("profile-summary");
    await waitFor(() => expect(api.callsTo("POST", "/api/users/u2/visits")).toHaveLength(1));
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ["profiles", "public", "u2"] });
    });
    expect(api.callsTo("POST", "/api/users/u2/visits")).toHaveLength(1);
  });

  it("lets a signed-in viewer follow (the follower count rises at once) and contact", async () => {
    const user = userEvent.setup();
    const api = mockApi(
      otherProfileRoutes({ "PUT /api/users/u2/follow": { following: true, followerCount: 341 }, "POST /api/conversations": { id: "c9", created: true } }),
    );
    const { router } = renderApp("/profile/u2");
    const summary = await screen.findByTestId("profile-summary");
    expect(await within(summary).findByTestId("contact-button")).toBeInTheDocument();
    await user.click(within(summary).getByRole("button", { name: /Follow/ }));
    expect(within(summary).getByTestId("count-followers")).toHaveTextContent("341 followers");
    expect(await screen.findByText("You are now following @jonah")).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo("PUT", "/api/users/u2/follow")).toHaveLength(1));
    expect(api.callsTo("PUT", "/api/users/u2/follow")[0]!.body).toEqual({ following: true });
    // Contact opens (or creates) the conversation with this user and shows it.
    await user.click(within(summary).getByTestId("contact-button"));
    await waitFor(() => expect(router.state.location.href).toBe("/messages?conversation=c9"));
    expect(api.callsTo("POST", "/api/conversations")[0]!.body).toEqual({ userId: "u2" });
  });

  it("goes to /messages when Contact cannot open the conversation", async () => {
    const user = userEvent.setup();
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockApi(otherProfileRoutes({ "POST /api/conversations": apiError(500, "internal", "An unexpected error occurred") }));
    const { router } = renderApp("/profile/u2");
    await user.click(await screen.findByTestId("contact-button"));
    await waitFor(() => expect(router.state.location.href).toBe("/messages"));
  });

  it("puts the count back when the server refuses the follow", async () => {
    const user = userEvent.setup();
    mockApi(otherProfileRoutes({ "PUT /api/users/u2/follow": apiError(500, "internal", "An unexpected error occurred") }));
    renderApp("/profile/u2");
    const summary = await screen.findByTestId("profile-summary");
    await user.click(await within(summary).findByRole("button", { name: /Follow/ }));
    expect(await screen.findByText("Failed to update follow status")).toBeInTheDocument();
    await waitFor(() => expect(within(summary).getByTestId("count-followers")).toHaveTextContent("340 followers"));
  });

  it("hides Follow and Contact on one's own profile and offers Edit Profile, recording no visit", async () => {
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/users/u1": makeProfile({ userId: "u1", username: "maya", displayName: "Maya Lopez", viewer: { isSelf: true, following: false } }),
      "GET /api/users/u1/posts": emptyPage,
      "POST /api/users/u1/visits": noContent,
    });
    renderApp("/profile/u1");
    const summary = await screen.findByTestId("profile-summary");
    expect(await within(summary).findByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/edit-profile");
    expect(screen.queryByTestId("follow-button")).not.toBeInTheDocument();
    expect(screen.queryByTestId("contact-button")).not.toBeInTheDocument();
    expect(await screen.findByText("No posts yet")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/users/u1/visits")).toHaveLength(0);
  });

  it("asks a visitor to sign in for Follow and Contact, and comes back afterwards", async () => {
    mockApi({
      "GET /api/auth/session": SIGNED_OUT,
      "GET /api/users/u2": makeProfile({ viewer: null }),
      "POST /api/users/u2/visits": noContent,
      "GET /api/users/u2/posts": { items: [makePost()], nextCursor: null },
    });
    renderApp("/profile/u2");
    const summary = await screen.findByTestId("profile-summary");
    expect(await within(summary).findByTestId("follow-button")).toHaveAttribute("href", "/auth?redirect=%2Fprofile%2Fu2");
    expect(within(summary).getByTestId("contact-button")).toHaveAttribute("href", "/auth?redirect=%2Fmessages%3FuserId%3Du2");
    expect(within(await screen.findByTestId("sign-in-cta")).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth?redirect=%2Fprofile%2Fu2");
    // The Posts tab works signed out too.
    expect(await screen.findByText("Console session tonight")).toBeInTheDocument();
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });

  it("lists posts newest first, each linking its author and its own page", async () => {
    mockApi(
      otherProfileRoutes({
        "GET /api/users/u2/posts": { items: [makePost({ id: "p2", caption: "Newest" }), makePost({ id: "p1", caption: "Older" })], nextCursor: null },
      }),
    );
    renderApp("/profile/u2");
    const posts = await screen.findByRole("list", { name: "Posts" });
    const cards = within(posts).getAllByTestId("post-card");
    expect(cards.map((card) => within(card).getByTestId("post-caption").textContent)).toEqual(["Newest", "Older"]);
    expect(within(cards[0]!).getByTestId("post-permalink")).toHaveAttribute("href", "/post/p2");
  });

  it("shows the seller's services with the public price lines, each linking its page", async () => {
    const user = userEvent.setup();
    mockApi(
      otherProfileRoutes({
        "GET /api/users/u2/services": {
          items: [
            makeService({ id: "s1", pricingModel: "hourly", priceCents: 4500, priceLabel: "$45/hour", needsScheduling: true }),
            makeService({ id: "s2", pricingModel: "package", priceCents: null, packagePriceCents: 30000, priceLabel: "Starting at $300" }),
            makeService({ id: "s3", priceCents: null, priceLabel: "Contact for pricing", turnaroundDays: null }),
          ],
          nextCursor: null,
        },
      }),
    );
    const { router } = renderApp("/profile/u2");
    await user.click(await screen.findByRole("tab", { name: "Services" }));
    const items = await screen.findAllByTestId("service-item");
    expect(items.map((item) => within(item).getByTestId("service-price").textContent)).toEqual(["$45/hour", "Starting at $300", "Contact for pricing"]);
    expect(items[0]).toHaveAttribute("href", "/service/s1");
    expect(within(items[0]!).getByText("Scheduling Required")).toBeInTheDocument();
    expect(within(items[0]!).getByText("Delivery in 5 days")).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ tab: "services" });
  });

  it("shows the seller's products, each linking its page, and an empty state when there are none", async () => {
    const user = userEvent.setup();
    mockApi(
      otherProfileRoutes({
        "GET /api/users/u2/products": { items: [makeProduct({ id: "pr9", name: "Vocal chops", priceLabel: "$19.99", type: "physical" })], nextCursor: null },
        "GET /api/users/u2/services": emptyPage,
      }),
    );
    renderApp("/profile/u2?tab=products");
    const item = await screen.findByTestId("product-item");
    expect(item).toHaveAttribute("href", "/product/pr9");
    expect(within(item).getByTestId("product-price")).toHaveTextContent("$19.99");
    expect(within(item).getByText("Physical")).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Services" }));
    expect(await screen.findByText("No services yet")).toBeInTheDocument();
  });
});
