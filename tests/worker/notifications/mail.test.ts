// Mail for what a push could not carry (issue #30 item 3; decision record 0096): an order step
// mails at once when the person has no active device and that mail is on, once, with one-click
// unsubscribe (RFC 8058) in its headers and footer; unread messages no device got make one digest
// per person at most every DIGEST_EVERY_MS, leaving out what was read or pushed meanwhile.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "@shared/messaging-api";
import { DIGEST_EVERY_MS, DIGEST_UNREAD_AFTER_MS } from "@shared/notifications-api";
import { createLogger } from "../../../worker/lib/logger";
import { notificationPreferences } from "../../../worker/db/schema";
import { digestCandidatesQuery } from "../../../worker/db/queries/notifications";
import { orderStepEvent, orderPlacedEvent } from "../../../worker/services/notifications/events";
import { sendMessageDigests } from "../../../worker/services/notifications/mails";
import { readUnsubscribeToken } from "../../../worker/services/notifications/unsubscribe";
import {
  api,
  captureNotifications,
  consumeJobs,
  createUser,
  db,
  eventJob,
  insertDevice,
  json,
  notificationRow,
  NOTIFY_ORIGIN,
  openConversationWith,
  outbox,
  scriptedSender,
  signedInUser,
} from "../helpers";

const order = (buyerId: string, sellerId: string) => ({ id: crypto.randomUUID(), buyerId, sellerId, itemName: "Mix of 'Blue'", status: "shipped", offerId: null });

