// The Sign In tab of /auth (spec §5 sign-in rules, §8 auth toasts) and the redirects around it.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGNED_IN, SIGNED_OUT, apiError, mockApi, renderApp, resetApp } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(resetApp);

const visitor = (extra: Record<string, unknown> = {}) => ({
  "GET /api/auth/session": SIGNED_OUT,
  "GET /api/auth/providers": { google: false },
  ...extra,
});

async function signInForm() {
  return within(await screen.findByRole("form", { name: "Sign in" }));
}

describe("/auth sign in", () => {
  it("shows the spec's messages for a bad email and a short password, and sends nothing", async () => {
    const api = mockApi(visitor());
    renderApp("/auth");
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "not-an-email");
    await userEvent.type(form.getByLabelText("Password"), "short");
    await userEvent.click(form.getByRole("button", { name: "Sign In" }));
    expect(await form.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(form.getByText("Password must be at least 8 characters long")).toBeInTheDocument();
    expect(form.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(api.callsTo("POST", "/api/auth/sign-in")).toHaveLength(0);
  });

  it("signs in with the normalised email and goes to the redirect target", async () => {
    const api = mockApi(
      visitor({
        "POST /api/auth/sign-in": SIGNED_IN,
        "GET /api/security-events/summary": { today: [], criticalLast7Days: [], latestAt: null },
      }),
    );
    const { router } = renderApp("/auth?redirect=%2Fsettings");
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "  Maya@Example.com ");
    await userEvent.type(form.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(form.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(api.callsTo("POST", "/api/auth/sign-in")[0]?.body).toEqual({ email: "maya@example.com", password: "correct horse battery" });
    expect(await screen.findByTestId("account-email")).toHaveTextContent("maya@example.com");
  });

  it("ignores a redirect target on another site and goes to /feed", async () => {
    mockApi(visitor({ "POST /api/auth/sign-in": SIGNED_IN }));
    const { router } = renderApp("/auth?redirect=%2F%2Fevil.example%2Fsteal");
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "maya@example.com");
    await userEvent.type(form.getByLabelText("Password"), "correct horse battery");
    await userEvent.click(form.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
  });

  it("shows the server's message in a toast titled Error", async () => {
    mockApi(visitor({ "POST /api/auth/sign-in": apiError(400, "bad_request", "Invalid login credentials") }));
    const { router } = renderApp("/auth");
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "maya@example.com");
    await userEvent.type(form.getByLabelText("Password"), "wrong password");
    await userEvent.click(form.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Invalid login credentials")).toBeInTheDocument();
    expect(screen.getByText("Error")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("titles a rate limit 'Too Many Attempts' with the wait from the server", async () => {
    mockApi(
      visitor({
        "POST /api/auth/sign-in": apiError(429, "rate_limited", "Please wait 15 minutes before trying again", {
          title: "Too Many Attempts",
          retryAfterSeconds: 900,
        }),
      }),
    );
    renderApp("/auth");
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "maya@example.com");
    await userEvent.type(form.getByLabelText("Password"), "whatever123");
    await userEvent.click(form.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Too Many Attempts")).toBeInTheDocument();
    expect(screen.getByText("Please wait 15 minutes before trying again")).toBeInTheDocument();
  });

  it("says 'An unexpected error occurred' when the answer is not an API error", async () => {
    mockApi(visitor({ "POST /api/auth/sign-in": new Response("<html>bad gateway</html>", { status: 502 }) }));
    renderApp("/auth");
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "maya@example.com");
    await userEvent.type(form.getByLabelText("Password"), "whatever123");
    await userEvent.click(form.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("An unexpected error occurred")).toBeInTheDocument();
  });

  it("offers to resend the confirmation email for an unconfirmed account", async () => {
    const api = mockApi(
      visitor({
        "POST /api/auth/sign-in": apiError(403, "forbidden", "Email not confirmed. Check your inbox for the confirmation link."),
        "POST /api/auth/resend": { message: "If that address has an unconfirmed account, a new confirmation link is on its way." },
      }),
    );
    renderApp("/auth");
    const form = await signInForm();
    await userEvent.type(form.getByLabelText("Email"), "new@example.com");
    await userEvent.type(form.getByLabelText("Password"), "whatever123");
    await userEvent.click(form.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByText("Email not confirmed. Check your inbox for the confirmation link.")).toBeInTheDocument();
    await userEvent.click(await form.findByRole("button", { name: "Resend confirmation email" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/auth/resend")[0]?.body).toEqual({ email: "new@example.com" }));
    expect(await screen.findByText(/a new confirmation link is on its way/)).toBeInTheDocument();
  });

  it("links 'Forgot password?' to the reset request, which answers the same for every address", async () => {
    const api = mockApi(visitor({ "POST /api/auth/password-reset": { message: "ok" } }));
    const { router } = renderApp("/auth");
    await userEvent.click(await screen.findByRole("link", { name: "Forgot password?" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth/forgot"));
    const form = within(await screen.findByRole("form", { name: "Reset password" }));
    await userEvent.type(form.getByLabelText("Email"), "Maya@Example.com");
    await userEvent.click(form.getByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText("If that address has an account, a password reset link is on its way.")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/auth/password-reset")[0]?.body).toEqual({ email: "maya@example.com" });
  });
});

describe("/auth for a signed-in visitor", () => {
  it("redirects to /feed", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/auth/providers": { google: false } });
    const { router } = renderApp("/auth");
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
    expect(screen.queryByRole("form", { name: "Sign in" })).not.toBeInTheDocument();
  });

  it("redirects to a same-site redirect target", async () => {
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/security-events/summary": { today: [], criticalLast7Days: [], latestAt: null },
    });
    const { router } = renderApp("/auth?redirect=%2Fsettings");
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
  });
});

describe("/auth tabs, Google and callback errors", () => {
  it("switches between Sign In and Sign Up", async () => {
    mockApi(visitor());
    const { router } = renderApp("/auth");
    await screen.findByRole("form", { name: "Sign in" });
    expect(screen.getByRole("tab", { name: "Sign In" })).toHaveAttribute("aria-selected", "true");
    await userEvent.click(screen.getByRole("tab", { name: "Sign Up" }));
    expect(await screen.findByRole("form", { name: "Sign up" })).toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Sign in" })).not.toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Sign Up" })).toHaveAttribute("aria-selected", "true");
    expect(router.state.location.search).toMatchObject({ tab: "signup" });
    await userEvent.click(screen.getByRole("tab", { name: "Sign In" }));
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeInTheDocument();
  });

  it("disables 'Continue with Google' and says why when Google is not configured", async () => {
    mockApi(visitor());
    renderApp("/auth");
    await screen.findByText("Google sign-in is not configured");
    const button = screen.getByRole("button", { name: "Continue with Google" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription("Google sign-in is not configured");
  });

  it("sends the browser to /api/auth/google when Google is configured", async () => {
    mockApi(visitor({ "GET /api/auth/providers": { google: true } }));
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    renderApp("/auth");
    const button = await screen.findByRole("button", { name: "Continue with Google" });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText("Google sign-in is not configured")).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(assign).toHaveBeenCalledWith("/api/auth/google");
  });

  it("shows the error the Google callback sent back", async () => {
    mockApi(visitor());
    renderApp("/auth?error=Google%20sign-in%20failed.%20Please%20try%20again.");
    const alerts = await screen.findAllByText("Google sign-in failed. Please try again.");
    expect(alerts.some((el) => el.getAttribute("role") === "alert")).toBe(true);
  });

  it("has a Back to Home link", async () => {
    mockApi(visitor());
    renderApp("/auth");
    expect(await screen.findByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});

