// Retention of sign-in rows (decision record 0023): the daily job deletes sessions once their
// refresh expiry has passed (revoked or not), refresh tokens once they expire, email tokens
// (confirmation and reset links) once they expire, and the native app's sign-in hand-offs (decision
// record 0093) once they expire, minutes after they were made. None of these rows can grant
// anything after its expiry; the security events keep the history of sign-ins and resets for 90 days.
import { deleteExpiredHandoffs } from "../db/queries/app-handoffs";
import { deleteExpiredEmailTokens } from "../db/queries/email-tokens";
import { deleteExpiredRefreshTokens, deleteExpiredSessions } from "../db/queries/sessions";
import type { Ctx } from "../env";
import { purgeInBatches } from "./purge-batches";

export async function purgeExpiredAuthRows({ db, now }: Pick<Ctx, "db" | "now">) {
  // Sessions first: their tokens go with them by cascade, so fewer are left to delete one by one.
  const sessions = await purgeInBatches((limit) => deleteExpiredSessions(db, now, limit));
  const refreshTokens = await purgeInBatches((limit) => deleteExpiredRefreshTokens(db, now, limit));
  const emailTokens = await purgeInBatches((limit) => deleteExpiredEmailTokens(db, now, limit));
  const appHandoffs = await purgeInBatches((limit) => deleteExpiredHandoffs(db, now, limit));
  return { sessions, refreshTokens, emailTokens, appHandoffs };
}
