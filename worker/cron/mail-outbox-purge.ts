// Retention of the development outbox (decision record 0023): outside production every mail is
// written to mail_outbox for a developer to read at /dev/outbox. Links in it expire within a day,
// so the daily job deletes mail older than that. In production the table stays empty.
import { DAY_MS } from "@shared/constants";
import { deleteOutboxMailBefore } from "../db/queries/mail-outbox";
import type { Ctx } from "../env";
import { purgeInBatches } from "./purge-batches";

/** How long a mail stays in the outbox. */
const OUTBOX_RETENTION_MS = DAY_MS;

export async function purgeOldOutboxMail({ db, now }: Pick<Ctx, "db" | "now">) {
  const deleted = await purgeInBatches((limit) => deleteOutboxMailBefore(db, now - OUTBOX_RETENTION_MS, limit));
  return { deleted };
}
