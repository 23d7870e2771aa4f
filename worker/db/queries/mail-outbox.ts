// The local mail outbox (DESIGN.md "Email"): outside production the Mailer writes here
// (services/mail.ts), a developer reads it at /dev/outbox (routes/dev.ts) and the daily clean-up
// empties it of old mail.
import { desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { mailOutbox } from "../schema";

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra headers the mail carried (List-Unsubscribe, List-Unsubscribe-Post), or null. */
  headers: Record<string, string> | null;
  createdAt: number;
}

export async function insertOutboxMail(db: Db, mail: { to: string; subject: string; text: string; html: string; headers?: Record<string, string> | undefined }): Promise<void> {
  await db.insert(mailOutbox).values({ toEmail: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers ? JSON.stringify(mail.headers) : null });
}

/**
 * The newest mails first, optionally only those to one address; rowid breaks ties between mails of
 * the same millisecond.
 */
export async function listOutboxMail(db: Db, limit: number, to?: string): Promise<OutboxMail[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(to === undefined ? undefined : eq(mailOutbox.toEmail, to.toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt), sql`rowid desc`)
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toEmail,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : null,
    createdAt: row.createdAt,
  }));
}

/** Deletes up to `limit` mails written before `before`; returns how many. */
export async function deleteOutboxMailBefore(db: Db, before: number, limit: number): Promise<number> {
  const old = db.select({ id: mailOutbox.id }).from(mailOutbox).where(lt(mailOutbox.createdAt, before)).limit(limit);
  const result = await db.delete(mailOutbox).where(inArray(mailOutbox.id, old)).run();
  return result.meta.changes ?? 0;
}
