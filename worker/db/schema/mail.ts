// The Mailer's local outbox: in development mail is written here and read at /dev/outbox.
import { index, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { createdAt, idColumn } from "./columns";

export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: idColumn(),
    toEmail: text("to_email").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** JSON object of extra headers the mail carried (List-Unsubscribe, List-Unsubscribe-Post), or null. */
    headers: text("headers"),
    createdAt: createdAt(),
  },
  (t) => [index("mail_outbox_to_created_idx").on(t.toEmail, t.createdAt), index("mail_outbox_created_idx").on(t.createdAt)],
);
