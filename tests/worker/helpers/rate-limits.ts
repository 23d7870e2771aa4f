// The rate limiter's Durable Objects, addressed the way worker/services/rate-limit.ts addresses them.
import { env } from "cloudflare:test";
import { newId } from "../../../worker/db/ids";
import { limiterName } from "../../../worker/services/rate-limit";

export function limiterStub(rule: string, subject: string) {
  return env.LIMITER.get(env.LIMITER.idFromName(limiterName(rule, subject)));
}

let seq = 0;
/** A subject no other test in the file uses, so each test starts from an empty window. */
export function uniqueSubject(kind = "ip"): string {
  seq += 1;
  return `${kind}:${seq}-${newId().slice(0, 8)}`;
}
