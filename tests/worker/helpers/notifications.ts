// Notifications (issue #30): what requests enqueued, a scripted push sender, and the queue
// consumer driven with real MessageBatches. In tests the NOTIFICATIONS binding enqueues to a queue
// nothing consumes (vitest.config.ts), so a file sees exactly the jobs it captures and runs.
import { createExecutionContext, createMessageBatch, env, getQueueResult, type QueueResult } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { vi } from "vitest";
import type { PushPayload } from "@shared/notifications-api";
import { newId } from "../../../worker/db/ids";
import { notifications, notificationSends, pushSubscriptions } from "../../../worker/db/schema";
import { consumeNotifications } from "../../../worker/services/notifications/consumer";
import type { NotificationEvent, NotificationJob } from "../../../worker/services/notifications/jobs";
import type { PushOptions, PushTarget, SendOutcome, SendPush } from "../../../worker/services/notifications/senders/types";
import { db } from "./db";

/** The origin the consumer's links and unsubscribe URLs are built on in these tests. */
export const NOTIFY_ORIGIN = "https://backline.example";

/** Records every job the app enqueues on env.NOTIFICATIONS from now on. */
export function captureNotifications() {
  const queue = env.NOTIFICATIONS!;
  const spy = vi.spyOn(queue, "sendBatch");
  const jobs = () => spy.mock.calls.flatMap(([messages]) => [...messages].map((message) => message.body));
  return {
    jobs,
    /** The events enqueued, in order. */
    events: (): NotificationEvent[] => jobs().flatMap((job) => (job.kind === "event" ? [job.event] : [])),
    /** How many sendBatch calls were made (one per request that notified). */
    calls: () => spy.mock.calls.length,
    clear: () => spy.mockClear(),
    restore: () => spy.mockRestore(),
  };
}
export type Capture = ReturnType<typeof captureNotifications>;

const PUSH_SENT: SendOutcome = { result: "sent", status: 201 };
export const PUSH_GONE: SendOutcome = { result: "gone", status: 410 };
export const pushRetry = (retryAfterMs: number | null = null): SendOutcome => ({ result: "retry", status: 503, retryAfterMs, error: "service unavailable" });

/**
 * A push sender that records each call and answers from a script per device endpoint (then
 * `fallback`): what the real senders' engineer tests against real stand-ins, here the consumer's
 * reactions only.
 */
export function scriptedSender(fallback: SendOutcome = PUSH_SENT) {
  const scripts = new Map<string, SendOutcome[]>();
  const calls: { target: PushTarget; payload: PushPayload; options: PushOptions }[] = [];
  const send: SendPush = async (_env, target, payload, options) => {
    calls.push({ target, payload, options });
    return scripts.get(target.endpoint)?.shift() ?? fallback;
  };
  return {
    send,
    calls,
    /** The next answers for this endpoint, in order. */
    script: (endpoint: string, ...outcomes: SendOutcome[]) => scripts.set(endpoint, [...(scripts.get(endpoint) ?? []), ...outcomes]),
    to: (endpoint: string) => calls.filter((call) => call.target.endpoint === endpoint),
  };
}

export interface ConsumeOptions {
  send: SendPush;
  now?: number;
  /** Bindings changed for this run. */
  bindings?: Record<string, unknown>;
}

export interface ConsumeResult {
  result: QueueResult;
  /** The messages retried, with the delays asked (getQueueResult does not report them). */
  retries: { id: string; delaySeconds: number | undefined }[];
  /** Flushes the consumer scheduled on the queue, with their delays. */
  scheduled: { job: NotificationJob; delaySeconds: number | undefined }[];
}

/** A queued message as the platform delivers it: `attempts` 1 on first delivery. */
export interface Delivery {
  body: NotificationJob;
  attempts?: number;
  id?: string;
}

/** Runs the consumer on one batch (jobs or deliveries) and returns what it acked, retried and scheduled. */
export async function consumeJobs(items: readonly (NotificationJob | Delivery)[], options: ConsumeOptions): Promise<ConsumeResult> {
  const scheduled: ConsumeResult["scheduled"] = [];
  const queue = {
    send: async (job: NotificationJob, opts?: QueueSendOptions) => {
      scheduled.push({ job, delaySeconds: opts?.delaySeconds });
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<NotificationJob>>) => {
      for (const message of messages) scheduled.push({ job: message.body, delaySeconds: message.delaySeconds });
    },
  };
  const deliveries = items.map((item) => ("body" in item ? item : { body: item }));
  const batch = createMessageBatch<NotificationJob>(
    "backline-notifications",
    deliveries.map((delivery) => ({ id: delivery.id ?? newId(), timestamp: new Date(), attempts: delivery.attempts ?? 1, body: delivery.body })),
  );
  const retries: ConsumeResult["retries"] = [];
  for (const message of batch.messages) {
    const retry = message.retry.bind(message);
    vi.spyOn(message, "retry").mockImplementation((opts?: QueueRetryOptions) => {
      retries.push({ id: message.id, delaySeconds: opts?.delaySeconds });
      retry(opts);
    });
  }
  const ctx = createExecutionContext();
  const bindings = { ...env, APP_ORIGIN: NOTIFY_ORIGIN, NOTIFICATIONS: queue, ...options.bindings } as unknown as Parameters<typeof consumeNotifications>[1];
  const now = options.now;
  await consumeNotifications(batch, bindings, { send: options.send, ...(now !== undefined ? { now: () => now } : {}) });
  return { result: await getQueueResult(batch, ctx), retries, scheduled };
}

export const eventJob = (event: NotificationEvent): NotificationJob => ({ kind: "event", event });

/** A push device of the user (a web push subscription unless told), seen now unless told. */
export async function insertDevice(userId: string, opts: { kind?: "web" | "fcm" | "apns"; endpoint?: string; lastSeenAt?: number; createdAt?: number } = {}) {
  const id = newId();
  const kind = opts.kind ?? "web";
  const endpoint = opts.endpoint ?? (kind === "web" ? `https://push.example.test/${id}` : `token-${id}`);
  await db()
    .insert(pushSubscriptions)
    .values({
      id,
      userId,
      kind,
      endpoint,
      p256dh: kind === "web" ? "B".repeat(87) : null,
      auth: kind === "web" ? "A".repeat(22) : null,
      lastSeenAt: opts.lastSeenAt ?? Date.now(),
      createdAt: opts.createdAt ?? Date.now() - 60_000,
    });
  return { id, endpoint };
}

export async function notificationRows(userId: string) {
  return db().select().from(notifications).where(eq(notifications.userId, userId));
}

export async function notificationRow(userId: string, eventKey: string) {
  const [row] = await db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.eventKey, eventKey)));
  return row;
}

export async function sendsOf(notificationId: string) {
  return db().select().from(notificationSends).where(eq(notificationSends.notificationId, notificationId));
}

export async function devicesOf(userId: string) {
  return db().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}
