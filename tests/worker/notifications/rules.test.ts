// Who is notified, and when (issue #30 items 1 and 4; decision record 0096): blocked accounts
// either way and accounts the recipient muted never notify (a mute the other way does), a
// suspended recipient gets nothing, a category's push switched off pushes nothing, and quiet
// hours in the person's own time zone hold a push until they end, then the flush pushes it.
import { describe, expect, it } from "vitest";
import { blocks, mutes, notificationPreferences, users } from "../../../worker/db/schema";
import { releaseHeldNotifications } from "../../../worker/cron/notifications";
import { createLogger } from "../../../worker/lib/logger";
import { messageEvent } from "../../../worker/services/notifications/events";
import { eq } from "drizzle-orm";
import { env } from "cloudflare:test";
import { consumeJobs, createUser, db, eventJob, insertDevice, notificationRows, scriptedSender } from "../helpers";

function messageJob(from: string, to: string, at = Date.now()) {
  const message = { id: crypto.randomUUID(), conversationId: crypto.randomUUID(), senderId: from, receiverId: to, content: "Hello" };
  return eventJob(messageEvent({ message, at }));
}

async function pairWithDevice() {
  const [actor, recipient] = await Promise.all([createUser(), createUser()]);
  const device = await insertDevice(recipient.id);
  return { actor, recipient, device };
}

describe("blocked and muted accounts never notify", () => {
  it.each(["recipient blocked the actor", "actor blocked the recipient"])("%s: recorded as skipped, nothing pushed", async (which) => {
    const { actor, recipient } = await pairWithDevice();
    const [blockerId, blockedId] = which.startsWith("recipient") ? [recipient.id, actor.id] : [actor.id, recipient.id];
    await db().insert(blocks).values({ blockerId, blockedId });
    const pusher = scriptedSender();
    await consumeJobs([messageJob(actor.id, recipient.id)], { send: pusher.send });
    expect(pusher.calls).toEqual([]);
    expect((await notificationRows(recipient.id)).map((row) => row.status)).toEqual(["skipped"]);
  });

  it("muted by the recipient: skipped; the recipient muted by the actor: still notified", async () => {
    const { actor, recipient } = await pairWithDevice();
    await db().insert(mutes).values({ muterId: recipient.id, mutedId: actor.id });
    const pusher = scriptedSender();
    await consumeJobs([messageJob(actor.id, recipient.id)], { send: pusher.send });
    expect(pusher.calls).toEqual([]);

    const other = await pairWithDevice();
    await db().insert(mutes).values({ muterId: other.actor.id, mutedId: other.recipient.id });
    await consumeJobs([messageJob(other.actor.id, other.recipient.id)], { send: pusher.send });
    expect(pusher.calls.map((call) => call.target.endpoint)).toEqual([other.device.endpoint]);
  });

  it("a suspended recipient, or a suspended actor, is not notified", async () => {
    const a = await pairWithDevice();
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, a.recipient.id));
    const b = await pairWithDevice();
    await db().update(users).set({ suspendedAt: Date.now() }).where(eq(users.id, b.actor.id));
    const pusher = scriptedSender();
    await consumeJobs([messageJob(a.actor.id, a.recipient.id), messageJob(b.actor.id, b.recipient.id)], { send: pusher.send });
    expect(pusher.calls).toEqual([]);
  });
});

describe("preferences", () => {
  it("a category's push switched off pushes nothing (other categories still push)", async () => {
    const { actor, recipient } = await pairWithDevice();
    await db()
      .insert(notificationPreferences)
      .values({ userId: recipient.id, categories: JSON.stringify({ messages: { push: false } }) });
    const pusher = scriptedSender();
    await consumeJobs([messageJob(actor.id, recipient.id)], { send: pusher.send });
    expect(pusher.calls).toEqual([]);
    expect((await notificationRows(recipient.id)).map((row) => row.status)).toEqual(["skipped"]);
  });
});

describe("quiet hours, in the person's time zone", () => {
  // 22:00–07:00 in Tokyo (UTC+9, no daylight saving): 13:00–22:00 UTC.
  const night = { quietStartMinute: 22 * 60, quietEndMinute: 7 * 60, timeZone: "Asia/Tokyo" };
  const at2330Tokyo = Date.UTC(2026, 5, 10, 14, 30);
  const at0700Tokyo = Date.UTC(2026, 5, 10, 22, 0);

  it("a push due at 23:30 is held until 07:00 the next morning, then the flush pushes it: never lost", async () => {
    const { actor, recipient, device } = await pairWithDevice();
    await db()
      .insert(notificationPreferences)
      .values({ userId: recipient.id, ...night });
    const pusher = scriptedSender();
    const { scheduled } = await consumeJobs([messageJob(actor.id, recipient.id, at2330Tokyo)], { send: pusher.send, now: at2330Tokyo });
    expect(pusher.calls).toEqual([]);
    const [held] = await notificationRows(recipient.id);
    expect(held).toMatchObject({ status: "held", heldUntil: at0700Tokyo });
    // The flush is scheduled for the end of the quiet hours (7.5 hours: within the queue's 12).
    expect(scheduled).toEqual([{ job: { kind: "flush", userId: recipient.id, collapseKey: held!.collapseKey }, delaySeconds: 7.5 * 3600 }]);

    // A flush that comes early pushes nothing.
    await consumeJobs([scheduled[0]!.job], { send: pusher.send, now: at0700Tokyo - 60_000 });
    expect(pusher.calls).toEqual([]);
    await consumeJobs([scheduled[0]!.job], { send: pusher.send, now: at0700Tokyo + 1000 });
    expect(pusher.calls.map((call) => call.target.endpoint)).toEqual([device.endpoint]);
    expect((await notificationRows(recipient.id))[0]).toMatchObject({ status: "sent" });
  });

  it("outside the quiet hours a push goes at once; the cron releases held pushes whose hours ended", async () => {
    const { actor, recipient } = await pairWithDevice();
    await db()
      .insert(notificationPreferences)
      .values({ userId: recipient.id, ...night });
    const pusher = scriptedSender();
    await consumeJobs([messageJob(actor.id, recipient.id, at0700Tokyo + 60_000)], { send: pusher.send, now: at0700Tokyo + 60_000 });
    expect(pusher.calls).toHaveLength(1);

    await consumeJobs([messageJob(actor.id, recipient.id, at2330Tokyo)], { send: pusher.send, now: at2330Tokyo });
    const sent: unknown[] = [];
    const queue = { sendBatch: async (jobs: unknown[]) => void sent.push(...jobs) } as unknown as Queue;
    const ctx = { env: { ...env, NOTIFICATIONS: queue }, db: db(), log: createLogger(), now: at2330Tokyo + 60_000, origin: "", ip: null, userAgent: null };
    expect(await releaseHeldNotifications(ctx as never)).toEqual({ released: 0 });
    expect(await releaseHeldNotifications({ ...ctx, now: at0700Tokyo } as never)).toEqual({ released: 1 });
    expect(sent).toMatchObject([{ body: { kind: "flush", userId: recipient.id } }]);
  });
});
