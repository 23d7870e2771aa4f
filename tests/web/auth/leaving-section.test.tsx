// /settings "Download my data" and "Delete my account" (issue #27 items 5 and 6, decision record
// 0084): the export's states, the request, and the deletion form with its refusals and its exit,
// confirmed by the password or by a fresh Google sign-in (the round trip's outcomes, expiry,
// loading and failure).
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "./helpers";
import { EMAIL_ON_BY_DEFAULT, NOTIFICATION_CATEGORIES, type NotificationPreferences } from "@shared/notifications-api";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(resetApp);

const summary = { today: [], criticalLast7Days: [], latestAt: null };

/** How the account confirms it is them (GET /api/account/reauth): a password account unless told otherwise. */
const PASSWORD_ONLY = { password: true, google: false, googleConfirmedUntil: null };
const GOOGLE_ONLY = { password: false, google: true, googleConfirmedUntil: null };

const NOTIFICATION_PREFERENCES: NotificationPreferences = {
  categories: Object.fromEntries(NOTIFICATION_CATEGORIES.map((category) => [category, { push: true, email: EMAIL_ON_BY_DEFAULT.includes(category) }])) as NotificationPreferences["categories"],
  quietHours: null,
  timeZone: "UTC",
  vapidPublicKey: null,
  devices: 0,
};

function settings(extra: Record<string, unknown> = {}) {
  return mockApi({
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/security-events/summary": summary,
    "GET /api/account/export": { status: "none" },
    "GET /api/account/reauth": PASSWORD_ONLY,
    // The notifications section beside these (issue #30): answered, so its own states stay out of the way.
    "GET /api/notifications/preferences": NOTIFICATION_PREFERENCES,
    ...extra,
  });
}

async function deleteForm() {
  const button = await screen.findByRole("button", { name: "Delete my account" });
  return within(button.closest("form")!);
}

describe("/settings: download my data", () => {
  it("asks for a copy and then says it is being prepared", async () => {
    let requested = false;
    const api = settings({
      "GET /api/account/export": () => json(requested ? { status: "requested", id: "e1", requestedAt: 1 } : { status: "none" }),
      "POST /api/account/export": () => {
        requested = true;
        return json({ status: "requested", id: "e1", requestedAt: 1 }, 202);
      },
    });
    renderApp("/settings");
    const request = await screen.findByRole("button", { name: "Request my data" });
    await userEvent.click(request);
    expect(await screen.findByText("We are preparing your data. We will email you a link when it is ready, usually within 15 minutes.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/account/export")).toHaveLength(1);
    // No second request while one is being prepared.
    expect(screen.queryByRole("button", { name: "Request my data" })).not.toBeInTheDocument();
  });

  it("offers the download while a ready copy is valid, and a new request once it expired", async () => {
    settings({ "GET /api/account/export": { status: "ready", id: "e2", readyAt: 1, expiresAt: Date.now() + 86_400_000 } });
    renderApp("/settings");
    const link = await screen.findByRole("link", { name: "Download my data" });
    expect(link).toHaveAttribute("href", "/api/account/export/e2");
    expect(screen.queryByRole("button", { name: "Request my data" })).not.toBeInTheDocument();
    resetApp();
    settings({ "GET /api/account/export": { status: "expired", id: "e2", expiresAt: 1 } });
    renderApp("/settings");
    expect(await screen.findByText("Your last download link has expired. You can request a new copy.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Request my data" })).toBeInTheDocument();
  });

  it("says so when the state cannot be loaded, and tries again", async () => {
    let fail = true;
    settings({ "GET /api/account/export": () => (fail ? apiError(503, "unavailable", "Down") : json({ status: "none" })) });
    renderApp("/settings");
    expect(await screen.findByText("Failed to load your data export")).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("button", { name: "Request my data" })).toBeInTheDocument();
  });
});

