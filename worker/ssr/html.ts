// The one way the Worker writes HTML for the shared pages (decision record 0097): a tagged
// template whose every interpolated value is escaped, unless it is markup this module made
// itself. A renderer cannot forget to escape a caption or a name, because a plain string is
// never inserted as markup; and URLs go through `safeUrl`, which lets only our own paths and
// https through, so an attribute cannot carry `javascript:` either.
import { escapeHtml } from "@shared/rules/sanitize";

/** Markup that is already safe: made by `html` (its values escaped) or by this codebase's own constants. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** Marks markup written by this codebase (never user text) as safe to insert as is. */
export function raw(markup: string): SafeHtml {
  return new SafeHtml(markup);
}

type Value = SafeHtml | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false || value === true) return "";
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** `html\`<p>${caption}</p>\``: the caption is escaped; nested `html` results are kept as markup. */
export function html(strings: TemplateStringsArray, ...values: Value[]): SafeHtml {
  let out = strings[0] ?? "";
  values.forEach((value, index) => {
    out += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(out);
}

/** Class names joined, the falsy ones left out (the app's `cn` without tailwind-merge). */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

/**
 * A URL that may go into an href or src: a path of our own origin ("/media/…", "/post/…"; not
 * "//host") or an https URL. Anything else (javascript:, data:, http:, malformed) is null, and
 * the renderer leaves the image or link out.
 */
export function safeUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  if (value.startsWith("/") && !value.startsWith("//") && !value.startsWith("/\\")) return value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
