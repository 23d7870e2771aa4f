// Mail for what a push could not carry (issue #30 item 3; decision record 0096): an order, offer or
// booking step mails at once when no device of the person gets it, and unread messages that no
// device got make one digest mail at most every DIGEST_EVERY_MS. Every such mail names its
// category's one-click unsubscribe (RFC 8058) in its headers and in its footer.
import { NOTIFICATION_TEXTS } from "@shared/messages";
import { ACTIVE_DEVICE_MS, DIGEST_EVERY_MS, DIGEST_UNREAD_AFTER_MS, type NotificationCategory, type NotificationEventType } from "@shared/notifications-api";
import { escapeHtml } from "@shared/rules/sanitize";
import {
  claimDigest,
  claimEmail,
  digestCandidatesQuery,
  markEmailed,
  peopleNames,
  preferenceQuery,
  recipientQuery,
  releaseEmail,
  restoreDigest,
  type DigestRow,
  type NotificationRow,
} from "../../db/queries/notifications";
import type { Ctx } from "../../env";
import { createMailer, linkMail, type Mailer, type MailMessage } from "../mail";
import { effectivePreferences } from "./preferences";
import { mayNotify } from "./rules";
import { unsubscribeHeaders, unsubscribeLink } from "./unsubscribe";

/**
 * The steps that mail when no device gets their push. The sale (order.placed, offer.paid), the
 * refunds and the dispute already have mails of their own (worker/services/payments: the receipt
 * and sale mails, the refund mails, the dispute mails), which every party gets whatever their
 * devices: they are not mailed twice. Offers are here with the orders and bookings: an offer
 * waits on its buyer as a step does.
 */
export const STEP_MAIL_TYPES: ReadonlySet<NotificationEventType> = new Set<NotificationEventType>([
  "order.shipped",
  "order.delivered",
  "order.revision_requested",
  "order.accepted",
  "offer.received",
  "booking.requested",
  "booking.confirmed",
  "booking.changed",
  "booking.cancelled",
]);

/** How far back the digest looks: older unread messages were the subject of an earlier digest window. */
const DIGEST_LOOKBACK_MS = 24 * 60 * 60_000;
/** People mailed per run at most (the 15-minute cron): bounded work; the rest wait for the next run. */
const DIGEST_PEOPLE_PER_RUN = 200;
/** Candidate rows read per run. */
const DIGEST_ROWS_PER_RUN = 1000;
/** Senders the digest names before "and N more". */
const DIGEST_NAMED_SENDERS = 5;

type PersonName = { displayName: string | null; username: string | null } | undefined;

export function nameOf(person: PersonName): string {
  return person?.displayName || person?.username || NOTIFICATION_TEXTS.someone;
}

/**
 * A notification mail: one call to action, a footer with the unsubscribe page, and the
 * List-Unsubscribe / List-Unsubscribe-Post headers for the category.
 */
async function notificationMail(
  ctx: Pick<Ctx, "env" | "origin">,
  input: { to: string; userId: string; category: NotificationCategory; subject: string; intro: string; linkLabel: string; link: string; outro: string },
): Promise<MailMessage> {
  const who = { userId: input.userId, category: input.category };
  const [headers, unsubscribe] = await Promise.all([unsubscribeHeaders(ctx, who), unsubscribeLink(ctx, who)]);
  const base = linkMail(input.to, input.subject, input.intro, input.linkLabel, input.link, input.outro);
  const t = NOTIFICATION_TEXTS.mail;
  const line = t.unsubscribeLine(t.categoryNames[input.category]);
  return {
    ...base,
    text: `${base.text}\n${line} ${unsubscribe}\n`,
    // A multi-line intro (the digest's senders) keeps its lines in HTML too.
    html: `${base.html.replaceAll("\n", "<br>")}<p style="font-size:12px;color:#666">${escapeHtml(line)} <a href="${escapeHtml(unsubscribe)}">${escapeHtml(t.unsubscribeLabel)}</a></p>`,
    headers,
  };
}

/** The mailer, or null (logged) where mail is not configured: retrying would not change that. */
function mailerOrNull(ctx: Pick<Ctx, "env" | "db" | "log">): Mailer | null {
  try {
    return createMailer(ctx.env, ctx.db);
  } catch (error) {
    ctx.log.error("notification mail is not configured", { error });
    return null;
  }
}

/**
 * Mails one step, once (emailed_at is claimed first). A mail that fails to go out gives the claim
 * back and throws, so the queue retries the job and the mail.
 */
export async function sendStepMail(ctx: Ctx, input: { row: NotificationRow; actorName: string; to: string; params: Record<string, string | number> }): Promise<boolean> {
  const { row } = input;
  const mailer = mailerOrNull(ctx);
  if (!mailer) return false;
  if (!(await claimEmail(ctx.db, row.id, ctx.now))) return false;
  const t = NOTIFICATION_TEXTS.mail;
  const text = NOTIFICATION_TEXTS.push(row.type as NotificationEventType, { actor: input.actorName, count: 1, params: input.params });
  try {
    await mailer.send(
      await notificationMail(ctx, {
        to: input.to,
        userId: row.userId,
        category: row.category as NotificationCategory,
        subject: t.stepSubject(text),
        intro: t.stepIntro(text),
        linkLabel: t.viewStep,
        link: `${ctx.origin}${row.path}`,
        outro: t.outro,
      }),
    );
  } catch (error) {
    await releaseEmail(ctx.db, [row.id]);
    throw error;
  }
  return true;
}