describe("/settings: delete my account", () => {
  it("states what is deleted and what is kept", async () => {
    settings({ "GET /api/account/export": { status: "none" } });
    renderApp("/settings");
    const form = await deleteForm();
    expect(form.getByText("What we delete")).toBeInTheDocument();
    expect(form.getByText("Your media and files (images, audio, video, avatar, product images and files)")).toBeInTheDocument();
    expect(form.getByText("What we keep")).toBeInTheDocument();
    expect(form.getByText(/Orders stay with the amounts and the other party/)).toBeInTheDocument();
    expect(screen.getByText(/signing in before then cancels the deletion/i)).toBeInTheDocument();
  });

  it("sends nothing without the password and the confirming tick", async () => {
    const api = settings({ "GET /api/account/export": { status: "none" } });
    renderApp("/settings");
    const form = await deleteForm();
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    expect(await form.findByRole("alert")).toHaveTextContent("Enter your password");
    await userEvent.type(await form.findByLabelText("Your password"), "Tuning-Fork-42!");
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    expect(await form.findByRole("alert")).toHaveTextContent("Tick the box to confirm");
    expect(api.callsTo("POST", "/api/account/delete")).toHaveLength(0);
  });

  it("shows the server's refusal (open orders) in the form and stays signed in", async () => {
    const refusal = "Your account has open orders. Complete or refund them before deleting your account: Mixing (sold, in progress)";
    const api = settings({ "GET /api/account/export": { status: "none" }, "POST /api/account/delete": apiError(409, "conflict", refusal) });
    vi.stubGlobal("location", { ...window.location, assign: vi.fn(), reload: vi.fn() });
    renderApp("/settings");
    const form = await deleteForm();
    await userEvent.type(await form.findByLabelText("Your password"), "Tuning-Fork-42!");
    await userEvent.click(form.getByLabelText("I understand that my account and content will be deleted"));
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    expect(await form.findByRole("alert")).toHaveTextContent(refusal);
    expect(api.callsTo("POST", "/api/account/delete")[0]!.body).toEqual({ password: "Tuning-Fork-42!" });
    expect(window.location.assign).not.toHaveBeenCalled();
  });

  it("signs this browser out to /auth with the grace-period notice once the deletion is recorded", async () => {
    settings({
      "GET /api/account/export": { status: "none" },
      "POST /api/account/delete": { ok: true, message: "Your account will be deleted in 7 days. Sign in before then to cancel the deletion." },
    });
    vi.stubGlobal("location", { ...window.location, assign: vi.fn(), reload: vi.fn() });
    renderApp("/settings");
    const form = await deleteForm();
    await userEvent.type(await form.findByLabelText("Your password"), "Tuning-Fork-42!");
    await userEvent.click(form.getByLabelText("I understand that my account and content will be deleted"));
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
    expect(sessionStorage.getItem("backline:auth-notice")).toBe("Your account will be deleted in 7 days. Sign in before then to cancel the deletion.");
  });
});

