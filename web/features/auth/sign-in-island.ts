// The sign-in page of a first visit to /auth, whole without the app (issue #29, decision record
// 0098). The page (auth-signin-page.html, web/landing/prerender.config.ts) carries the form itself,
// prerendered from web/features/auth/prerender.tsx, and this script, which the page loads at once:
// about 3 KB against the app's 300, so on a slow phone the form takes typing and submits seconds
// before the app could, and nothing heavy runs while someone types. It checks the fields in the
// spec's words, signs in through the same API as the app, shows the server's refusal in place
// (with the confirmation mail offered again, as the app's form does), and goes where the app would
// (the `redirect` target, or onboarding first). Sign Up, Forgot password and "Continue with Google"
// lead into the app or to the server; inside the native app Google goes through the app's hand-off.
// After the first paint it asks the server whether this visitor is signed in already (then it goes
// on, as the app's /auth route does), and registers the service worker, which stores the app for
// the next page.
import { ACCOUNT_TEXTS, PASSWORD_TEXTS, REQUEST_TEXTS } from "@shared/messages";
import { PASSWORD_MAX_LENGTH, SECURITY_SETTINGS } from "@shared/constants";
import { isValidEmail, normalizeEmail } from "@shared/rules/email";
import { afterLoadAndPaint } from "@web/lib/after-load-and-paint";
import { isNativeApp } from "@web/lib/native-shell";
import { AUTH_FORM_LIVE, markOnce } from "@web/lib/perf-marks";
import { carrySignInNotice, takeAuthNotice } from "./carried-notice";
import { destinationAfterSignIn, safeRedirect } from "./redirect";

/** Set on the form while a sign-in is on its way: a second press does not send another. */
const SUBMITTING_ATTRIBUTE = "data-submitting";

interface SignInAnswer {
  user?: { needsOnboarding?: boolean } | null;
  deletionCancelled?: boolean;
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

/** A JSON POST to the API, with this page's cookies, as the app's client sends it. */
function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, { method: "POST", headers: { "content-type": "application/json" }, credentials: "same-origin", body: JSON.stringify(body) });
}

interface Navigation {
  /** After signing in: the next page in place of /auth (location.replace in the browser). */
  leave: (path: string) => void;
  /** Another screen, as a link goes (location.assign). */
  go: (path: string) => void;
}

const BROWSER: Navigation = { leave: (path) => window.location.replace(path), go: (path) => window.location.assign(path) };

/** Where a signed-in visitor goes from here: the page's `redirect`, or onboarding first. */
function destination(needsOnboarding: boolean): string {
  return destinationAfterSignIn(safeRedirect(new URLSearchParams(window.location.search).get("redirect")), needsOnboarding);
}

