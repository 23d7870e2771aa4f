// Shared helpers for the security tests: limiter stubs, event rows and users.
import { env } from "cloudflare:test";
import { createDb } from "../../../worker/db/client";
import { newId } from "../../../worker/db/ids";
import { securityEvents, users } from "../../../worker/db/schema";
import { limiterName } from "../../../worker/services/rate-limit";

export const ORIGIN = "http://localhost";

export function limiterStub(rule: string, subject: string) {
  return env.LIMITER.get(env.LIMITER.idFromName(limiterName(rule, subject)));
}

/** A subject no other test in the file uses, so each test starts from an empty window. */
let seq = 0;
export function uniqueSubject(kind = "ip"): string {
  seq += 1;
  return `${kind}:${seq}-${newId().slice(0, 8)}`;
}

export async function makeUser(email?: string): Promise<{ id: string; email: string }> {
  const id = newId();
  const address = (email ?? `${id}@example.test`).toLowerCase();
  await createDb(env.DB).insert(users).values({ id, email: address });
  return { id, email: address };
}

export async function eventsOf(filter: { userId?: string; eventType?: string } = {}) {
  const rows = await createDb(env.DB).select().from(securityEvents).orderBy(securityEvents.createdAt);
  return rows.filter(
    (r) => (filter.userId === undefined || r.userId === filter.userId) && (filter.eventType === undefined || r.eventType === filter.eventType),
  );
}

export async function clearEvents() {
  await createDb(env.DB).delete(securityEvents);
}