describe("/settings: delete my account with Google", () => {
  const inTenMinutes = () => Date.now() + 10 * 60_000;

  it("offers Confirm with Google instead of the password to an account without one, and goes to Google", async () => {
    const api = settings({ "GET /api/account/reauth": GOOGLE_ONLY });
    vi.stubGlobal("location", { ...window.location, assign: vi.fn(), reload: vi.fn() });
    renderApp("/settings");
    const form = await deleteForm();
    const google = await form.findByRole("button", { name: "Confirm with Google" });
    expect(form.queryByLabelText("Your password")).not.toBeInTheDocument();
    expect(form.getByText("Sign in with Google again to confirm it is you.")).toBeInTheDocument();
    // Deleting before confirming says how, and sends nothing.
    await userEvent.click(form.getByLabelText("I understand that my account and content will be deleted"));
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    expect(await form.findByRole("alert")).toHaveTextContent("Sign in with Google again to confirm it is you.");
    expect(api.callsTo("POST", "/api/account/delete")).toHaveLength(0);
    // Reachable from the keyboard; while the page leaves it says so and does not go twice.
    google.focus();
    await userEvent.keyboard("{Enter}");
    expect(window.location.assign).toHaveBeenCalledWith("/api/auth/google/reauth");
    expect(form.getByRole("button", { name: "Opening Google…" })).toHaveAttribute("aria-disabled", "true");
    await userEvent.click(form.getByRole("button", { name: "Opening Google…" }));
    expect(window.location.assign).toHaveBeenCalledTimes(1);
  });

  it("lets an account with both use either", async () => {
    settings({ "GET /api/account/reauth": { password: true, google: true, googleConfirmedUntil: null } });
    renderApp("/settings");
    const form = await deleteForm();
    expect(await form.findByRole("button", { name: "Confirm with Google" })).toBeInTheDocument();
    expect(form.getByLabelText("Your password")).toBeInTheDocument();
    expect(form.getByText("Enter your password, or sign in with Google again, to confirm it is you.")).toBeInTheDocument();
  });

  it("back from Google: says identity is confirmed and until when, focuses it, forgets the URL's outcome, and deletes with the proof", async () => {
    const until = inTenMinutes();
    const api = settings({
      "GET /api/account/reauth": { ...GOOGLE_ONLY, googleConfirmedUntil: until },
      "POST /api/account/delete": { ok: true, message: "Your account will be deleted in 7 days. Sign in before then to cancel the deletion." },
    });
    vi.stubGlobal("location", { ...window.location, assign: vi.fn(), reload: vi.fn() });
    const { router } = renderApp("/settings?reauth=confirmed");
    const form = await deleteForm();
    const status = await form.findByRole("status");
    const time = new Intl.DateTimeFormat(undefined, { timeStyle: "short" }).format(until);
    expect(status).toHaveTextContent(`Google confirmed it is you. This works until ${time}; delete your account before then.`);
    expect(status.parentElement).toHaveFocus();
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(form.queryByRole("button", { name: "Confirm with Google" })).not.toBeInTheDocument();
    expect(form.queryByLabelText("Your password")).not.toBeInTheDocument();
    // The tick is still required.
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    expect(await form.findByRole("alert")).toHaveTextContent("Tick the box to confirm");
    expect(api.callsTo("POST", "/api/account/delete")).toHaveLength(0);
    await userEvent.click(form.getByLabelText("I understand that my account and content will be deleted"));
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
    expect(api.callsTo("POST", "/api/account/delete")[0]!.body).toEqual({ confirmWith: "google" });
  });

  it.each([
    ["other_account", "That Google account is not the one linked to your Backline account. Nothing was changed. Confirm with the Google account you sign in with."],
    ["stale", "Google did not ask for your sign-in again. Please confirm with Google again and enter your Google password when asked."],
    ["failed", "Google could not confirm it is you. Please try again."],
    ["not_linked", "Your account is not linked to Google. Confirm with your password instead."],
  ])("back from Google with %s: says why and offers it again", async (outcome, text) => {
    settings({ "GET /api/account/reauth": { ...GOOGLE_ONLY, password: outcome === "not_linked" } });
    renderApp(`/settings?reauth=${outcome}`);
    const form = await deleteForm();
    expect(await form.findByRole("alert")).toHaveTextContent(text);
    expect(form.getByRole("button", { name: "Confirm with Google" })).toBeInTheDocument();
    expect(form.queryByRole("status")).not.toBeInTheDocument();
  });

  it("tells an account with neither a password nor Google to set a password, and sends nothing", async () => {
    const api = settings({ "GET /api/account/reauth": { password: false, google: false, googleConfirmedUntil: null } });
    renderApp("/settings");
    const form = await deleteForm();
    const hint = "Set a password first: use “Forgot password?” on the sign-in page, then try again.";
    expect(await form.findByText(hint)).toBeInTheDocument();
    expect(form.queryByRole("button", { name: "Confirm with Google" })).not.toBeInTheDocument();
    await userEvent.click(form.getByLabelText("I understand that my account and content will be deleted"));
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    expect(await form.findByRole("alert")).toHaveTextContent(hint);
    expect(api.callsTo("POST", "/api/account/delete")).toHaveLength(0);
  });

  it("falls back to asking again once the confirmation runs out on screen", async () => {
    settings({ "GET /api/account/reauth": { ...GOOGLE_ONLY, googleConfirmedUntil: Date.now() + 1500 } });
    renderApp("/settings?reauth=confirmed");
    const form = await deleteForm();
    expect(await form.findByRole("status")).toHaveTextContent("Google confirmed it is you");
    expect(await form.findByText("Your Google confirmation has expired. Confirm with Google again.", undefined, { timeout: 4000 })).toHaveAttribute("role", "alert");
    expect(form.getByRole("button", { name: "Confirm with Google" })).toBeInTheDocument();
    expect(form.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the server's refusal of an expired proof and asks for Google again", async () => {
    const refusal = "Your Google confirmation is missing or has expired. Confirm with Google again.";
    let state: Record<string, unknown> = { ...GOOGLE_ONLY, googleConfirmedUntil: inTenMinutes() };
    const api = settings({
      "GET /api/account/reauth": () => json(state),
      "POST /api/account/delete": () => {
        state = GOOGLE_ONLY;
        return apiError(403, "forbidden", refusal);
      },
    });
    vi.stubGlobal("location", { ...window.location, assign: vi.fn(), reload: vi.fn() });
    renderApp("/settings");
    const form = await deleteForm();
    await form.findByRole("status");
    await userEvent.click(form.getByLabelText("I understand that my account and content will be deleted"));
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    expect(await form.findByRole("alert")).toHaveTextContent(refusal);
    expect(await form.findByRole("button", { name: "Confirm with Google" })).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/account/reauth").length).toBeGreaterThanOrEqual(2);
    expect(window.location.assign).not.toHaveBeenCalled();
  });

  it("shows loading, then a failure with Try Again", async () => {
    let fail = true;
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    settings({
      "GET /api/account/reauth": async () => {
        await held;
        return fail ? apiError(503, "unavailable", "Down") : json(GOOGLE_ONLY);
      },
    });
    renderApp("/settings");
    const form = await deleteForm();
    expect(document.querySelector('#delete-account [aria-busy="true"]')).not.toBeNull();
    await act(async () => release());
    expect(await form.findByText("Failed to load how to confirm it is you")).toBeInTheDocument();
    fail = false;
    await userEvent.click(form.getByRole("button", { name: "Try Again" }));
    expect(await form.findByRole("button", { name: "Confirm with Google" })).toBeInTheDocument();
  });
});
