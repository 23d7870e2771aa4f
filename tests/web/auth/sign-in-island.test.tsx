// The sign-in page a first visit to /auth paints, whole without the app (issue #29, decision record
// 0098): the build's own markup (AuthSignInPrerender, rendered to HTML as the build does) wired by
// the island. It checks the fields in the spec's words, signs in through the API, goes where the
// app would (the redirect, or onboarding first), shows the server's refusal and offers the
// confirmation mail again, carries a cancelled deletion's notice to the next page, sends a
// signed-in visitor on, and hands Google to the app's hand-off inside the native app.
import { fireEvent, waitFor } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { carryAuthNotice, takeSignInNotice } from "@web/features/auth/carried-notice";
import { AuthSignInPrerender } from "@web/features/auth/prerender";
import { leaveIfSignedIn, wireSignInForm } from "@web/features/auth/sign-in-island";

const handoff = vi.hoisted(() => ({ startGoogleSignIn: vi.fn<() => Promise<"leaving" | "outside">>() }));
vi.mock("@web/features/auth/app-handoff", () => handoff);

let root: HTMLElement;
const leave = vi.fn<(path: string) => void>();
const go = vi.fn<(path: string) => void>();

function mount(search = "") {
  window.history.replaceState(null, "", `/auth${search}`);
  root = document.createElement("div");
  root.id = "root";
  root.dataset.prerendered = "auth";
  root.innerHTML = renderToStaticMarkup(<AuthSignInPrerender />);
  document.body.append(root);
  const form = root.querySelector<HTMLFormElement>("form[data-sign-in-island]")!;
  wireSignInForm(form, { leave, go });
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement;
  const type = (name: string, value: string) => fireEvent.input(field(name), { target: { value } });
  const submit = () => fireEvent.submit(form);
  const alertText = () => root.querySelector("[data-island-error]")!.textContent;
  return { form, field, type, submit, alertText };
}

beforeEach(() => {
  performance.clearMarks();
});
afterEach(() => {
  root?.remove();
  sessionStorage.clear();
  handoff.startGoogleSignIn.mockReset();
  delete (globalThis as { Capacitor?: unknown }).Capacitor;
  leave.mockReset();
  go.mockReset();
  vi.unstubAllGlobals();
});

