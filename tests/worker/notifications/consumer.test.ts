// The queue consumer's delivery (issue #30 item 6; decision record 0096): an event is recorded
// and pushed once per device however often the queue delivers it; a burst of likes is one push
// counting them; a push service asking to retry gets the job retried with growing delays while
// the devices that got the push are not sent it again; a gone device is removed; a native push
// without credentials is logged and not retried.
import { afterEach, describe, expect, it, vi } from "vitest";
import { COLLAPSE_WINDOW_MS } from "@shared/notifications-api";
import { likeEvent, messageEvent } from "../../../worker/services/notifications/events";
import { retryDelaySeconds } from "../../../worker/services/notifications/consumer";
import {
  consumeJobs,
  createUser,
  devicesOf,
  eventJob,
  insertDevice,
  insertPost,
  notificationRow,
  notificationRows,
  PUSH_GONE,
  pushRetry,
  scriptedSender,
  sendsOf,
} from "../helpers";

afterEach(() => vi.restoreAllMocks());

/** A message event from `from` to `to` (a stored message is not needed to push it). */
function messageJob(from: string, to: string, content = "Are the stems ready?") {
  const message = { id: crypto.randomUUID(), conversationId: crypto.randomUUID(), senderId: from, receiverId: to, content };
  return eventJob(messageEvent({ message, at: Date.now() }));
}

describe("dedupe: nothing is sent twice for one event", () => {
  it("the same job twice in a batch, and the whole batch replayed, record one row and push once per device", async () => {
    const [sender, receiver] = await Promise.all([createUser({ displayName: "Kenji" }), createUser()]);
    const [phone, laptop] = await Promise.all([insertDevice(receiver.id), insertDevice(receiver.id)]);
    const pusher = scriptedSender();
    const job = messageJob(sender.id, receiver.id);
    const first = await consumeJobs([job, job], { send: pusher.send });
    expect(first.result.explicitAcks).toHaveLength(2);
    expect(first.result.retryMessages).toEqual([]);
    await consumeJobs([job, job], { send: pusher.send });

    const rows = await notificationRows(receiver.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "sent", type: "message.received", category: "messages", actorId: sender.id });
    expect(pusher.to(phone.endpoint)).toHaveLength(1);
    expect(pusher.to(laptop.endpoint)).toHaveLength(1);
    expect((await sendsOf(rows[0]!.id)).map((send) => send.subscriptionId).sort()).toEqual([phone.id, laptop.id].sort());
    // What the device shows: the sender's name, the message, the conversation's screen.
    const { payload, options } = pusher.to(phone.endpoint)[0]!;
    expect(payload).toMatchObject({ v: 1, id: rows[0]!.id, title: "Kenji", body: "Are the stems ready?", count: 1, path: job.kind === "event" ? job.event.path : "" });
    expect(options).toMatchObject({ ttlSeconds: 86_400, urgency: "high" });
    expect(options.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });
});

describe("collapse: a burst is one push", () => {
  it("ten likes within the window: one flush scheduled, then one push with count 10 and nine rows collapsed into it", async () => {
    const owner = await createUser();
    const likers = await Promise.all(Array.from({ length: 10 }, (_, i) => createUser({ displayName: `Liker ${i}` })));
    const postId = await insertPost(owner.id);
    const device = await insertDevice(owner.id);
    const pusher = scriptedSender();
    const start = Date.now();
    const jobs = likers.map((liker, i) => eventJob(likeEvent({ postId, likerId: liker.id, ownerId: owner.id, at: start + i * 1000 })));

    // The likes arrive in two batches, as a queue delivers them.
    const first = await consumeJobs(jobs.slice(0, 4), { send: pusher.send, now: start + 4000 });
    const second = await consumeJobs(jobs.slice(4), { send: pusher.send, now: start + 10_000 });
    expect(pusher.calls).toEqual([]);
    // Only the first pending like schedules the window's flush, delayed to the window's end.
    const flushes = [...first.scheduled, ...second.scheduled];
    expect(flushes).toEqual([{ job: { kind: "flush", userId: owner.id, collapseKey: `likes:${postId}` }, delaySeconds: Math.ceil((COLLAPSE_WINDOW_MS - 4000) / 1000) }]);
    expect((await notificationRows(owner.id)).map((row) => row.status)).toEqual(Array(10).fill("pending"));

    const flushed = await consumeJobs([flushes[0]!.job], { send: pusher.send, now: start + COLLAPSE_WINDOW_MS + 1000 });
    expect(flushed.result.explicitAcks).toHaveLength(1);
    expect(pusher.calls).toHaveLength(1);
    const { payload, target } = pusher.calls[0]!;
    expect(target.endpoint).toBe(device.endpoint);
    // The newest like leads.
    expect(payload).toMatchObject({ count: 10, title: "New like", body: "Liker 9 and 9 others liked your post", tag: `likes:${postId}`, path: `/post/${postId}` });
    const rows = await notificationRows(owner.id);
    const lead = rows.find((row) => row.status === "sent")!;
    expect(lead.actorId).toBe(likers[9]!.id);
    expect(payload.id).toBe(lead.id);
    expect(rows.filter((row) => row.status === "collapsed")).toHaveLength(9);

    // A second flush of the same key (a duplicate, or the cron's fallback) finds nothing due.
    await consumeJobs([flushes[0]!.job], { send: pusher.send, now: start + COLLAPSE_WINDOW_MS + 2000 });
    expect(pusher.calls).toHaveLength(1);
  });
});

