// The prerendered sign-in form of a first visit to /auth is live before the app (issue #29 item
// 3; web/features/auth/sign-in-island.ts). When the app takes over, its own form starts from what
// the person typed there, with the cursor in the same field, and the takeover waits while a
// sign-in sent from there is on its way (web/main.tsx).

const FORM = "form[data-sign-in-island]";

export interface PrerenderedSignIn {
  email: string;
  password: string;
  /** The field that had the focus, if one of the form's did. */
  focus: "email" | "password" | null;
}

/** What the prerendered form holds now, or null when the page has none (any later render). */
export function readPrerenderedSignIn(): PrerenderedSignIn | null {
  if (typeof document === "undefined") return null;
  const form = document.querySelector<HTMLFormElement>(FORM);
  if (!form) return null;
  const value = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement ? field.value : "";
  };
  const active = document.activeElement;
  const focus = active instanceof HTMLInputElement && form.contains(active) && (active.name === "email" || active.name === "password") ? active.name : null;
  return { email: value("email"), password: value("password"), focus };
}

/** Resolves once no sign-in sent from the prerendered form is in flight (at once when none is). */
export function prerenderedSignInSettled(root: ParentNode): Promise<void> {
  const form = root.querySelector<HTMLFormElement>(`${FORM}[data-submitting]`);
  if (!form) return Promise.resolve();
  return new Promise((resolve) => form.addEventListener("backline:sign-in-settled", () => resolve(), { once: true }));
}