/** Wires the painted sign-in page: its form, the confirmation mail, Sign Up and Google. */
export function wireSignInForm(form: HTMLFormElement, { leave, go }: Navigation = BROWSER): void {
  const email = form.elements.namedItem("email") as HTMLInputElement | null;
  const password = form.elements.namedItem("password") as HTMLInputElement | null;
  const alert = form.querySelector<HTMLElement>("[data-island-error]");
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!email || !password || !alert || !submit) return;
  const page = form.closest("[data-prerendered]") ?? document;

  const say = (message: string, field?: HTMLInputElement) => {
    alert.textContent = message;
    for (const input of [email, password]) input.removeAttribute("aria-invalid");
    if (field) {
      field.setAttribute("aria-invalid", "true");
      field.setAttribute("aria-describedby", alert.id || (alert.id = "island-error"));
      field.focus();
    }
  };
  const settle = () => {
    form.removeAttribute(SUBMITTING_ATTRIBUTE);
    submit.removeAttribute("aria-disabled");
  };

  // "Didn't get the confirmation email?" for the address the server just refused as unconfirmed.
  const unconfirmed = form.querySelector<HTMLElement>("[data-island-unconfirmed]");
  const resend = unconfirmed?.querySelector<HTMLButtonElement>("[data-island-resend]");
  const resendStatus = unconfirmed?.querySelector<HTMLElement>("[data-island-resend-status]");
  let unconfirmedEmail: string | null = null;
  const offerResend = (address: string | null) => {
    unconfirmedEmail = address;
    if (!unconfirmed) return;
    unconfirmed.hidden = address === null;
    if (resendStatus) resendStatus.textContent = "";
  };
  resend?.addEventListener("click", () => {
    if (!unconfirmedEmail || resend.getAttribute("aria-disabled") === "true") return;
    resend.setAttribute("aria-disabled", "true");
    const done = (message: string) => {
      resend.removeAttribute("aria-disabled");
      if (resendStatus) resendStatus.textContent = message;
    };
    postJson("/api/auth/resend", { email: unconfirmedEmail }).then(
      async (response) => {
        if (!response.ok) return done(await serverMessage(response));
        const body = (await response.json().catch(() => ({}))) as { message?: unknown };
        done(typeof body.message === "string" ? body.message : ACCOUNT_TEXTS.resendSent);
      },
      () => done(REQUEST_TEXTS.network),
    );
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.hasAttribute(SUBMITTING_ATTRIBUTE)) return;
    const wrong = problem(email.value, password.value);
    if (wrong) {
      say(wrong.message, wrong.field === "email" ? email : password);
      return;
    }
    say("");
    offerResend(null);
    form.setAttribute(SUBMITTING_ATTRIBUTE, "");
    submit.setAttribute("aria-disabled", "true");
    const address = normalizeEmail(email.value);
    postJson("/api/auth/sign-in", { email: address, password: password.value }).then(
      async (response) => {
        if (response.ok) {
          const answer = (await response.json().catch(() => ({}))) as SignInAnswer;
          // The app would toast it here; the page that comes next shows it instead.
          if (answer.deletionCancelled) carrySignInNotice("deletion-cancelled");
          leave(destination(answer.user?.needsOnboarding ?? false));
          return;
        }
        const message = await serverMessage(response);
        say(message);
        if (response.status === 403 && message === ACCOUNT_TEXTS.emailNotConfirmed) offerResend(address);
        settle();
      },
      () => {
        say(REQUEST_TEXTS.network);
        settle();
      },
    );
  });

  // Sign Up is the app's tab: the link keeps where the visitor was going.
  page.querySelector<HTMLElement>('[data-island-tab="signup"]')?.addEventListener("click", () => {
    const next = new URLSearchParams(window.location.search);
    next.set("tab", "signup");
    go(`/auth?${next.toString()}`);
  });
  wireTabs(page);

  // A sign-out the person did not ask for (the app left for this page) says why, once.
  const notice = takeAuthNotice();
  const noticeBox = page.querySelector<HTMLElement>("[data-island-notice]");
  const noticeText = noticeBox?.querySelector<HTMLElement>("[data-island-notice-text]");
  if (notice && noticeBox && noticeText) {
    noticeText.textContent = notice;
    noticeBox.hidden = false;
  }

  // In a browser the link itself starts Google's sign-in on the server. Inside the native app the
  // sign-in runs in the system browser and comes back through the app's hand-off (decision record
  // 0093), which is the app's code: loaded on this press only.
  page.querySelector<HTMLAnchorElement>('[data-island-google="offered"] a')?.addEventListener("click", (event) => {
    if (!isNativeApp()) return;
    event.preventDefault();
    import("./app-handoff")
      .then((handoff) => handoff.startGoogleSignIn())
      .catch((error: unknown) => say(error instanceof Error && error.message ? error.message : ACCOUNT_TEXTS.googleFailed));
  });

  // The script runs, so the frame's "taking longer than usual" line (its way out when the scripts
  // do not arrive) is not needed: the form works.
  page.querySelector("[data-stalled]")?.remove();
  markOnce(AUTH_FORM_LIVE, "painted-form");
}

/**
 * The tabs as the app's (Radix) tab list has them: one Tab stop, the selected tab; the arrows,
 * Home and End move between the tabs and select the one they reach (the app's automatic
 * activation), which for Sign Up is its press. The prerendered markup leaves every tab out of
 * the Tab order until a script says which is the stop.
 */
function wireTabs(page: ParentNode): void {
  const tabs = [...page.querySelectorAll<HTMLElement>('[role="tab"]')];
  const selected = tabs.find((tab) => tab.getAttribute("aria-selected") === "true");
  if (!selected) return;
  for (const tab of tabs) tab.tabIndex = tab === selected ? 0 : -1;
  page.querySelector('[role="tablist"]')?.addEventListener("keydown", (event) => {
    const key = (event as KeyboardEvent).key;
    const at = tabs.indexOf(document.activeElement as HTMLElement);
    if (at < 0) return;
    const last = tabs.length - 1;
    const to = key === "ArrowRight" ? (at === last ? 0 : at + 1) : key === "ArrowLeft" ? (at === 0 ? last : at - 1) : key === "Home" ? 0 : key === "End" ? last : -1;
    const target = tabs[to];
    if (!target) return;
    event.preventDefault();
    target.focus();
    if (target !== selected) target.click();
  });
}

/**
 * A visitor who is signed in already goes on, as the app's /auth route sends them: the server
 * renews an expired access cookie from the refresh cookie on this call, so it settles the question
 * (the Worker only sees the access cookie; with it, it serves the app's page instead).
 */
export async function leaveIfSignedIn(form: HTMLFormElement, { leave }: Pick<Navigation, "leave"> = BROWSER): Promise<void> {
  try {
    const response = await fetch("/api/auth/session", { credentials: "same-origin" });
    if (!response.ok) return;
    const session = (await response.json()) as SignInAnswer;
    // A sign-in sent from the form meanwhile goes on by itself.
    if (session.user && !form.hasAttribute(SUBMITTING_ATTRIBUTE)) leave(destination(session.user.needsOnboarding ?? false));
  } catch {
    // Offline or refused: the form is here either way.
  }
}

const form = typeof document === "undefined" ? null : document.querySelector<HTMLFormElement>("form[data-sign-in-island]");
if (form) {
  wireSignInForm(form);
  afterLoadAndPaint(() => {
    void leaveIfSignedIn(form);
    // What the app's root layout would add (shell behaviours, the service worker), as the landing
    // page adds it.
    void import("@web/landing/enhance").then((module) => module.enhance());
  });
}
