// /create-profile (second document §2 Profile creation; DESIGN.md: it saves): a session that still
// needs onboarding is brought here after signing in and from any signed-in screen; the form's
// required fields and messages; saving sends the shared schema's body and continues to where the
// user was going; 'Skip for now' ends onboarding too.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import "../upload/jsdom-polyfills";
import { SIGNED_IN, SIGNED_OUT, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { makeOwnProfile } from "./fixtures";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
});
afterEach(resetApp);

const NEW_SESSION = { ...SIGNED_IN, user: { ...SIGNED_IN.user, needsOnboarding: true } };
const fresh = makeOwnProfile({ displayName: "Maya Lopez", profession: null, bio: null, location: null, websiteUrl: null, skills: [], needsOnboarding: true });
const emptyFeed = { items: [], nextCursor: null };

function routes(overrides: Record<string, unknown> = {}) {
  return {
    "GET /api/auth/session": NEW_SESSION,
    "GET /api/profile": fresh,
    "GET /api/feed": emptyFeed,
    ...overrides,
  };
}

describe("onboarding redirect", () => {
  it("sends a signed-in account that needs onboarding from a signed-in screen to /create-profile, remembering where it was going", async () => {
    mockApi(routes());
    const { router } = renderApp("/feed");
    await waitFor(() => expect(router.state.location.pathname).toBe("/create-profile"));
    expect(router.state.location.search).toEqual({ redirect: "/feed" });
    expect(await screen.findByRole("heading", { name: "Create your profile" })).toBeInTheDocument();
    // A focused screen: no bottom navigation to wander off through.
    expect(screen.queryByRole("navigation", { name: "Main" })).not.toBeInTheDocument();
  });

  it("goes to /create-profile right after signing in", async () => {
    const user = userEvent.setup();
    mockApi(routes({ "GET /api/auth/session": SIGNED_OUT, "GET /api/auth/providers": { google: false }, "POST /api/auth/sign-in": NEW_SESSION }));
    const { router } = renderApp("/auth?redirect=%2Fsettings");
    const form = await screen.findByRole("form", { name: "Sign in" });
    await user.type(within(form).getByLabelText("Email"), "maya@example.com");
    await user.type(within(form).getByLabelText("Password"), "Mix!Bus#Glue42");
    await user.click(within(form).getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/create-profile"));
    expect(router.state.location.search).toEqual({ redirect: "/settings" });
  });

  it("leaves accounts that are done with onboarding where they were going", async () => {
    mockApi(routes({ "GET /api/auth/session": SIGNED_IN }));
    const { router } = renderApp("/feed");
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/feed");
  });
});

describe("/create-profile", () => {
  it("shows the account's email read-only and fills the names from the display name", async () => {
    mockApi(routes());
    renderApp("/create-profile");
    const form = await screen.findByRole("form", { name: "Create your profile" });
    expect(within(form).getByLabelText("Email")).toHaveValue("maya@example.com");
    expect(within(form).getByLabelText("Email")).toHaveAttribute("readonly");
    expect(within(form).getByLabelText("First name")).toHaveValue("Maya");
    expect(within(form).getByLabelText("Last name")).toHaveValue("Lopez");
  });

  it("requires first name, last name and profession, and checks the numbers", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes());
    renderApp("/create-profile");
    const form = await screen.findByRole("form", { name: "Create your profile" });
    await user.clear(within(form).getByLabelText("First name"));
    await user.clear(within(form).getByLabelText("Last name"));
    await user.type(within(form).getByLabelText(/Years of experience/), "ten");
    await user.type(within(form).getByLabelText(/Hourly rate/), "45.999");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(await within(form).findByText("Please enter your first name")).toBeInTheDocument();
    expect(within(form).getByText("Please enter your last name")).toBeInTheDocument();
    expect(within(form).getByText("Please choose your profession")).toBeInTheDocument();
    expect(within(form).getByText("Experience must be a whole number of years from 0 to 80")).toBeInTheDocument();
    expect(within(form).getByText("Hourly rate must be an amount in dollars and cents")).toBeInTheDocument();
    expect(api.callsTo("PUT", "/api/profile/onboarding")).toHaveLength(0);
  });

  it("saves the profile, then continues to where the user was going without being sent back", async () => {
    const user = userEvent.setup();
    const api = mockApi(
      routes({
        "PUT /api/profile/onboarding": json({ ...fresh, profession: "Mixing Engineer", needsOnboarding: false }),
      }),
    );
    const { router } = renderApp("/create-profile?redirect=%2Ffeed");
    const form = await screen.findByRole("form", { name: "Create your profile" });
    await user.selectOptions(within(form).getByLabelText("Profession"), "Mixing Engineer");
    await user.type(within(form).getByLabelText(/Phone/), "+1 555 0100");
    await user.type(within(form).getByLabelText(/Location/), "Berlin");
    await user.type(within(form).getByLabelText(/Years of experience/), "7");
    await user.type(within(form).getByLabelText(/Hourly rate/), "45.50");
    await user.type(within(form).getByLabelText(/Specialties/), "Mixing, Atmos, mixing");
    await user.type(within(form).getByLabelText(/Bio/), "Mixes that breathe.");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
    expect(api.callsTo("PUT", "/api/profile/onboarding")[0]!.body).toEqual({
      firstName: "Maya",
      lastName: "Lopez",
      profession: "Mixing Engineer",
      phone: "+1 555 0100",
      location: "Berlin",
      yearsExperience: 7,
      hourlyRateCents: 4550,
      specialties: ["Mixing", "Atmos"],
      bio: "Mixes that breathe.",
    });
    expect(await screen.findByText("Profile updated")).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  });

  it("says 'Update failed' when saving fails", async () => {
    const user = userEvent.setup();
    mockApi(routes({ "PUT /api/profile/onboarding": apiError(500, "internal", "An unexpected error occurred") }));
    renderApp("/create-profile");
    const form = await screen.findByRole("form", { name: "Create your profile" });
    await user.selectOptions(within(form).getByLabelText("Profession"), "DJ");
    await user.click(within(form).getByRole("button", { name: "Save profile" }));
    expect(await screen.findByText("Update failed")).toBeInTheDocument();
  });

  it("'Skip for now' ends onboarding and continues", async () => {
    const user = userEvent.setup();
    const api = mockApi(routes({ "POST /api/profile/onboarding/skip": json({ ...fresh, needsOnboarding: false }) }));
    const { router } = renderApp("/create-profile?redirect=%2Ffeed");
    await user.click(await screen.findByRole("button", { name: "Skip for now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
    expect(api.callsTo("POST", "/api/profile/onboarding/skip")).toHaveLength(1);
    expect(await screen.findByRole("heading", { name: "Home" })).toBeInTheDocument();
  });

  it("never follows a redirect to another site", async () => {
    const user = userEvent.setup();
    mockApi(routes({ "POST /api/profile/onboarding/skip": json({ ...fresh, needsOnboarding: false }) }));
    const { router } = renderApp("/create-profile?redirect=%2F%2Fevil.example");
    await user.click(await screen.findByRole("button", { name: "Skip for now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
  });
});
