// /settings "Download my data" and "Delete my account" (issue #27 items 5 and 6, decision record
// 0084): the export's states, the request, and the deletion form with its refusals and its exit.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(resetApp);

const summary = { today: [], criticalLast7Days: [], latestAt: null };

function settings(extra: Record<string, unknown> = {}) {
  return mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/security-events/summary": summary, ...extra });
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
    await userEvent.type(form.getByLabelText("Your password"), "Tuning-Fork-42!");
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
    await userEvent.type(form.getByLabelText("Your password"), "Tuning-Fork-42!");
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
    await userEvent.type(form.getByLabelText("Your password"), "Tuning-Fork-42!");
    await userEvent.click(form.getByLabelText("I understand that my account and content will be deleted"));
    await userEvent.click(form.getByRole("button", { name: "Delete my account" }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
    expect(sessionStorage.getItem("backline:auth-notice")).toBe("Your account will be deleted in 7 days. Sign in before then to cancel the deletion.");
  });
});
