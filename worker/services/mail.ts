// Outgoing mail (DESIGN.md "Email"). Routes talk to a `Mailer`; production sends through the
// Cloudflare send_email binding `EMAIL`, and development and tests write to the mail_outbox
// table, which a developer reads at /dev/outbox (worker/routes/dev.ts).
import { escapeHtml } from "@shared/rules/sanitize";
import type { Db } from "../db/client";
import { insertOutboxMail } from "../db/queries/mail-outbox";
import type { Bindings } from "../env";
import { ApiError } from "../lib/errors";
import { allows } from "../lib/modes";
import { logger } from "../lib/logger";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers: only List-Unsubscribe and List-Unsubscribe-Post (one-click unsubscribe, RFC
   * 8058, issue #30), which Cloudflare's send_email accepts; each value on one line.
   */
  headers?: Partial<Record<"List-Unsubscribe" | "List-Unsubscribe-Post", string>>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type MailEnv = Pick<Bindings, "EMAIL" | "MAIL_FROM" | "APP_NAME" | "ENVIRONMENT">;

/** Longest subject we send; longer ones (a long item name) are cut with an ellipsis. */
const SUBJECT_MAX = 200;

/**
 * A subject on one line (issue #27 item 8; decision record 0085): line breaks, other control and
 * separator characters and runs of whitespace become one space, so no text inside it (an item
 * name stored before names were kept to one line) can start a header of its own.
 */
function mailSubject(subject: string): string {
  const line = subject
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u0085]/gu, " ")
    .replace(/\s+/gu, " ")
    .trim();
  return line.length > SUBJECT_MAX ? `${line.slice(0, SUBJECT_MAX - 1)}…` : line;
}

/** The message's extra headers with any line break flattened (a header value is one line), or undefined. */
function mailHeaders(message: MailMessage): Record<string, string> | undefined {
  const entries = Object.entries(message.headers ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  if (entries.length === 0) return undefined;
  return Object.fromEntries(entries.map(([name, value]) => [name, value.replace(/[\r\n]+/g, " ")]));
}

/** Writes to the outbox table instead of sending. */
function outboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await insertOutboxMail(db, { ...message, subject: mailSubject(message.subject), headers: mailHeaders(message) });
    },
  };
}

function bindingMailer(binding: SendEmail, from: string, fromName: string): Mailer {
  return {
    async send(message) {
      const headers = mailHeaders(message);
      await binding.send({
        from: { email: from, name: fromName },
        to: message.to,
        subject: mailSubject(message.subject),
        text: message.text,
        html: message.html,
        ...(headers ? { headers } : {}),
      });
    },
  };
}

/**
 * The binding when it is configured; otherwise the outbox, but only outside production, where a
 * silently unsent confirmation mail would lock users out: there it refuses with 503. Callers
 * create the mailer before they know whether they will send, so a misconfigured deploy answers
 * the same for known and unknown addresses and reveals nothing.
 */
export function createMailer(env: MailEnv, db: Db): Mailer {
  if (env.EMAIL && env.MAIL_FROM) return bindingMailer(env.EMAIL, env.MAIL_FROM, env.APP_NAME || "Backline");
  if (!allows(env, "mailOutbox")) {
    logger.error("Mail is not configured: bind EMAIL (send_email) and set MAIL_FROM");
    throw new ApiError("unavailable", "Email is temporarily unavailable. Please try again later.");
  }
  return outboxMailer(db);
}

/** A plain message with one call-to-action link, as text and as minimal HTML. */
export function linkMail(to: string, subject: string, intro: string, linkLabel: string, link: string, outro: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\n${linkLabel}: ${link}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
