// The payout panel of /payments (issue #26): each state in its words with the right action, the
// action that sends the tab to the onboarding link the server returns, the server's own words for
// a throttled request, test mode and unavailable payments, and the two ways back from Stripe's
// onboarding (?payouts=return checks with Stripe and announces; ?payouts=refresh asks for a fresh
// link), each removing the parameter.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PAYOUT_STATES, type PayoutAccount, type PayoutState } from "@shared/checkout-api";
import { PAYOUTS_SCREEN_TEXTS } from "@shared/messages";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, apiError, json, mockApi, renderApp, resetApp } from "../auth/helpers";
import { installIntersectionObserver } from "../posts/fixtures";
import { findToast } from "../social/helpers";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

const T = PAYOUTS_SCREEN_TEXTS.panel;
const NO_PAGE = { items: [], nextCursor: null };

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
  assign = vi.fn();
  vi.stubGlobal("location", { ...window.location, assign });
});
afterEach(resetApp);

function account(overrides: Partial<PayoutAccount> = {}): PayoutAccount {
  return { state: "not_set_up", chargesEnabled: false, payoutsEnabled: false, requirements: [], mode: "stripe", syncedAt: null, ...overrides };
}

function openPayments(path: string, routes: Record<string, unknown> = {}) {
  const api = mockApi({
    "GET /api/auth/session": SIGNED_IN,
    "GET /api/payments/summary": { earnedCents: 0, pendingCents: 0, feesPaidCents: 0 },
    "GET /api/payments/recent": NO_PAGE,
    "GET /api/offers": NO_PAGE,
    "GET /api/payouts/account": account(),
    ...routes,
  });
  return { api, ...renderApp(path) };
}

async function panel() {
  const found = await screen.findByTestId("payout-panel");
  await within(found).findByTestId("payout-state");
  return within(found);
}

