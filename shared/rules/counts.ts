// Counts as they read beside icons and in accessible names, for the app's screens and the pages
// the Worker renders for shared links (decision record 0097), so both write "1.2K" and "12 likes" alike.

const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 1 });

/** "1.2K" for counts shown next to icons; exact numbers go into accessible names. */
export function formatCount(n: number): string {
  return compact.format(Math.max(0, n));
}

/** "1 like", "12 likes". */
export function plural(n: number, word: string): string {
  return `${n} ${n === 1 ? word : `${word}s`}`;
}
