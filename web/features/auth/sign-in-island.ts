// The sign-in form of a first visit to /auth, live before the app (issue #29 item 3). The page
// (auth-signin-page.html, web/landing/prerender.config.ts) carries the form itself, prerendered
// from web/features/auth/prerender.tsx, and this script, which the page loads at once: about 2 KB
// against the app's 300, so on a slow phone the form takes typing and submits seconds before the
// app could. It checks the fields with the spec's words, signs in through the same API as the
// app, and goes where the app would go (the `redirect` target, or onboarding first). The app
// still loads after the first paint; it takes over only when no submit is in flight, and keeps
// what was typed (web/lib/prerendered-form.ts). Sign Up is a link to the app's Sign Up tab.
import { ACCOUNT_TEXTS, PASSWORD_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { PASSWORD_MAX_LENGTH, SECURITY_SETTINGS } from "@shared/constants";
import { isValidEmail, normalizeEmail } from "@shared/rules/email";
import { AUTH_FORM_LIVE, markOnce } from "@web/lib/perf-marks";
import { writeSignInDraft } from "@web/lib/prerendered-form";
import { destinationAfterSignIn, safeRedirect } from "./redirect";

/** Set on the form while a sign-in is on its way; the app waits for it to go (web/main.tsx). */
const SUBMITTING_ATTRIBUTE = "data-submitting";
/** Dispatched on the form when a submit has ended without leaving the page. */
export const SETTLED_EVENT = "backline:sign-in-settled";

interface SignInAnswer {
  user?: { needsOnboarding?: boolean } | null;
}

interface ErrorAnswer {
  error?: { message?: unknown };
}

/** The first field's problem in the spec's words, or null when both may be sent. */
function problem(email: string, password: string): { field: "email" | "password"; message: string } | null {
  if (email.length > 320 || !isValidEmail(normalizeEmail(email))) return { field: "email", message: ACCOUNT_TEXTS.invalidEmail };
  if (password.length < SECURITY_SETTINGS.passwordMinLength) return { field: "password", message: PASSWORD_TEXTS.tooShort };
  if (password.length > PASSWORD_MAX_LENGTH) return { field: "password", message: PASSWORD_TEXTS.tooLong };
  return null;
}

async function serverMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as ErrorAnswer;
    return typeof body.error?.message === "string" ? body.error.message : REQUEST_TEXTS.unexpectedError;
  } catch {
    return REQUEST_TEXTS.unexpectedError;
  }
}

interface Navigation {
  /** After signing in: the next page in place of /auth (location.replace in the browser). */
  leave: (path: string) => void;
  /** Another screen, as a link goes (location.assign). */
  go: (path: string) => void;
}

const BROWSER: Navigation = { leave: (path) => window.location.replace(path), go: (path) => window.location.assign(path) };

/** Wires one prerendered sign-in form. */
export function wireSignInForm(form: HTMLFormElement, { leave, go }: Navigation = BROWSER): void {
  const email = form.elements.namedItem("email") as HTMLInputElement | null;
  const password = form.elements.namedItem("password") as HTMLInputElement | null;
  const alert = form.querySelector<HTMLElement>("[data-island-error]");
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!email || !password || !alert || !submit) return;

  // The draft the app's form goes on from if it takes over now (web/lib/prerendered-form.ts).
  let refusal: string | null = null;
  const record = () => {
    const active = document.activeElement;
    writeSignInDraft({ email: email.value, password: password.value, focus: active === email ? "email" : active === password ? "password" : null, error: refusal });
  };
  form.addEventListener("input", record);
  form.addEventListener("focusin", record);
  form.addEventListener("focusout", () => queueMicrotask(record));

  const say = (message: string, field?: HTMLInputElement) => {
    alert.textContent = message;
    for (const input of [email, password]) input.removeAttribute("aria-invalid");
    if (field) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", alert.id || (alert.id = "island-error"));
      field.focus();
    }
  };
  // A refusal is shown here and kept in the draft: if the app took over meanwhile, its form shows it.
  const refuse = (message: string) => {
    refusal = message;
    say(message);
    record();
    settle();
  };
  const settle = () => {
    form.removeAttribute(SUBMITTING_ATTRIBUTE);
    submit.removeAttribute("aria-disabled");
    form.dispatchEvent(new Event(SETTLED_EVENT));
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.hasAttribute(SUBMITTING_ATTRIBUTE)) return;
    const wrong = problem(email.value, password.value);
    if (wrong) {
      say(wrong.message, wrong.field === "email" ? email : password);
      return;
    }
    say("");
    refusal = null;
    record();
    form.setAttribute(SUBMITTING_ATTRIBUTE, "");
    submit.setAttribute("aria-disabled", "true");
    const target = safeRedirect(new URLSearchParams(window.location.search).get("redirect"));
    fetch("/api/auth/sign-in", {
      method: "POST",
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ email: normalizeEmail(email.value), password: password.value }),
    }).then(
      async (response) => {
        if (response.ok) {
          const answer = (await response.json().catch(() => ({}))) as SignInAnswer;
          leave(destinationAfterSignIn(target, answer.user?.needsOnboarding ?? false));
          return;
        }
        refuse(await serverMessage(response));
      },
      () => refuse(REQUEST_TEXTS.network),
    );
  });

  // Sign Up is the app's tab: the link keeps where the visitor was going.
  form
    .closest("[data-prerendered]")
    ?.querySelector<HTMLElement>('[data-island-tab="signup"]')
    ?.addEventListener("click", () => {
      const next = new URLSearchParams(window.location.search);
      next.set("tab", "signup");
      go(`/auth?${next.toString()}`);
    });
  markOnce(AUTH_FORM_LIVE, "painted-form");
}

const form = typeof document === "undefined" ? null : document.querySelector<HTMLFormElement>("form[data-sign-in-island]");
if (form) wireSignInForm(form);
