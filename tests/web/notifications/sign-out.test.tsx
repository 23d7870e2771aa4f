// Subscriptions end on sign-out (issue #30 item 2): signing out of this device (or of all of
// them) lets the browser's push subscription go before the sign-out request, so the device gets
// nothing more for the account; "other devices" keeps it; and sign-out works the same when push
// is missing or its unsubscribe fails.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { NOTIFICATION_CATEGORIES } from "@shared/notifications-api";
import { SIGNED_IN, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installFakePush, uninstallFakePush } from "./fake-push";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  vi.stubGlobal("location", { ...window.location, assign: vi.fn(), reload: vi.fn() });
});
afterEach(() => {
  uninstallFakePush();
  resetApp();
  vi.restoreAllMocks();
});

/** The settings screen's API, recording in one list the order of requests and unsubscriptions. */
function settingsApi(order: string[]) {
  const api = mockApi({
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/security-events/summary": { today: [], criticalLast7Days: [], latestAt: null },
    "GET /api/notifications/preferences": {
      categories: Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, { push: true, email: false }])),
      quietHours: null,
      timeZone: "UTC",
      vapidPublicKey: null,
      devices: 1,
    },
    "POST /api/auth/sign-out": () => {
      order.push("sign-out request");
      return new Response(JSON.stringify({ ok: true }), { headers: { "content-type": "application/json" } });
    },
    "POST /api/push/subscriptions": new Response(JSON.stringify({ id: "s1" }), { status: 201 }),
  });
  return api;
}

function subscribedBrowser(order: string[]) {
  const push = installFakePush({ permission: "granted", subscribed: true });
  localStorage.setItem("backline:push-owner", SIGNED_IN.user.id);
  const subscription = push.state.subscription!;
  subscription.unsubscribe.mockImplementation(async () => {
    order.push("unsubscribe");
    push.state.subscription = null;
    return true;
  });
  return { push, subscription };
}

describe("sign-out ends this device's push subscription", () => {
  it.each(["Sign out of this device", "Sign out of all devices"])("%s: unsubscribes first, then signs out", async (button) => {
    const order: string[] = [];
    const { push } = subscribedBrowser(order);
    settingsApi(order);
    renderApp("/settings");
    await userEvent.click(await screen.findByRole("button", { name: button }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
    expect(order).toEqual(["unsubscribe", "sign-out request"]);
    expect(push.state.subscription).toBeNull();
    expect(localStorage.getItem("backline:push-owner")).toBeNull();
  });

  it("keeps this device's subscription when signing out the other devices", async () => {
    const order: string[] = [];
    const { subscription } = subscribedBrowser(order);
    settingsApi(order);
    renderApp("/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out of other devices" }));
    expect(await screen.findByText("Signed out of other devices")).toBeInTheDocument();
    expect(order).toEqual(["sign-out request"]);
    expect(subscription.unsubscribe).not.toHaveBeenCalled();
  });

  it("signs out as before in a browser without push", async () => {
    const order: string[] = [];
    const api = settingsApi(order);
    renderApp("/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out of this device" }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
    expect(api.callsTo("POST", "/api/auth/sign-out")).toHaveLength(1);
  });

  it("signs out even when the unsubscribe fails", async () => {
    const order: string[] = [];
    const { subscription } = subscribedBrowser(order);
    subscription.unsubscribe.mockRejectedValue(new Error("push service unreachable"));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const api = settingsApi(order);
    renderApp("/settings");
    await userEvent.click(await screen.findByRole("button", { name: "Sign out of this device" }));
    await waitFor(() => expect(window.location.assign).toHaveBeenCalledWith("/auth"));
    expect(api.callsTo("POST", "/api/auth/sign-out")[0]?.body).toEqual({ scope: "local" });
  });
});
