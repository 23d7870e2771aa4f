// User Timing marks the benchmarks read (issue #29 item 3): each names a moment a person would
// notice, set once per page load. tests/bench/lighthouse.mjs reads them by these names.

/** The sign-in form is on screen with its handlers attached: it accepts typing and submits. */
export const AUTH_FORM_LIVE = "backline:auth-form-live";

/** Sets `name` once per page load (a later mount of the same screen adds nothing); `by` says which code set it. */
export function markOnce(name: string, by: string): void {
  if (typeof performance === "undefined" || typeof performance.mark !== "function") return;
  if (performance.getEntriesByName(name, "mark").length > 0) return;
  performance.mark(name, { detail: by });
}
