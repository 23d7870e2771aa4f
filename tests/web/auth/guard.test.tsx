// The _authed guard (spec §2 guarded screens: 'Loading...' with a spinner, visitors to /auth with
// a redirect back), and the /settings screen with its three sign-outs.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { securityReportSchema } from "@shared/schemas/security-report";
import { FAILED_CRITICAL_KEY, SECURITY_LOG_KEY, readSecurityLog } from "@web/features/security/local-log";
import { queryClient } from "@web/lib/query-client";
import { THEME_STORAGE_KEY } from "@web/lib/theme";
import { SIGNED_IN, SIGNED_OUT, apiError, deferred, json, mockApi, renderApp, resetApp } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(resetApp);

const summary = {
  today: [
    { id: "e1", eventType: "sign_in", severity: "low", details: null, ipAddress: null, userAgent: null, createdAt: Date.UTC(2026, 10, 22, 9, 30) },
  ],
  criticalLast7Days: [
    { id: "e2", eventType: "refresh_token_reuse", severity: "critical", details: null, ipAddress: null, userAgent: null, createdAt: Date.UTC(2026, 10, 20, 18, 5) },
  ],
  latestAt: Date.UTC(2026, 10, 22, 9, 30),
};

describe("guarded screens", () => {
  it("shows 'Loading...' with a spinner while the session loads, then sends a visitor to /auth?redirect=", async () => {
    const answer = deferred<Response>();
    mockApi({ "GET /api/auth/session": () => answer.promise, "GET /api/auth/providers": { google: false } });
    const { router } = renderApp("/settings?from=nav");
    expect(await screen.findByRole("status")).toHaveTextContent("Loading...");
    expect(screen.queryByText("Account & security")).not.toBeInTheDocument();
    await act(async () => answer.resolve(json(SIGNED_OUT)));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toEqual({ redirect: "/settings?from=nav" });
    expect(await screen.findByRole("form", { name: "Sign in" })).toBeInTheDocument();
  });

  it("renders a signed-in user's screen with the mobile header, a settings link and the bottom navigation", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/security-events/summary": summary });
    renderApp("/settings");
    expect(await screen.findByRole("heading", { name: "Account & security" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Messages" })).toHaveAttribute("href", "/messages");
    expect(screen.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    expect(screen.getByRole("navigation", { name: "Main" })).toBeInTheDocument();
    expect(screen.getByTestId("account-email")).toHaveTextContent("maya@example.com");
  });

  it("leaves the screen for /auth when the server ends the session mid-visit", async () => {
    let sessionAlive = true;
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/security-events/summary": () => (sessionAlive ? json(summary) : apiError(401, "unauthorized", "Authentication required")),
      "POST /api/auth/refresh": apiError(401, "unauthorized", "Your session has ended. Please sign in again."),
    });
    const { router } = renderApp("/settings");
    await screen.findByRole("heading", { name: "Account & security" });
    sessionAlive = false;
    await act(async () => {
      await queryClient.refetchQueries({ queryKey: ["security-events"] });
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toEqual({ redirect: "/settings" });
  });
});

describe("security layer on signed-in screens", () => {
  it("reports a burst of rapid clicks in the shape the server accepts, and logs it locally", async () => {
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/security-events/summary": summary,
      "POST /api/security-events": json({ accepted: true }, 202),
    });
    renderApp("/settings");
    const heading = await screen.findByRole("heading", { name: "Account & security" });
    // The burst is judged on the clock; hold it still so a busy machine cannot spread the 11
    // clicks over more than 50 ms each (seen once in CI with the journeys running beside).
    const clock = vi.spyOn(Date, "now").mockReturnValue(Date.now());
    for (let i = 0; i < 11; i++) fireEvent.click(heading);
    clock.mockRestore();
    await waitFor(() => expect(api.callsTo("POST", "/api/security-events")).toHaveLength(1));
    const body = api.callsTo("POST", "/api/security-events")[0]?.body;
    expect(body).toEqual({ event_type: "suspicious_login_attempt", severity: "medium", details: { clicks: 11, maxGapMs: 50 } });
    expect(securityReportSchema.safeParse(body).success).toBe(true);
    expect(readSecurityLog()).toMatchObject([{ event_type: "suspicious_login_attempt", severity: "medium" }]);
  });
});

describe("/settings", () => {
  beforeEach(() => {
    vi.stubGlobal("location", { ...window.location, assign: vi.fn(), reload: vi.fn() });
  });

  it("lists today's events, the critical events of 7 days and the latest event time", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/security-events/summary": summary });
    renderApp("/settings");
    expect(await screen.findByText("Signed in")).toBeInTheDocument();
    expect(screen.getByText("Session ended: a sign-in token was reused")).toBeInTheDocument();
    expect(screen.getByText("critical")).toBeInTheDocument();
    expect(screen.getByText(/Latest event:/)).toBeInTheDocument();
    expect(screen.getByText("Critical events in the last 7 days")).toBeInTheDocument();
  });

  it("signs out of this device: server call, storage cleared except theme and security logs, then /auth", async () => {
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/security-events/summary": summary, "POST /api/auth/sign-out": { ok: true } });
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    localStorage.setItem(SECURITY_LOG_KEY, "[]");
    localStorage.setItem(FAILED_CRITICAL_KEY, "[]");
    localStorage.setItem("backline:draft-post", "secret draft");
    sessionStorage.setItem("scroll", "1");
    renderApp("/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out of this device" }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
    expect(api.callsTo("POST", "/api/auth/sign-out")[0]?.body).toEqual({ scope: "local" });
    expect(localStorage.getItem("backline:draft-post")).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
    expect(localStorage.getItem(SECURITY_LOG_KEY)).toBe("[]");
    expect(queryClient.getQueryData(["security-events", "summary"])).toBeUndefined();
  });

  it("signs out of all devices with scope global", async () => {
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/security-events/summary": summary, "POST /api/auth/sign-out": { ok: true } });
    renderApp("/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out of all devices" }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
    expect(api.callsTo("POST", "/api/auth/sign-out")[0]?.body).toEqual({ scope: "global" });
  });

  it("signs out of other devices and stays signed in here", async () => {
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/security-events/summary": summary, "POST /api/auth/sign-out": { ok: true } });
    localStorage.setItem("backline:draft-post", "kept");
    renderApp("/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out of other devices" }));
    expect(await screen.findByText("Signed out of other devices")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/auth/sign-out")[0]?.body).toEqual({ scope: "others" });
    expect(window.location.assign).not.toHaveBeenCalled();
    expect(localStorage.getItem("backline:draft-post")).toBe("kept");
    expect(screen.getByRole("heading", { name: "Account & security" })).toBeInTheDocument();
  });

  it("still forgets the session here when the server says it had already ended", async () => {
    mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/security-events/summary": summary,
      "POST /api/auth/sign-out": apiError(401, "unauthorized", "Authentication required"),
      "POST /api/auth/refresh": apiError(401, "unauthorized", "Your session has ended. Please sign in again."),
    });
    renderApp("/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out of this device" }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
  });
});

describe("session timeout sign-out", () => {
  it("after 60 idle minutes signs out on the server, clears stored data and reloads; /auth then says why", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign: vi.fn(), reload });
    const api = mockApi({ "GET /api/auth/session": SIGNED_IN, "GET /api/security-events/summary": summary, "POST /api/auth/sign-out": { ok: true } });
    localStorage.setItem("backline:draft-post", "draft");
    const first = renderApp("/settings");
    await screen.findByRole("heading", { name: "Account & security" });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(61 * 60_000);
    });
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.callsTo("POST", "/api/auth/sign-out")[0]?.body).toEqual({ scope: "local" });
    expect(localStorage.getItem("backline:draft-post")).toBeNull();
    vi.useRealTimers();

    // What the reloaded page shows: the guard sends it to /auth, which explains the sign-out.
    first.unmount();
    queryClient.clear();
    mockApi({ "GET /api/auth/session": SIGNED_OUT, "GET /api/auth/providers": { google: false } });
    renderApp("/auth");
    expect(await screen.findByText("You were signed out after 60 minutes without activity.")).toBeInTheDocument();
  });
});
