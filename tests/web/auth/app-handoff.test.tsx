// Google sign-in inside the native app (issue #34 item 1, decision record 0093), through the real
// route tree and the native bridge with the App plugin mocked: the WebView keeps a verifier and
// sends only its S256 challenge, Google's page goes to the system browser, and the link the
// operating system hands back (appUrlOpen) is redeemed with that verifier, so the session lands
// in the WebView. Opened in a browser instead, the return page offers the app's own link. In a
// browser, "Continue with Google" stays the Worker's own flow (sign-in.test.tsx).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { act } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authKeys } from "@web/features/auth/api";
import { challengeOf } from "@web/features/auth/app-handoff";
import { queryClient } from "@web/lib/query-client";
import { SIGNED_IN, SIGNED_OUT, apiError, json, mockApi, renderApp, resetApp } from "./helpers";

vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

const native = vi.hoisted(() => {
  type Listener = (event: never) => void;
  const listeners = new Map<string, Listener>();
  return {
    listeners,
    emit(name: string, event: unknown) {
      const listener = listeners.get(name);
      if (!listener) throw new Error(`no ${name} listener`);
      listener(event as never);
    },
    addListener: vi.fn(async (name: string, listener: Listener) => {
      listeners.set(name, listener);
      return { remove: vi.fn(async () => void listeners.delete(name)) };
    }),
  };
});
vi.mock("@capacitor/app", () => ({ App: { addListener: native.addListener, exitApp: vi.fn(async () => {}) } }));

type Shell = { isNativePlatform(): boolean; getPlatform(): string; isPluginAvailable(name: string): boolean };
const globals = globalThis as { Capacitor?: Shell };

function insideApp() {
  globals.Capacitor = { isNativePlatform: () => true, getPlatform: () => "android", isPluginAvailable: (name) => name === "App" };
}

const GOOGLE_URL = "https://accounts.google.com/o/oauth2/v2/auth?state=app.s";
const CODE = "c".repeat(43);
let assign: ReturnType<typeof vi.fn>;

beforeEach(() => {
  native.listeners.clear();
  localStorage.clear();
  assign = vi.fn();
});
afterEach(() => {
  delete globals.Capacitor;
  resetApp();
  localStorage.clear();
});

/** The browser's location, with assign recorded (a navigation jsdom cannot make). */
function stubLocation() {
  vi.stubGlobal("location", { ...window.location, assign });
}

/** The Worker's side: the start records the challenge; the exchange checks the verifier against it, as the Worker does. */
function handoffApi(exchange?: (body: { code: string; verifier: string }, challenge: string | undefined) => Response | Promise<Response>) {
  let challenge: string | undefined;
  const api = mockApi({
    "GET /api/auth/session": SIGNED_OUT,
    "GET /api/auth/providers": { google: true },
    "POST /api/auth/app/google": (call: { body: unknown }) => {
      challenge = (call.body as { challenge: string }).challenge;
      return json({ url: GOOGLE_URL });
    },
    "POST /api/auth/app/exchange": async (call: { body: unknown }) => {
      const body = call.body as { code: string; verifier: string };
      if (exchange) return exchange(body, challenge);
      const matches = body.code === CODE && challenge !== undefined && (await challengeOf(body.verifier)) === challenge;
      return matches
        ? json({ purpose: "sign_in", ...SIGNED_IN, user: { ...SIGNED_IN.user, needsOnboarding: false, isModerator: false }, deletionCancelled: false })
        : apiError(400, "bad_request", "This sign-in has expired or was already used. Please sign in again.");
    },
  });
  return { api, challenge: () => challenge };
}

async function appListenersReady() {
  await waitFor(() => expect(native.listeners.has("appUrlOpen")).toBe(true));
}

