// Who a rate limit or a collapsed security event counts (decision record 0013). Its own module so
// that both services/rate-limit.ts and services/security-events.ts can name subjects without
// importing each other.
import { ipClient } from "../lib/ip";

export type SubjectKind = "ip" | "email" | "user";

/**
 * The one way to name who a limit counts: `ip:203.0.113.9`, `email:ana@example.com`,
 * `user:<id>`. A request without CF-Connecting-IP counts as `ip:unknown` (decision record 0004).
 * `budget` keeps a separate window under the same rule, e.g. `resend:ip:…` for confirmation mails
 * beside the password_reset rule's own `ip:…`.
 */
export function rateSubject(kind: SubjectKind, value: string | null, budget?: string): string {
  // An IPv6 client is its /64, which it may walk through freely (lib/ip.ts, decision record 0085).
  const subject = `${kind}:${value === null ? "unknown" : kind === "ip" ? ipClient(value) : value}`;
  return budget ? `${budget}:${subject}` : subject;
}
