// The sign-in form a first visit to /auth paints, live before the app (issue #29 item 3): the
// build's own markup (AuthSignInPrerender, rendered to HTML as the build does) wired by the
// island. It checks the fields in the spec's words, signs in through the API, goes where the app
// would (the redirect, or onboarding first), shows the server's refusal, holds the app's takeover
// while a sign-in is on its way, and hands what was typed to the app's form.
import { fireEvent, waitFor } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AuthSignInPrerender } from "@web/features/auth/prerender";
import { SETTLED_EVENT, wireSignInForm } from "@web/features/auth/sign-in-island";
import { clearSignInDraft, prerenderedSignInSettled, readPrerenderedSignIn } from "@web/lib/prerendered-form";

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
  clearSignInDraft();
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

  it("shows the server's refusal, and holds the app's takeover until the answer is in", async () => {
    let answer!: (response: Response) => void;
    vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    const { type, submit, alertText, form } = mount();
    type("email", "ana@example.com");
    type("password", "wrong-password");
    submit();
    expect(form).toHaveAttribute("data-submitting");
    let settled = false;
    void prerenderedSignInSettled(root).then(() => (settled = true));
    const event = vi.fn();
    form.addEventListener(SETTLED_EVENT, event);
    await Promise.resolve();
    expect(settled).toBe(false);
    answer(new Response(JSON.stringify({ error: { code: "unauthorized", message: "Invalid login credentials" } }), { status: 401 }));
    await waitFor(() => expect(settled).toBe(true));
    expect(alertText()).toBe("Invalid login credentials");
    expect(event).toHaveBeenCalledTimes(1);
    expect(form).not.toHaveAttribute("data-submitting");
    expect(leave).not.toHaveBeenCalled();
  });

  it("hands what was typed, and the field in use, to the app's form, also after the painted form is gone", () => {
    const { field, type } = mount();
    type("email", "ana@example.com");
    field("password").focus();
    type("password", "half-typed");
    expect(readPrerenderedSignIn()).toEqual({ email: "ana@example.com", password: "half-typed", focus: "password", error: null });
    // The app's commit replaces the painted form: what the island last recorded is still there
    // for the app's layout effect, once.
    root.remove();
    expect(readPrerenderedSignIn()).toEqual({ email: "ana@example.com", password: "half-typed", focus: "password", error: null });
    clearSignInDraft();
    expect(readPrerenderedSignIn()).toBeNull();
  });

  it("keeps a refusal that came back after the takeover for the app's form to show", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ error: { code: "unauthorized", message: "Invalid login credentials" } }), { status: 401 })));
    const { type, submit, form } = mount();
    type("email", "ana@example.com");
    type("password", "wrong-password");
    submit();
    root.remove();
    await waitFor(() => expect(form).not.toHaveAttribute("data-submitting"));
    expect(readPrerenderedSignIn()).toMatchObject({ email: "ana@example.com", error: "Invalid login credentials" });
    clearSignInDraft();
  });

  it("takes the Sign Up tab to the app's Sign Up screen, keeping the redirect", () => {
    mount("?redirect=%2Fpost%2Fp1");
    fireEvent.click(root.querySelector('[data-island-tab="signup"]')!);
    expect(go).toHaveBeenCalledWith("/auth?redirect=%2Fpost%2Fp1&tab=signup");
  });
});
