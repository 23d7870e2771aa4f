// The result shape every rule returns: callers branch on `ok`, and a failure always carries the
// specification's exact text so no caller has to invent one.
export type RuleResult = { ok: true } | { ok: false; message: string };

export const OK: RuleResult = Object.freeze({ ok: true }) as RuleResult;

export function fail(message: string): RuleResult {
  return { ok: false, message };
}