describe("retries with backoff", () => {
  it("a device that asks to retry gets the job retried with growing delays; the device that got it is not sent again; then success", async () => {
    const [sender, receiver] = await Promise.all([createUser(), createUser()]);
    const [flaky, healthy] = await Promise.all([insertDevice(receiver.id), insertDevice(receiver.id)]);
    const pusher = scriptedSender();
    pusher.script(flaky.endpoint, pushRetry(), pushRetry());
    const job = messageJob(sender.id, receiver.id);

    const delays: number[] = [];
    for (const attempts of [1, 2, 3]) {
      const { result, retries } = await consumeJobs([{ body: job, attempts, id: "m-1" }], { send: pusher.send });
      if (attempts < 3) {
        expect(result.explicitAcks).toEqual([]);
        expect(result.retryMessages).toEqual([{ msgId: "m-1" }]);
        delays.push(retries[0]!.delaySeconds!);
      } else {
        expect(result.retryMessages).toEqual([]);
        expect(result.explicitAcks).toEqual(["m-1"]);
      }
    }
    // 15 s then 30 s, each ±20 %.
    expect(delays[0]).toBeGreaterThanOrEqual(12);
    expect(delays[0]).toBeLessThanOrEqual(18);
    expect(delays[1]).toBeGreaterThanOrEqual(24);
    expect(delays[1]).toBeLessThanOrEqual(36);
    expect(pusher.to(flaky.endpoint)).toHaveLength(3);
    expect(pusher.to(healthy.endpoint)).toHaveLength(1);
    const row = (await notificationRows(receiver.id))[0]!;
    expect((await sendsOf(row.id)).map((send) => send.subscriptionId).sort()).toEqual([flaky.id, healthy.id].sort());
    // The flaky device's failures were counted, then reset by its success.
    expect((await devicesOf(receiver.id)).find((device) => device.id === flaky.id)).toMatchObject({ failures: 0 });
  });

  it("backs off exponentially to at most an hour, and never sooner than the push service's Retry-After", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 8, 12].map((attempts) => retryDelaySeconds(attempts, null, middle))).toEqual([15, 30, 60, 120, 1920, 3600]);
    expect(retryDelaySeconds(1, 120_000, middle)).toBe(120);
    expect(retryDelaySeconds(1, 10 * 3_600_000, middle)).toBe(3600);
    expect(retryDelaySeconds(1, null, () => 0)).toBe(12);
    expect(retryDelaySeconds(1, null, () => 0.9999)).toBe(18);
  });

  it("a sender that throws is retried like a network failure", async () => {
    const [sender, receiver] = await Promise.all([createUser(), createUser()]);
    await insertDevice(receiver.id);
    const { result } = await consumeJobs([messageJob(sender.id, receiver.id)], {
      send: async () => {
        throw new Error("socket hang up");
      },
    });
    expect(result.retryMessages).toHaveLength(1);
  });
});

describe("dead devices and services without credentials", () => {
  it("a device the push service calls gone is removed and sent nothing more; the others keep getting pushes", async () => {
    const [sender, receiver] = await Promise.all([createUser(), createUser()]);
    const [dead, alive] = await Promise.all([insertDevice(receiver.id), insertDevice(receiver.id)]);
    const pusher = scriptedSender();
    pusher.script(dead.endpoint, PUSH_GONE);
    const first = await consumeJobs([messageJob(sender.id, receiver.id)], { send: pusher.send });
    expect(first.result.retryMessages).toEqual([]);
    expect((await devicesOf(receiver.id)).map((device) => device.id)).toEqual([alive.id]);
    await consumeJobs([messageJob(sender.id, receiver.id, "Second")], { send: pusher.send });
    expect(pusher.to(dead.endpoint)).toHaveLength(1);
    expect(pusher.to(alive.endpoint)).toHaveLength(2);
  });

  it("a native push without FCM/APNs secrets is skipped with a log line and not retried", async () => {
    const [sender, receiver] = await Promise.all([createUser(), createUser()]);
    const phone = await insertDevice(receiver.id, { kind: "fcm" });
    const info = vi.spyOn(console, "info");
    const pusher = scriptedSender({ result: "skipped", reason: "FCM_SERVICE_ACCOUNT is not set" });
    const job = messageJob(sender.id, receiver.id);
    const { result } = await consumeJobs([job], { send: pusher.send });
    expect(result.retryMessages).toEqual([]);
    expect(result.explicitAcks).toHaveLength(1);
    expect(pusher.to(phone.endpoint)).toHaveLength(1);
    const lines = info.mock.calls.map(([line]) => String(line)).filter((line) => line.includes("push skipped"));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ reason: "FCM_SERVICE_ACCOUNT is not set", subscription: phone.id, kind: "fcm" });
    // Nothing was recorded as sent to it, and the device stays.
    const row = await notificationRow(receiver.id, job.kind === "event" ? job.event.key : "");
    expect(await sendsOf(row!.id)).toEqual([]);
    expect(await devicesOf(receiver.id)).toHaveLength(1);
  });

  it("a job the consumer cannot read is acknowledged, not retried forever", async () => {
    const { result } = await consumeJobs([{ body: { kind: "nonsense" } as never, id: "bad" }], { send: scriptedSender().send });
    expect(result.explicitAcks).toEqual(["bad"]);
  });
});
