// Who may notify whom (issue #30 item 1: "muted and blocked accounts never notify"; decision record
// 0096). The one place that decides it, for pushes, step mails and the digest alike: the
// recipient's account is active (not suspended, not deleted), there is no block either way, the
// recipient has not muted the actor, and the actor's account is still there. A mute the other way
// (the actor muted the recipient) does not stop the actor's own events reaching the recipient.
import type { Db } from "../../db/client";
import { audienceFactsQuery, toAudienceFacts, type AudienceFacts } from "../../db/queries/notifications";

export type Denial = "recipient_inactive" | "blocked" | "muted" | "actor_gone";

/** The first rule that stops the event, in the order above, or null when it may notify. */
export function denialOf(facts: AudienceFacts): Denial | null {
  if (facts.recipientGone) return "recipient_inactive";
  if (facts.blocked) return "blocked";
  if (facts.muted) return "muted";
  if (facts.actorGone) return "actor_gone";
  return null;
}

/** The query behind mayNotify, for a caller that batches it with its own reads. */
export function mayNotifyQuery(db: Db, input: { recipientId: string; actorId: string | null }) {
  return audienceFactsQuery(db, input.recipientId, input.actorId);
}

/** Whether `actorId`'s event may reach `recipientId` now: null, or why not. One statement. */
export async function mayNotify(db: Db, input: { recipientId: string; actorId: string | null }): Promise<Denial | null> {
  const [row] = await mayNotifyQuery(db, input);
  return denialOf(toAudienceFacts(row));
}
