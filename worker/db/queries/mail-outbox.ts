// The local mail outbox (DESIGN.md "Email"): outside production the Mailer writes here
// (services/mail.ts) and a developer reads it at /dev/outbox (routes/dev.ts).
import { desc, sql } from "drizzle-orm";
import type { Db } from "../client";
import { mailOutbox } from "../schema";

export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: number;
}

export async function insertOutboxMail(db: Db, mail: { to: string; subject: string; text: string; html: string }): Promise<void> {
  await db.insert(mailOutbox).values({ toEmail: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
}

/** The newest mails first; rowid breaks ties between mails of the same millisecond. */
export async function listOutboxMail(db: Db, limit: number): Promise<OutboxMail[]> {
  const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), sql`rowid desc`).limit(limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toEmail,
    subject: row.subject,
    text: row.text,
    html: row.html,
    createdAt: row.createdAt,
  }));
}