describe("Continue with Google inside the app", () => {
  it("sends only a challenge, keeps the verifier, opens Google in the system browser, and signs the WebView in when the link comes back", async () => {
    insideApp();
    stubLocation();
    const { api, challenge } = handoffApi();
    const { router } = renderApp("/auth");
    const button = await screen.findByRole("button", { name: "Continue with Google" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);

    // Google's page goes to the system browser (Capacitor hands other hosts to it); this screen stays.
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_URL));
    expect(assign).not.toHaveBeenCalledWith("/api/auth/google");
    await waitFor(() => expect(button).toBeEnabled());
    const kept = JSON.parse(localStorage.getItem("backline:app-handoff")!) as { verifier: string; purpose: string };
    expect(kept.purpose).toBe("sign_in");
    expect(kept.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge()).toBe(await challengeOf(kept.verifier));
    expect(challenge()).not.toBe(kept.verifier);
    expect(JSON.stringify(api.callsTo("POST", "/api/auth/app/google"))).not.toContain(kept.verifier);

    // The operating system hands the return link to the app.
    await appListenersReady();
    act(() => native.emit("appUrlOpen", { url: `https://backline.example/app/auth-return?code=${CODE}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/feed"));
    expect(api.callsTo("POST", "/api/auth/app/exchange")).toEqual([expect.objectContaining({ body: { code: CODE, verifier: kept.verifier } })]);
    expect(queryClient.getQueryData<{ user: { id: string } | null }>(authKeys.session())?.user?.id).toBe("u1");
    // The verifier is used once.
    expect(localStorage.getItem("backline:app-handoff")).toBeNull();
  });

  it("sends a refused code back to /auth with the server's words, and forgets the verifier", async () => {
    insideApp();
    stubLocation();
    handoffApi(() => apiError(400, "bad_request", "This sign-in has expired or was already used. Please sign in again."));
    const { router } = renderApp("/auth");
    const button = await screen.findByRole("button", { name: "Continue with Google" });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_URL));
    await appListenersReady();
    act(() => native.emit("appUrlOpen", { url: `app.backline.mobile://app/auth-return?code=${CODE}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(await screen.findByText("This sign-in has expired or was already used. Please sign in again.")).toBeInTheDocument();
    expect(localStorage.getItem("backline:app-handoff")).toBeNull();
  });

  it("shows Google's failure the Worker sent back in place of a code", async () => {
    insideApp();
    const { api } = handoffApi();
    const { router } = renderApp(`/app/auth-return?error=${encodeURIComponent("Your Google account has no verified email address")}`);
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(await screen.findByText("Your Google account has no verified email address")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/auth/app/exchange")).toHaveLength(0);
  });

  it("says so when the app holds no sign-in of its own to finish, and redeems nothing", async () => {
    insideApp();
    const { api } = handoffApi();
    renderApp(`/app/auth-return?code=${CODE}`);
    expect(await screen.findByText("This sign-in was not started in this app. Please sign in again.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Sign In" })).toHaveAttribute("href", "/auth");
    expect(api.callsTo("POST", "/api/auth/app/exchange")).toHaveLength(0);
  });
});

describe("/app/auth-return opened in a browser", () => {
  it("offers the app's own link carrying the code, and the web's sign-in, redeeming nothing", async () => {
    const { api } = handoffApi();
    renderApp(`/app/auth-return?code=${CODE}`);
    expect(await screen.findByRole("heading", { name: "Finish in the Backline app" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open Backline" })).toHaveAttribute("href", `app.backline.mobile://app/auth-return?code=${CODE}`);
    expect(screen.getByRole("link", { name: "Sign in on the web instead" })).toHaveAttribute("href", "/auth");
    expect(api.callsTo("POST", "/api/auth/app/exchange")).toHaveLength(0);
  });
});

describe("Confirm with Google inside the app (deleting the account, decision record 0084)", () => {
  it("starts the app's re-authentication, and the returned code brings /settings the confirmation", async () => {
    insideApp();
    stubLocation();
    let challenge: string | undefined;
    let confirmed = false;
    const api = mockApi({
      "GET /api/auth/session": SIGNED_IN,
      "GET /api/security-events/summary": { today: [], criticalLast7Days: [], latestAt: null },
      "GET /api/account/export": { status: "none" },
      "GET /api/account/reauth": () => json({ password: false, google: true, googleConfirmedUntil: confirmed ? Date.now() + 600_000 : null }),
      "POST /api/auth/app/google/reauth": (call: { body: unknown }) => {
        challenge = (call.body as { challenge: string }).challenge;
        return json({ url: GOOGLE_URL });
      },
      "POST /api/auth/app/exchange": async (call: { body: unknown }) => {
        const body = call.body as { code: string; verifier: string };
        confirmed = (await challengeOf(body.verifier)) === challenge;
        return confirmed ? json({ purpose: "reauth", outcome: "confirmed" }) : apiError(400, "bad_request", "nope");
      },
    });
    const { router } = renderApp("/settings");
    const google = await screen.findByRole("button", { name: "Confirm with Google" });
    await userEvent.click(google);
    await waitFor(() => expect(assign).toHaveBeenCalledWith(GOOGLE_URL));
    expect(api.callsTo("POST", "/api/auth/app/google/reauth")).toHaveLength(1);
    // Back from the system browser without finishing, the button is there again.
    await waitFor(() => expect(screen.getByRole("button", { name: "Confirm with Google" })).toBeEnabled());

    await appListenersReady();
    act(() => native.emit("appUrlOpen", { url: `https://backline.example/app/auth-return?code=${CODE}` }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/settings"));
    expect(confirmed).toBe(true);
    const section = within(await screen.findByRole("button", { name: "Delete my account" }).then((button) => button.closest("form")!));
    expect(await section.findByText(/Google confirmed it is you/)).toBeInTheDocument();
  });
});

describe("/app/open/… (Stripe Checkout's return to the app)", () => {
  it("opens the page it names, with its query", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN });
    const { router } = renderApp("/app/open/payment-success?session_id=cs_1&order=o1");
    await waitFor(() => expect(router.state.location.pathname).toBe("/payment-success"));
    expect(router.state.location.search).toMatchObject({ session_id: "cs_1", order: "o1" });
  });

  it("never opens another site: a protocol-relative path stays a path of this origin", async () => {
    mockApi({ "GET /api/auth/session": SIGNED_IN });
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { router } = renderApp("/app/open//evil.example/x");
    // The router folds the double slash; what opens is this origin's (unknown) page, not the host.
    await waitFor(() => expect(router.state.location.pathname).toBe("/evil.example/x"));
    expect(router.state.location.href.startsWith("//")).toBe(false);
    expect(assign).not.toHaveBeenCalled();
  });
});
