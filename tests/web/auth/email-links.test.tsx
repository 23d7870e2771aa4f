// The screens behind the emailed links: /auth/confirm?token= and /auth/reset?token=.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGNED_OUT, apiError, mockApi, renderApp, resetApp } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(resetApp);

const TOKEN = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG";

describe("/auth/confirm", () => {
  it("confirms the token once and offers Sign In", async () => {
    const api = mockApi({ "POST /api/auth/confirm": { ok: true }, "GET /api/auth/session": SIGNED_OUT });
    renderApp(`/auth/confirm?token=${TOKEN}`);
    expect(await screen.findByText("Your email is confirmed. You can sign in now.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(api.callsTo("POST", "/api/auth/confirm")).toEqual([expect.objectContaining({ body: { token: TOKEN } })]);
  });

  it("shows the server's error for a used or expired link", async () => {
    mockApi({ "POST /api/auth/confirm": apiError(400, "bad_request", "Confirmation link is invalid or has expired") });
    renderApp(`/auth/confirm?token=${TOKEN}`);
    expect(await screen.findByRole("alert")).toHaveTextContent("Confirmation link is invalid or has expired");
  });

  it("says the link is invalid without calling the server when there is no token", async () => {
    const api = mockApi({});
    renderApp("/auth/confirm");
    expect(await screen.findByRole("alert")).toHaveTextContent("Confirmation link is invalid or has expired");
    expect(api.calls.filter((c) => c.path === "/api/auth/confirm")).toHaveLength(0);
  });
});

describe("/auth/reset", () => {
  it("refuses a weak new password with the spec's toast and sends nothing", async () => {
    const api = mockApi({});
    renderApp(`/auth/reset?token=${TOKEN}`);
    const form = within(await screen.findByRole("form", { name: "Choose a new password" }));
    await userEvent.type(form.getByLabelText("New password"), "weakpass");
    await userEvent.type(form.getByLabelText("Repeat new password"), "weakpass");
    await userEvent.click(form.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("Include at least one uppercase letter. Include at least one number. Include at least one special character.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/auth/password-reset/confirm")).toHaveLength(0);
  });

  it("requires the two entries to match", async () => {
    mockApi({});
    renderApp(`/auth/reset?token=${TOKEN}`);
    const form = within(await screen.findByRole("form", { name: "Choose a new password" }));
    await userEvent.type(form.getByLabelText("New password"), "Tr4ck!Mix#Down");
    await userEvent.type(form.getByLabelText("Repeat new password"), "Tr4ck!Mix#Dawn");
    await userEvent.click(form.getByRole("button", { name: "Update password" }));
    expect(await form.findByText("Passwords do not match")).toBeInTheDocument();
  });

  it("sets the new password and asks to sign in again", async () => {
    const api = mockApi({ "POST /api/auth/password-reset/confirm": { ok: true, message: "Your password has been changed. Please sign in again." } });
    renderApp(`/auth/reset?token=${TOKEN}`);
    const form = within(await screen.findByRole("form", { name: "Choose a new password" }));
    expect(form.queryByRole("meter")).not.toBeInTheDocument();
    await userEvent.type(form.getByLabelText("New password"), "Tr4ck!Mix#Down");
    expect(form.getByRole("meter", { name: "Password strength" })).toHaveAttribute("aria-valuetext", "Strong");
    await userEvent.type(form.getByLabelText("Repeat new password"), "Tr4ck!Mix#Down");
    await userEvent.click(form.getByRole("button", { name: "Update password" }));
    expect(await screen.findByText("Your password has been changed. Please sign in again.")).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo("POST", "/api/auth/password-reset/confirm")[0]?.body).toEqual({ token: TOKEN, password: "Tr4ck!Mix#Down" }),
    );
  });
});