describe("order step mail", () => {
  it("mails the buyer without a device, once, with one-click unsubscribe for orders", async () => {
    const [seller, buyer] = await Promise.all([createUser({ displayName: "Kenji" }), createUser()]);
    const event = orderStepEvent(order(buyer.id, seller.id), { step: "ship", historyId: crypto.randomUUID(), actorId: seller.id, at: Date.now() });
    await consumeJobs([eventJob(event)], { send: scriptedSender().send });
    await consumeJobs([eventJob(event)], { send: scriptedSender().send });
    const mails = await outbox(buyer.email);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe("Your order has shipped");
    expect(mail.text).toContain("Kenji shipped Mix of 'Blue'");
    expect(mail.text).toContain(`${NOTIFY_ORIGIN}/orders/`);
    expect(mail.headers).toMatchObject({ "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    const link = /^<(https:\/\/backline\.example\/api\/notifications\/unsubscribe\/([^>]+))>$/.exec(mail.headers!["List-Unsubscribe"]!);
    expect(link).not.toBeNull();
    expect(await readUnsubscribeToken(env, link![2]!)).toEqual({ userId: buyer.id, category: "orders" });
    // The footer names the unsubscribe page.
    expect(mail.text).toMatch(/https:\/\/backline\.example\/unsubscribe\/\S+/);
    expect(mail.html).toContain("Unsubscribe");
    expect((await notificationRow(buyer.id, event.key))!.emailedAt).not.toBeNull();
  });

  it("no mail when an active device gets the push, when order mail is off, or for a sale (its own mail covers it)", async () => {
    const [seller, withDevice, mailOff] = await Promise.all([createUser(), createUser(), createUser()]);
    await insertDevice(withDevice.id);
    await db()
      .insert(notificationPreferences)
      .values({ userId: mailOff.id, categories: JSON.stringify({ orders: { email: false } }) });
    const pusher = scriptedSender();
    const step = (buyerId: string) => eventJob(orderStepEvent(order(buyerId, seller.id), { step: "ship", historyId: crypto.randomUUID(), actorId: seller.id, at: Date.now() }));
    await consumeJobs([step(withDevice.id), step(mailOff.id), eventJob(orderPlacedEvent(order(withDevice.id, seller.id), Date.now()))], { send: pusher.send });
    expect(await outbox(withDevice.email)).toEqual([]);
    expect(await outbox(mailOff.email)).toEqual([]);
    expect(await outbox(seller.email)).toEqual([]);
    expect(pusher.calls).toHaveLength(1);
  });

  it("a device seen last long ago does not count: the step mails", async () => {
    const [seller, buyer] = await Promise.all([createUser(), createUser()]);
    await insertDevice(buyer.id, { lastSeenAt: Date.now() - 60 * 24 * 60 * 60_000 });
    await consumeJobs([eventJob(orderStepEvent(order(buyer.id, seller.id), { step: "ship", historyId: crypto.randomUUID(), actorId: seller.id, at: Date.now() }))], {
      send: scriptedSender().send,
    });
    expect(await outbox(buyer.email)).toHaveLength(1);
  });
});

/** Sends messages through the API and runs the consumer on what they enqueued. */
async function messagesTo(receiverId: string, from: { cookie: string }, contents: string[], deviceSend = scriptedSender().send) {
  const capture = captureNotifications();
  const conversationId = await openConversationWith(from, receiverId);
  const sent: ChatMessage[] = [];
  for (const content of contents) {
    sent.push(await json<ChatMessage>(await api(`/api/conversations/${conversationId}/messages`, { cookie: from.cookie, body: { content, clientId: crypto.randomUUID() } }), 201));
  }
  await consumeJobs(capture.jobs(), { send: deviceSend });
  capture.restore();
  return { conversationId, sent };
}

function digestCtx(now: number) {
  return { env: { ...env, APP_ORIGIN: NOTIFY_ORIGIN }, db: db(), log: createLogger(), now, origin: NOTIFY_ORIGIN, ip: null, userAgent: null };
}

describe("the digest of unread messages", () => {
  it("one mail after 30 minutes naming who wrote; none again within 4 hours; read or pushed messages left out", async () => {
    const [reader, kenji, mia, pushedTo] = await Promise.all([signedInUser(), signedInUser({ displayName: "Kenji" }), signedInUser({ displayName: "Mia" }), signedInUser()]);
    await messagesTo(reader.id, kenji, ["One", "Two"]);
    const fromMia = await messagesTo(reader.id, mia, ["Hi"]);
    // Mia's conversation is read before the digest runs.
    await json(await api(`/api/conversations/${fromMia.conversationId}/read`, { method: "PUT", cookie: reader.cookie }), 200);
    // A message pushed to an active device is not in anyone's digest.
    await insertDevice(pushedTo.id);
    await messagesTo(pushedTo.id, kenji, ["Pushed"]);

    const start = Date.now();
    expect(await sendMessageDigests(digestCtx(start + DIGEST_UNREAD_AFTER_MS - 60_000))).toMatchObject({ mailed: 0 });
    expect(await sendMessageDigests(digestCtx(start + DIGEST_UNREAD_AFTER_MS + 60_000))).toMatchObject({ mailed: 1 });
    const [digest, ...more] = await outbox(reader.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe("You have 2 unread messages");
    expect(digest!.text).toContain("Kenji: 2 messages");
    expect(digest!.text).not.toContain("Mia");
    expect(digest!.text).toContain(`${NOTIFY_ORIGIN}/messages`);
    expect(digest!.headers!["List-Unsubscribe"]).toMatch(/^<https:\/\/backline\.example\/api\/notifications\/unsubscribe\/.+>$/);
    expect(digest!.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(await outbox(pushedTo.email)).toEqual([]);

    // A new unread message within 4 hours waits; after them it makes the next digest.
    await messagesTo(reader.id, kenji, ["Three"]);
    expect(await sendMessageDigests(digestCtx(start + DIGEST_UNREAD_AFTER_MS + 2 * 60 * 60_000))).toMatchObject({ mailed: 0 });
    expect(await outbox(reader.email)).toHaveLength(1);
    expect(await sendMessageDigests(digestCtx(start + DIGEST_UNREAD_AFTER_MS + DIGEST_EVERY_MS + 2 * 60_000))).toMatchObject({ mailed: 1 });
    const [second] = await outbox(reader.email);
    expect(second!.text).toContain("Kenji: 1 message");
  });

  it("finds its rows through the notifications index, probing messages by key only", async () => {
    const now = Date.now();
    const query = digestCandidatesQuery(db(), { oldest: now - 86_400_000, unreadBefore: now, digestBefore: now, activeSince: now, limit: 1000 }).toSQL();
    const plan = await env.DB.prepare(`explain query plan ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail);
    expect(details.some((line) => /notifications_created_idx|notifications_event_unique|notifications_collapse_idx/.test(line))).toBe(true);
    expect(details.filter((line) => /^SCAN /.test(line))).toEqual([]);
  });
});
