// The prerendered sign-in form of a first visit to /auth is live before the app (issue #29 item
// 3; web/features/auth/sign-in-island.ts). When the app takes over, its own form must go on from
// exactly where the person was: what was typed, the field in use, and the answer to a sign-in
// sent from the painted form. React renders the app's form before it replaces the painted one, and
// typing can land in between, so the island keeps a draft current on every keystroke and the app
// reads it twice: for its first values, and again in a layout effect right after the commit that
// replaced the painted form, before the browser handles any further input. The takeover also
// waits while a sign-in sent from the painted form is on its way (web/main.tsx).
//
// The draft lives on globalThis because the island and the app are separate scripts; it is the
// page's own memory and never leaves it.

const FORM = "form[data-sign-in-island]";
const DRAFT = Symbol.for("backline.sign-in-draft");

export interface PrerenderedSignIn {
  email: string;
  password: string;
  /** The field that had the focus, if one of the form's did. */
  focus: "email" | "password" | null;
  /** The server's refusal of a sign-in sent from the painted form, if its answer came after the takeover. */
  error: string | null;
}

type DraftHolder = { [DRAFT]?: PrerenderedSignIn };

/** The island's record of the painted form, updated on every input, focus change and answer. */
export function writeSignInDraft(draft: PrerenderedSignIn): void {
  (globalThis as DraftHolder)[DRAFT] = draft;
}

/** The painted form's state: from the form while it is on the page, else the island's last draft; null when the page never had one. */
export function readPrerenderedSignIn(): PrerenderedSignIn | null {
  if (typeof document !== "undefined") {
    const form = document.querySelector<HTMLFormElement>(FORM);
    if (form) {
      const value = (name: string) => {
        const field = form.elements.namedItem(name);
        return field instanceof HTMLInputElement ? field.value : "";
      };
      const active = document.activeElement;
      const focus = active instanceof HTMLInputElement && form.contains(active) && (active.name === "email" || active.name === "password") ? active.name : null;
      return { email: value("email"), password: value("password"), focus, error: (globalThis as DraftHolder)[DRAFT]?.error ?? null };
    }
  }
  return (globalThis as DraftHolder)[DRAFT] ?? null;
}

/** Takes the draft once the app's form holds it: a later sign-in screen starts empty. */
export function clearSignInDraft(): void {
  delete (globalThis as DraftHolder)[DRAFT];
}

/** Resolves once no sign-in sent from the prerendered form is in flight (at once when none is). */
export function prerenderedSignInSettled(root: ParentNode): Promise<void> {
  const form = root.querySelector<HTMLFormElement>(`${FORM}[data-submitting]`);
  if (!form) return Promise.resolve();
  return new Promise((resolve) => form.addEventListener("backline:sign-in-settled", () => resolve(), { once: true }));
}