/** Rows grouped by recipient, in the order of each recipient's newest row. */
function byRecipient(rows: readonly DigestRow[]): Map<string, DigestRow[]> {
  const groups = new Map<string, DigestRow[]>();
  for (const row of rows) {
    const group = groups.get(row.userId);
    if (group) group.push(row);
    else groups.set(row.userId, [row]);
  }
  return groups;
}

/** "Kenji: 3 messages" per sender, newest sender first, at most DIGEST_NAMED_SENDERS, then "and N more people". */
function digestLines(rows: readonly DigestRow[], names: ReadonlyMap<string, PersonName>): { lines: string[]; senders: number } {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const sender = row.actorId ?? "";
    counts.set(sender, (counts.get(sender) ?? 0) + 1);
  }
  const t = NOTIFICATION_TEXTS.mail;
  const senders = [...counts.entries()];
  const lines = senders.slice(0, DIGEST_NAMED_SENDERS).map(([sender, count]) => t.digestLine(nameOf(names.get(sender)), count));
  if (senders.length > DIGEST_NAMED_SENDERS) lines.push(t.digestMore(senders.length - DIGEST_NAMED_SENDERS));
  return { lines, senders: senders.length };
}

/**
 * The digest (cron, every 15 minutes): for each person with messages unread for
 * DIGEST_UNREAD_AFTER_MS that no active device got, whose messages email is on and whose last
 * digest is DIGEST_EVERY_MS old (or who never had one), one mail naming who wrote. Muted and
 * blocked senders are left out (mayNotify). The listed rows are marked emailed.
 */
export async function sendMessageDigests(ctx: Ctx): Promise<{ mailed: number; people: number }> {
  const { db, now } = ctx;
  const digestBefore = now - DIGEST_EVERY_MS;
  const rows = await digestCandidatesQuery(db, {
    oldest: now - DIGEST_LOOKBACK_MS,
    unreadBefore: now - DIGEST_UNREAD_AFTER_MS,
    digestBefore,
    activeSince: now - ACTIVE_DEVICE_MS,
    limit: DIGEST_ROWS_PER_RUN,
  });
  const groups = [...byRecipient(rows)].slice(0, DIGEST_PEOPLE_PER_RUN);
  const mailer = groups.length > 0 ? mailerOrNull(ctx) : null;
  if (!mailer) return { mailed: 0, people: groups.length };
  let mailed = 0;
  for (const [userId, candidates] of groups) {
    try {
      if (await mailDigest(ctx, mailer, { userId, candidates, digestBefore })) mailed += 1;
    } catch (error) {
      ctx.log.error("digest mail failed", { userId, error });
    }
  }
  return { mailed, people: groups.length };
}

async function mailDigest(ctx: Ctx, mailer: Mailer, input: { userId: string; candidates: DigestRow[]; digestBefore: number }): Promise<boolean> {
  const { db, now } = ctx;
  const { userId } = input;
  const [prefRows, recipientRows] = await db.batch([preferenceQuery(db, userId), recipientQuery(db, userId)]);
  const recipient = recipientRows[0];
  if (!recipient || !effectivePreferences(prefRows[0]).categories.messages.email) return false;
  const senders = [...new Set(input.candidates.map((row) => row.actorId))];
  const denials = new Map(await Promise.all(senders.map(async (actorId) => [actorId, await mayNotify(db, { recipientId: userId, actorId })] as const)));
  if (denials.get(null) === "recipient_inactive" || [...denials.values()].includes("recipient_inactive")) return false;
  const listed = input.candidates.filter((row) => denials.get(row.actorId) === null);
  if (listed.length === 0) return false;
  const claim = await claimDigest(db, { userId, now, digestBefore: input.digestBefore });
  if (!claim) return false;
  const names = await peopleNames(
    db,
    listed.flatMap((row) => (row.actorId ? [row.actorId] : [])),
  );
  const { lines, senders: senderCount } = digestLines(listed, names);
  const t = NOTIFICATION_TEXTS.mail;
  try {
    await mailer.send(
      await notificationMail(ctx, {
        to: recipient.email,
        userId,
        category: "messages",
        subject: t.digestSubject(senderCount, listed.length),
        intro: `${t.digestIntro}\n${lines.join("\n")}`,
        linkLabel: t.digestOpen,
        link: `${ctx.origin}/messages`,
        outro: t.digestOutro,
      }),
    );
  } catch (error) {
    await restoreDigest(db, userId, claim.previous);
    throw error;
  }
  await markEmailed(
    db,
    listed.map((row) => row.id),
    now,
  );
  return true;
}