describe("the prerendered sign-in form on /auth", () => {
  it("is marked live once wired, and refuses bad fields in the spec's words without a request", async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal("fetch", fetchSpy);
    const { field, type, submit, alertText } = mount();
    expect((performance.getEntriesByName("backline:auth-form-live", "mark") as PerformanceMark[]).map((mark) => mark.detail)).toEqual(["painted-form"]);
    type("email", "not-an-email");
    type("password", "longenough");
    submit();
    expect(alertText()).toBe("Please enter a valid email address");
    expect(field("email")).toHaveAttribute("aria-invalid", "true");
    expect(document.activeElement).toBe(field("email"));
    type("email", "ana@example.com");
    type("password", "short");
    submit();
    expect(alertText()).toBe("Password must be at least 8 characters long");
    expect(field("password")).toHaveAttribute("aria-invalid", "true");
    expect(field("email")).not.toHaveAttribute("aria-invalid");
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("signs in through the API and goes to the redirect target, or to onboarding first", async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ user: { needsOnboarding: false }, deletionCancelled: false }), { status: 200 }));
    vi.stubGlobal("fetch", fetchSpy);
    const { type, submit } = mount("?redirect=%2Fpost%2Fp1");
    type("email", " Ana@Example.com ");
    type("password", "Mix!Bus#Glue42");
    submit();
    await waitFor(() => expect(leave).toHaveBeenCalledWith("/post/p1"));
    const [url, init] = fetchSpy.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/auth/sign-in");
    expect(JSON.parse(String(init.body))).toEqual({ email: "ana@example.com", password: "Mix!Bus#Glue42" });
    root.remove();

    fetchSpy.mockImplementation(async () => new Response(JSON.stringify({ user: { needsOnboarding: true } }), { status: 200 }));
    const second = mount("?redirect=%2F%2Fevil.example");
    second.type("email", "new@example.com");
    second.type("password", "Mix!Bus#Glue42");
    second.submit();
    // A foreign redirect is never followed; a new account sees onboarding first.
    await waitFor(() => expect(leave).toHaveBeenLastCalledWith("/create-profile?redirect=%2Ffeed"));
  });

  it("shows the server's refusal in place, and takes one sign-in at a time", async () => {
    let answer!: (response: Response) => void;
    const fetchSpy = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal("fetch", fetchSpy);
    const { type, submit, alertText, form } = mount();
    type("email", "ana@example.com");
    type("password", "wrong-password");
    submit();
    expect(form).toHaveAttribute("data-submitting");
    expect(form.querySelector('button[type="submit"]')).toHaveAttribute("aria-disabled", "true");
    submit();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    answer(new Response(JSON.stringify({ error: { code: "unauthorized", message: "Invalid login credentials" } }), { status: 401 }));
    await waitFor(() => expect(alertText()).toBe("Invalid login credentials"));
    expect(form).not.toHaveAttribute("data-submitting");
    expect(form.querySelector('button[type="submit"]')).not.toHaveAttribute("aria-disabled");
    // Not a confirmation problem: the resend offer stays hidden.
    expect(form.querySelector<HTMLElement>("[data-island-unconfirmed]")!.hidden).toBe(true);
    expect(leave).not.toHaveBeenCalled();
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError("Failed to fetch")));
    submit();
    await waitFor(() => expect(alertText()).toBe("Network error. Check your connection and try again."));
  });

  it("offers the confirmation mail again to an unconfirmed account, and says what the server answered", async () => {
    const fetchSpy = vi.fn(async (url: string) =>
      url === "/api/auth/sign-in"
        ? new Response(JSON.stringify({ error: { code: "forbidden", message: "Email not confirmed. Check your inbox for the confirmation link." } }), { status: 403 })
        : new Response(JSON.stringify({ message: "If that address has an unconfirmed account, a new confirmation link is on its way." }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchSpy);
    const { type, submit, alertText, form } = mount();
    type("email", " Late@Example.com");
    type("password", "Mix!Bus#Glue42");
    submit();
    await waitFor(() => expect(alertText()).toBe("Email not confirmed. Check your inbox for the confirmation link."));
    const offer = form.querySelector<HTMLElement>("[data-island-unconfirmed]")!;
    expect(offer.hidden).toBe(false);
    expect(offer.textContent).toContain("Didn't get the confirmation email?");
    const resend = offer.querySelector<HTMLButtonElement>("[data-island-resend]")!;
    expect(resend.type).toBe("button");
    fireEvent.click(resend);
    await waitFor(() => expect(offer.querySelector('[role="status"]')!.textContent).toBe("If that address has an unconfirmed account, a new confirmation link is on its way."));
    const [url, init] = fetchSpy.mock.calls[1] as unknown as [string, RequestInit];
    expect(url).toBe("/api/auth/resend");
    expect(JSON.parse(String(init.body))).toEqual({ email: "late@example.com" });
    // The server's refusal (its rate limit) is said in its words.
    fetchSpy.mockImplementationOnce(async () => new Response(JSON.stringify({ error: { code: "rate_limited", message: "Too many attempts. Please try again later." } }), { status: 429 }));
    fireEvent.click(resend);
    await waitFor(() => expect(offer.querySelector('[role="status"]')!.textContent).toBe("Too many attempts. Please try again later."));
    // The next sign-in starts without the offer.
    fetchSpy.mockImplementationOnce(() => new Promise<Response>(() => undefined));
    submit();
    expect(offer.hidden).toBe(true);
  });

  it("carries a cancelled deletion's notice to the page it goes to", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ user: { needsOnboarding: false }, deletionCancelled: true }), { status: 200 })));
    const { type, submit } = mount();
    type("email", "ana@example.com");
    type("password", "Mix!Bus#Glue42");
    submit();
    await waitFor(() => expect(leave).toHaveBeenCalledWith("/feed"));
    expect(takeSignInNotice()).toBe("deletion-cancelled");
    // Once: the next page took it.
    expect(takeSignInNotice()).toBeNull();
  });

  it("removes the frame's stall line once it runs: the form works", () => {
    mount();
    expect(root.querySelector("[data-stalled]")).toBeNull();
    // The line without scripts stays for a browser that runs none.
    expect(root.innerHTML).toContain("<noscript>");
  });

  it("sends a visitor who is signed in already on, as the app's route does", async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ user: { needsOnboarding: false } }), { status: 200 }));
    vi.stubGlobal("fetch", fetchSpy);
    const { form } = mount("?redirect=%2Fsearch");
    await leaveIfSignedIn(form, { leave });
    expect(fetchSpy).toHaveBeenCalledWith("/api/auth/session", expect.anything());
    expect(leave).toHaveBeenCalledWith("/search");
    leave.mockReset();
    fetchSpy.mockImplementation(async () => new Response(JSON.stringify({ user: null }), { status: 200 }));
    await leaveIfSignedIn(form, { leave });
    // A sign-in already on its way goes on by itself.
    fetchSpy.mockImplementation(async () => new Response(JSON.stringify({ user: { needsOnboarding: false } }), { status: 200 }));
    form.setAttribute("data-submitting", "");
    await leaveIfSignedIn(form, { leave });
    fetchSpy.mockImplementation(() => Promise.reject(new TypeError("offline")));
    await leaveIfSignedIn(form, { leave });
    expect(leave).not.toHaveBeenCalled();
  });

  it("leaves Google to the link in a browser, and to the app's hand-off inside the native app", async () => {
    mount();
    const link = root.querySelector<HTMLAnchorElement>('[data-island-google="offered"] a')!;
    expect(link.getAttribute("href")).toBe("/api/auth/google");
    expect(link.textContent).toBe("Continue with Google");
    // In a browser the press is the link's own navigation (jsdom cannot follow it: the test stops
    // it after the island has had its turn).
    let islandPrevented: boolean | null = null;
    document.addEventListener("click", (event) => ((islandPrevented = event.defaultPrevented), event.preventDefault()), { once: true });
    fireEvent.click(link);
    expect(islandPrevented).toBe(false);
    expect(handoff.startGoogleSignIn).not.toHaveBeenCalled();
    (globalThis as { Capacitor?: unknown }).Capacitor = { isNativePlatform: () => true, getPlatform: () => "android", isPluginAvailable: () => true };
    handoff.startGoogleSignIn.mockRejectedValueOnce(new Error("Google sign-in failed. Please try again."));
    expect(fireEvent.click(link)).toBe(false);
    await waitFor(() => expect(handoff.startGoogleSignIn).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(root.querySelector("[data-island-error]")!.textContent).toBe("Google sign-in failed. Please try again."));
    // Both of the button's states are drawn; the Worker keeps one (tests/worker/site/site.test.ts).
    const unavailable = root.querySelector('[data-island-google="unavailable"]')!;
    expect(unavailable.querySelector("button")).toBeDisabled();
    expect(unavailable.textContent).toContain("Google sign-in is not configured");
  });

  it("makes the selected tab the tab list's one Tab stop, and the arrows select the other tab", () => {
    mount("?redirect=%2Fpost%2Fp1");
    const signIn = root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')!;
    const signUp = root.querySelector<HTMLElement>('[data-island-tab="signup"]')!;
    // The prerendered markup leaves both out of the Tab order; the island names the stop.
    expect(signIn.tabIndex).toBe(0);
    expect(signUp.tabIndex).toBe(-1);
    signIn.focus();
    fireEvent.keyDown(signIn, { key: "ArrowRight" });
    expect(document.activeElement).toBe(signUp);
    expect(go).toHaveBeenCalledWith("/auth?redirect=%2Fpost%2Fp1&tab=signup");
    go.mockReset();
    // Home comes back to the selected tab without leaving; other keys do nothing.
    fireEvent.keyDown(signUp, { key: "Home" });
    expect(document.activeElement).toBe(signIn);
    fireEvent.keyDown(signIn, { key: "a" });
    expect(document.activeElement).toBe(signIn);
    expect(go).not.toHaveBeenCalled();
  });

  it("says once why the app signed the person out, in place", () => {
    mount();
    expect(root.querySelector<HTMLElement>("[data-island-notice]")!.hidden).toBe(true);
    root.remove();
    carryAuthNotice("Your account will be deleted in 7 days. Sign in before then to cancel the deletion.");
    mount();
    const notice = root.querySelector<HTMLElement>("[data-island-notice]")!;
    expect(notice.hidden).toBe(false);
    expect(notice.getAttribute("role")).toBe("status");
    expect(notice.textContent).toBe("Signed outYour account will be deleted in 7 days. Sign in before then to cancel the deletion.");
    root.remove();
    mount();
    expect(root.querySelector<HTMLElement>("[data-island-notice]")!.hidden).toBe(true);
  });

  it("takes the Sign Up tab to the app's Sign Up screen, keeping the redirect", () => {
    mount("?redirect=%2Fpost%2Fp1");
    fireEvent.click(root.querySelector('[data-island-tab="signup"]')!);
    expect(go).toHaveBeenCalledWith("/auth?redirect=%2Fpost%2Fp1&tab=signup");
  });
});