describe("the payout panel", () => {
  const ACTIONS: Record<PayoutState, string> = {
    not_set_up: T.setUp,
    details_needed: T.update,
    pending_verification: T.update,
    enabled: T.update,
    restricted: T.update,
  };

  it.each(PAYOUT_STATES)("says what %s means for buyers and offers the right action", async (state) => {
    openPayments("/payments", { "GET /api/payouts/account": account({ state, chargesEnabled: state === "enabled" }) });
    const view = await panel();
    expect(view.getByTestId("payout-state")).toHaveTextContent(T.stateLabels[state]);
    expect(view.getByTestId("payout-hint")).toHaveTextContent(T.stateHints[state]);
    expect(view.getByTestId("payout-action")).toHaveAccessibleName(ACTIONS[state]);
    expect(view.getByTestId("payout-action")).not.toHaveAttribute("aria-disabled");
    expect(view.queryByTestId("payout-test-mode")).toBeNull();
  });

  it("lists each of Stripe's requirements of a restricted account as a bullet", async () => {
    const requirements = ["Add a bank account for payouts", "Confirm your date of birth"];
    openPayments("/payments", { "GET /api/payouts/account": account({ state: "restricted", requirements }) });
    const view = await panel();
    const items = within(view.getByTestId("payout-requirements")).getAllByRole("listitem");
    expect(items.map((item) => item.textContent)).toEqual(requirements);
  });

  it("posts for an onboarding link and sends this tab to the url the server returned", async () => {
    const user = userEvent.setup();
    const url = "https://connect.stripe.com/setup/e/acct_1/abc";
    const { api } = openPayments("/payments", { "POST /api/payouts/onboarding-link": { url } });
    const view = await panel();
    await user.click(view.getByRole("button", { name: T.setUp }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(api.callsTo("POST", "/api/payouts/onboarding-link")).toHaveLength(1);
    // Busy until the page goes: a second tap sends nothing more.
    expect(view.getByTestId("payout-action")).toHaveAttribute("aria-disabled", "true");
    await user.click(view.getByTestId("payout-action"));
    expect(api.callsTo("POST", "/api/payouts/onboarding-link")).toHaveLength(1);
  });

  it("shows the server's words when link requests are throttled, and goes nowhere", async () => {
    const user = userEvent.setup();
    const text = "Too many attempts. Please try again in a minute.";
    openPayments("/payments", { "POST /api/payouts/onboarding-link": apiError(429, "rate_limited", text) });
    const view = await panel();
    await user.click(view.getByRole("button", { name: T.setUp }));
    expect(await view.findByTestId("payout-link-error")).toHaveTextContent(text);
    expect(await findToast(text)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(view.getByTestId("payout-action")).not.toHaveAttribute("aria-disabled");
  });

  it("puts any other failure in our words", async () => {
    const user = userEvent.setup();
    openPayments("/payments", { "POST /api/payouts/onboarding-link": apiError(503, "unavailable", "stripe exploded") });
    const view = await panel();
    await user.click(view.getByRole("button", { name: T.setUp }));
    expect(await view.findByTestId("payout-link-error")).toHaveTextContent(T.linkFailed);
    expect(screen.queryByText("stripe exploded")).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it("labels test mode and says onboarding is a local stand-in", async () => {
    openPayments("/payments", { "GET /api/payouts/account": account({ mode: "test" }) });
    const view = await panel();
    expect(view.getByTestId("payout-test-mode")).toHaveTextContent(T.testMode);
    expect(view.getByText(T.testModeNote)).toBeInTheDocument();
  });

  it("disables the action with its reason when payments are unavailable, and sends nothing", async () => {
    const user = userEvent.setup();
    const { api } = openPayments("/payments", { "GET /api/payouts/account": account({ mode: "unavailable" }) });
    const view = await panel();
    const action = view.getByTestId("payout-action");
    expect(action).toHaveAttribute("aria-disabled", "true");
    expect(action).toHaveAccessibleDescription(T.unavailable);
    await user.click(action);
    expect(api.callsTo("POST", "/api/payouts/onboarding-link")).toEqual([]);
    expect(assign).not.toHaveBeenCalled();
  });

  it("offers a retry when the status cannot be loaded", async () => {
    const user = userEvent.setup();
    let fail = true;
    openPayments("/payments", {
      "GET /api/payouts/account": () => (fail ? apiError(500, "internal", "boom") : json(account({ state: "enabled", chargesEnabled: true }))),
    });
    const failed = await screen.findByTestId("payout-failed");
    expect(failed).toHaveTextContent(T.loadFailed);
    fail = false;
    await user.click(within(failed).getByRole("button", { name: T.retry }));
    expect((await panel()).getByTestId("payout-state")).toHaveTextContent(T.stateLabels.enabled);
  });
});

describe("coming back from onboarding", () => {
  it("?payouts=return asks the server to check with Stripe, announces the new state and removes the parameter", async () => {
    const { api, router } = openPayments("/payments?payouts=return", {
      "GET /api/payouts/account": account({ state: "details_needed" }),
      "POST /api/payouts/refresh": account({ state: "enabled", chargesEnabled: true, payoutsEnabled: true, syncedAt: Date.now() }),
    });
    const announcement = await screen.findByTestId("payout-announcement");
    expect(announcement).toHaveAttribute("aria-live", "polite");
    await waitFor(() => expect(announcement).toHaveTextContent(T.announce(T.stateLabels.enabled)));
    expect(screen.getByTestId("payout-state")).toHaveTextContent(T.stateLabels.enabled);
    expect(api.callsTo("POST", "/api/payouts/refresh")).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(router.state.location.pathname).toBe("/payments");
    expect(api.callsTo("POST", "/api/payouts/refresh")).toHaveLength(1);
  });

  it("keeps the stored state and says so when the check is refused", async () => {
    const { api, router } = openPayments("/payments?payouts=return", {
      "GET /api/payouts/account": account({ state: "pending_verification" }),
      "POST /api/payouts/refresh": apiError(429, "rate_limited", "Slow down"),
    });
    await waitFor(() => expect(screen.getByTestId("payout-announcement")).toHaveTextContent(T.refreshFailed));
    expect((await panel()).getByTestId("payout-state")).toHaveTextContent(T.stateLabels.pending_verification);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(api.callsTo("POST", "/api/payouts/refresh")).toHaveLength(1);
  });

  it("?payouts=refresh asks for a fresh link and goes there at once", async () => {
    const url = "https://connect.stripe.com/setup/e/acct_1/fresh";
    const { api, router } = openPayments("/payments?payouts=refresh", {
      "GET /api/payouts/account": account({ state: "details_needed" }),
      "POST /api/payouts/onboarding-link": { url },
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith(url));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(api.callsTo("POST", "/api/payouts/onboarding-link")).toHaveLength(1);
    expect(api.callsTo("POST", "/api/payouts/refresh")).toEqual([]);
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("an unknown value of the parameter does nothing", async () => {
    const { api } = openPayments("/payments?payouts=elsewhere");
    await panel();
    expect(api.callsTo("POST", "/api/payouts/refresh")).toEqual([]);
    expect(api.callsTo("POST", "/api/payouts/onboarding-link")).toEqual([]);
  });
});
