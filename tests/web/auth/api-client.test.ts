// The API client's session rule: a 401 triggers one POST /api/auth/refresh and one retry; many
// 401s at once share one refresh (refresh tokens are single-use, so two would revoke the
// session); a call still refused afterwards tells the app the session is gone.
import { afterEach, describe, expect, it, vi } from "vitest";
import { api, onSessionLost, unwrap } from "@web/lib/api-client";
import { apiError, json, mockApi } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const summary = { today: [], criticalLast7Days: [], latestAt: null };

describe("401 → refresh → retry", () => {
  it("refreshes once and retries the call that failed", async () => {
    let refreshed = false;
    const mock = mockApi({
      "GET /api/security-events/summary": () => (refreshed ? json(summary) : apiError(401, "unauthorized", "Authentication required")),
      "POST /api/auth/refresh": () => {
        refreshed = true;
        return json({ user: { id: "u1", email: "a@b.co" }, profile: null });
      },
    });
    await expect(unwrap(api.api["security-events"].summary.$get())).resolves.toEqual(summary);
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      "GET /api/security-events/summary",
      "POST /api/auth/refresh",
      "GET /api/security-events/summary",
    ]);
  });

  it("shares one refresh between calls that fail together", async () => {
    let refreshed = false;
    const mock = mockApi({
      "GET /api/security-events/summary": () => (refreshed ? json(summary) : apiError(401, "unauthorized", "Authentication required")),
      "POST /api/auth/refresh": async () => {
        await new Promise((r) => setTimeout(r, 20));
        refreshed = true;
        return json({ user: null, profile: null });
      },
    });
    await Promise.all([1, 2, 3].map(() => unwrap(api.api["security-events"].summary.$get())));
    expect(mock.callsTo("POST", "/api/auth/refresh")).toHaveLength(1);
    expect(mock.callsTo("GET", "/api/security-events/summary")).toHaveLength(6);
  });

  it("reports the session lost and surfaces the 401 when the retry is refused too", async () => {
    const mock = mockApi({
      "GET /api/security-events/summary": apiError(401, "unauthorized", "Authentication required"),
      "POST /api/auth/refresh": apiError(401, "unauthorized", "Your session has ended. Please sign in again."),
    });
    const lost = vi.fn();
    const unsubscribe = onSessionLost(lost);
    await expect(unwrap(api.api["security-events"].summary.$get())).rejects.toMatchObject({ status: 401, message: "Authentication required" });
    expect(lost).toHaveBeenCalledTimes(1);
    expect(mock.callsTo("GET", "/api/security-events/summary")).toHaveLength(2);
    unsubscribe();
  });

  it("never refreshes for credential exchanges such as sign-in", async () => {
    const mock = mockApi({ "POST /api/auth/sign-in": apiError(401, "unauthorized", "nope") });
    await expect(unwrap(api.api.auth["sign-in"].$post({ json: { email: "a@b.co", password: "12345678" } }))).rejects.toMatchObject({ status: 401 });
    expect(mock.callsTo("POST", "/api/auth/refresh")).toHaveLength(0);
  });
});
