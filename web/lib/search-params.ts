// Reading a route's search parameters (TanStack Router's `validateSearch`). A route definition is
// part of the app shell, which every screen loads first, so these run without zod: zod's classic
// build is about 25 KiB gzipped and the shell's budget is 150 KiB (decision record
// 0065). The rules are few and the same everywhere: a parameter that is missing, of the wrong
// kind or out of range reads as absent, because a hand-edited or old link must still open the
// screen rather than the error page. The router has already turned `?days=30` into the number 30
// and `?flag=true` into `true`, so a value may be any JSON type.

/** A string of `min` to `max` characters, as given; anything else is absent. */
export function optionalString(value: unknown, { min = 0, max }: { min?: number; max: number }): string | undefined {
  return typeof value === "string" && value.length >= min && value.length <= max ? value : undefined;
}

/** Free text: trimmed and cut to `max` characters; empty or not a string is absent. */
export function optionalText(value: unknown, max: number): string | undefined {
  if (typeof value !== "string") return undefined;
  return value.trim().slice(0, max) || undefined;
}

/** One of the allowed values (strings or numbers, compared exactly); anything else is absent. */
export function optionalOneOf<const T extends string | number>(value: unknown, allowed: readonly T[]): T | undefined {
  return allowed.find((candidate) => candidate === value);
}

/** A flag is present as true or absent: `false` or "false" in a link means the same as no flag. */
export function optionalFlag(value: unknown): true | undefined {
  return value === true || value === "true" ? true : undefined;
}
