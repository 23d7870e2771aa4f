// The NOTIFICATIONS queue's consumer (issue #30 items 1, 3, 4, 5, 6; shared/notifications-api.ts;
// decision record 0096). Each job is handled and acknowledged on its own, so one bad job does not
// make the platform retry a whole batch:
//
//   event: record the event once (notifications_event_unique; a replay finds its row and stops),
//          then, in this order: mayNotify (recipient active, no block either way, not muted by
//          the recipient, actor present), the category's preferences (a step mail when no device
//          gets the push), quiet hours (held until they end, with a flush scheduled for then),
//          the collapse window (the first pending row of a key schedules the window's flush),
//          else push now.
//   flush: push what is due for one (recipient, collapse key) as ONE push: the newest row leads
//          ('sent'), the others are 'collapsed' into it and counted in its texts. The rules are
//          read again: the window or the night may have changed them.
//
// A push goes to every device of the recipient that has not had it (notification_sends): "sent"
// is recorded, "gone" removes the device, "retry" retries this job with backoff (the devices that
// got it are not sent again), "failed" and "skipped" (a service without credentials) are logged.
import { NOTIFICATION_TEXTS } from "@shared/messages";
import { NOTIFICATION_EVENTS, type NotificationCategory, type NotificationEventType, type PushPayload } from "@shared/notifications-api";
import { createDb } from "../../db/client";
import {
  carriedIds,
  claimBurst,
  countFailure,
  deleteSubscription,
  devicesQuery,
  devicesWithout,
  dueRows,
  holdDue,
  isActiveDevice,
  isFirstPending,
  moveNotification,
  peopleNames,
  preferenceQuery,
  recentLead,
  recipientQuery,
  recordNotification,
  recordSend,
  skipDue,
  toAudienceFacts,
  type NotificationRow,
} from "../../db/queries/notifications";
import type { Bindings, Ctx } from "../../env";
import { configuredOrigin } from "../../lib/config";
import { createLogger } from "../../lib/logger";
import { collapseKeyOf } from "./events";
import type { NotificationEvent, NotificationJob } from "./jobs";
import { nameOf, sendStepMail, STEP_MAIL_TYPES } from "./mails";
import { collapsesInWindow, windowDelaySeconds } from "./notify";
import { effectivePreferences, quietUntil } from "./preferences";
import { denialOf, mayNotify, mayNotifyQuery } from "./rules";
import type { PushOptions, SendOutcome, SendPush } from "./senders/types";

export interface ConsumerDeps {
  /** The push senders (senders/index.ts sendPush in production; a scripted fake in tests). */
  send: SendPush;
  /** The clock (ms); Date.now by default. */
  now?: () => number;
  /** Handed to `send` (the tests' stand-in push services). */
  fetcher?: typeof fetch;
}

/** The longest delay Cloudflare Queues accept (12 hours): a longer hold is released by the cron. */
const MAX_QUEUE_DELAY_SECONDS = 12 * 60 * 60;
/** Retries back off from this, doubling per attempt… */
const RETRY_BASE_SECONDS = 15;
/** …to at most an hour. */
const RETRY_MAX_SECONDS = 60 * 60;
/** A retried flush resumes a push made this recently (the retries' whole span fits well inside it). */
const RESUME_WITHIN_MS = 2 * 60 * 60_000;
/** Rows one flush pushes as one burst at most; more stay due for the next flush. */
const BURST_MAX = 100;

/**
 * The delay of the `attempts`-th retry: 15 s doubling per attempt, ±20 % jitter (so devices that
 * failed together do not come back together), at most an hour, and never sooner than the push
 * service's Retry-After.
 */
export function retryDelaySeconds(attempts: number, retryAfterMs: number | null, random: () => number = Math.random): number {
  const base = Math.min(RETRY_MAX_SECONDS, RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
  const jittered = base * (0.8 + 0.4 * random());
  const wanted = Math.max(jittered, retryAfterMs !== null ? retryAfterMs / 1000 : 0);
  return Math.min(RETRY_MAX_SECONDS, Math.ceil(wanted));
}

/** What handling one job came to: done (ack), or retry after the push service's Retry-After (or the backoff). */
type Outcome = { retry: false } | { retry: true; retryAfterMs: number | null };
const DONE: Outcome = { retry: false };

/** The consumer's context for one job: a request context without a request (as a cron run builds it). */
type JobContext = Ctx & { deps: ConsumerDeps; attempts: number };

function isJob(body: unknown): body is NotificationJob {
  if (!body || typeof body !== "object") return false;
  const job = body as { kind?: unknown; event?: { type?: unknown; key?: unknown; recipientId?: unknown }; userId?: unknown; collapseKey?: unknown };
  if (job.kind === "flush") return typeof job.userId === "string" && typeof job.collapseKey === "string";
  return (
    job.kind === "event" &&
    typeof job.event?.key === "string" &&
    typeof job.event.recipientId === "string" &&
    typeof job.event.type === "string" &&
    Object.hasOwn(NOTIFICATION_EVENTS, job.event.type)
  );
}

export async function consumeNotifications(batch: MessageBatch<NotificationJob>, env: Bindings, deps: ConsumerDeps): Promise<void> {
  const log = createLogger({ queue: batch.queue });
  const db = createDb(env.DB);
  const origin = configuredOrigin(env);
  for (const message of batch.messages) {
    const body: unknown = message.body;
    const ctx: JobContext = {
      env,
      db,
      log: log.with({ job: message.id, attempts: message.attempts }),
      now: deps.now?.() ?? Date.now(),
      origin,
      ip: null,
      userAgent: null,
      deps,
      attempts: message.attempts,
    };
    if (!isJob(body)) {
      // Retrying cannot make it readable.
      ctx.log.error("notification job not understood", { body });
      message.ack();
      continue;
    }
    try {
      const outcome = body.kind === "event" ? await consumeEvent(ctx, body.event) : await consumeFlush(ctx, body);
      if (outcome.retry) message.retry({ delaySeconds: retryDelaySeconds(message.attempts, outcome.retryAfterMs) });
      else message.ack();
    } catch (error) {
      // The row is the truth: a retry finds it and carries on where this attempt stopped.
      ctx.log.error("notification job failed", { error, kind: body.kind });
      message.retry({ delaySeconds: retryDelaySeconds(message.attempts, null) });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Events

async function consumeEvent(ctx: JobContext, event: NotificationEvent): Promise<Outcome> {
  const category = NOTIFICATION_EVENTS[event.type];
  const recorded = await recordNotification(ctx.db, {
    userId: event.recipientId,
    eventKey: event.key,
    type: event.type,
    category,
    actorId: event.actorId,
    path: event.path,
    params: JSON.stringify(event.params ?? {}),
    collapseKey: collapseKeyOf(event),
    createdAt: typeof event.at === "number" && Number.isFinite(event.at) ? event.at : ctx.now,
  });
  if (!recorded) {
    ctx.log.info("notification for an account that no longer exists", { key: event.key });
    return DONE;
  }
  const { row, created } = recorded;
  if (!created) {
    // A pending row was recorded by an attempt that stopped before deciding: decide now.
    if (row.status === "pending") return decide(ctx, row);
    // A retry of a push some device asked to retry: the devices that have it are not sent again.
    if (row.status === "sent" && ctx.attempts > 1) return resume(ctx, row);
    return DONE;
  }
  return decide(ctx, row);
}

function paramsOf(row: Pick<NotificationRow, "params">): Record<string, string | number> {
  try {
    const value: unknown = JSON.parse(row.params);
    return value && typeof value === "object" ? (value as Record<string, string | number>) : {};
  } catch {
    return {};
  }
}

/** The rules, in order, for a row just recorded. */
async function decide(ctx: JobContext, row: NotificationRow): Promise<Outcome> {
  const { db } = ctx;
  const [facts, prefRows, devices, recipients] = await db.batch([
    mayNotifyQuery(db, { recipientId: row.userId, actorId: row.actorId }),
    preferenceQuery(db, row.userId),
    devicesQuery(db, row.userId),
    recipientQuery(db, row.userId),
  ]);
  const denial = denialOf(toAudienceFacts(facts[0]));
  if (denial) {
    await moveNotification(db, { id: row.id, from: ["pending"], to: "skipped" });
    ctx.log.info("notification skipped", { key: row.eventKey, reason: denial });
    return DONE;
  }
  const preferences = effectivePreferences(prefRows[0]);
  const choice = preferences.categories[row.category as NotificationCategory];
  // An order or booking step mails at once when no device will show it: none is active, or the
  // person turned this category's pushes off (and its mail on).
  const reachable = choice.push && devices.some((device) => isActiveDevice(device, ctx.now));
  const recipient = recipients[0];
  if (STEP_MAIL_TYPES.has(row.type as NotificationEventType) && choice.email && !reachable && recipient) {
    const names = row.actorId ? await peopleNames(db, [row.actorId]) : new Map();
    await sendStepMail(ctx, { row, actorName: nameOf(row.actorId ? names.get(row.actorId) : undefined), to: recipient.email, params: paramsOf(row) });
  }
  if (!choice.push || devices.length === 0) {
    await moveNotification(db, { id: row.id, from: ["pending"], to: "skipped" });
    ctx.log.info("notification not pushed", { key: row.eventKey, reason: choice.push ? "no_device" : "push_off" });
    return DONE;
  }
  const until = quietUntil(preferences, ctx.now);
  if (until !== null) {
    if (await moveNotification(db, { id: row.id, from: ["pending"], to: "held", heldUntil: until })) {
      await scheduleFlush(ctx, row, Math.ceil((until - ctx.now) / 1000));
    }
    return DONE;
  }
  if (collapsesInWindow({ type: row.type as NotificationEventType })) {
    if (await isFirstPending(db, row)) await scheduleFlush(ctx, row, windowDelaySeconds(row.createdAt, ctx.now));
    return DONE;
  }
  return pushBurst(ctx, [row]);
}

/** A flush of the row's (recipient, collapse key) in `delaySeconds`; beyond the queue's 12 hours the cron releases it. */
async function scheduleFlush(ctx: JobContext, row: Pick<NotificationRow, "userId" | "collapseKey">, delaySeconds: number): Promise<void> {
  if (delaySeconds > MAX_QUEUE_DELAY_SECONDS) return;
  const queue = ctx.env.NOTIFICATIONS;
  if (!queue) {
    ctx.log.warn("no NOTIFICATIONS queue to schedule a flush on: the cron releases it", { collapseKey: row.collapseKey });
    return;
  }
  await queue.send({ kind: "flush", userId: row.userId, collapseKey: row.collapseKey }, { delaySeconds: Math.max(0, delaySeconds), contentType: "json" });
}

// ---------------------------------------------------------------------------------------------
// Flushes

async function consumeFlush(ctx: JobContext, job: Extract<NotificationJob, { kind: "flush" }>): Promise<Outcome> {
  const { db } = ctx;
  const rows = await dueRows(db, { userId: job.userId, collapseKey: job.collapseKey, now: ctx.now, limit: BURST_MAX });
  if (rows.length === 0) {
    // Nothing due is normal (another flush took it). A retried flush resumes its push.
    if (ctx.attempts > 1) {
      const lead = await recentLead(db, { userId: job.userId, collapseKey: job.collapseKey, since: ctx.now - RESUME_WITHIN_MS });
      if (lead) return resume(ctx, lead);
    }
    return DONE;
  }
  const [prefRows, devices] = await db.batch([preferenceQuery(db, job.userId), devicesQuery(db, job.userId)]);
  const actors = [...new Set(rows.map((row) => row.actorId))];
  const denials = new Map(await Promise.all(actors.map(async (actorId) => [actorId, await mayNotify(db, { recipientId: job.userId, actorId })] as const)));
  const allowed = rows.filter((row) => denials.get(row.actorId) === null);
  const denied = rows.filter((row) => denials.get(row.actorId) !== null);
  const preferences = effectivePreferences(prefRows[0]);
  const lead = allowed[0];
  if (!lead || !preferences.categories[lead.category as NotificationCategory].push || devices.length === 0) {
    await skipDue(
      db,
      rows.map((row) => row.id),
      ctx.now,
    );
    return DONE;
  }
  await skipDue(
    db,
    denied.map((row) => row.id),
    ctx.now,
  );
  const until = quietUntil(preferences, ctx.now);
  if (until !== null) {
    // The window closed inside quiet hours: the burst waits for the morning, whole.
    await holdDue(
      db,
      allowed.map((row) => row.id),
      { now: ctx.now, until },
    );
    await scheduleFlush(ctx, lead, Math.ceil((until - ctx.now) / 1000));
    return DONE;
  }
  return pushBurst(ctx, allowed);
}

// ---------------------------------------------------------------------------------------------
// Pushing

/** Claims the rows (newest first) as one push and sends it; nothing when another flush claimed them first. */
async function pushBurst(ctx: JobContext, rows: readonly NotificationRow[]): Promise<Outcome> {
  const [first, ...others] = rows;
  if (!first) return DONE;
  const claim = await claimBurst(ctx.db, {
    leadId: first.id,
    otherIds: others.map((row) => row.id),
    now: ctx.now,
  });
  if (!claim.lead) return DONE;
  return deliver(ctx, claim.lead, [claim.lead.id, ...claim.collapsed]);
}

/** A retried job: the lead's push goes to the devices that existed when it was made and do not have it yet. */
async function resume(ctx: JobContext, lead: NotificationRow): Promise<Outcome> {
  return deliver(ctx, lead, await carriedIds(ctx.db, lead), lead.pushedAt ?? undefined);
}

/** Hash of the collapse key as a web push Topic (at most 32 base64url characters), APNs collapse id and FCM collapse key. */
async function topicOf(collapseKey: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(collapseKey)));
  const base64 = btoa(String.fromCharCode(...digest));
  return base64.replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "").slice(0, 32);
}

/**
 * How long a push service may keep the push for an offline device, and how urgently to wake it: a
 * message is stale after a day and worth waking for, as is an order step someone waits on;
 * the rest may wait four days and for the device's own timing.
 */
async function pushOptions(row: Pick<NotificationRow, "category" | "collapseKey">): Promise<PushOptions> {
  const category = row.category as NotificationCategory;
  return {
    ttlSeconds: category === "messages" ? 24 * 60 * 60 : 4 * 24 * 60 * 60,
    urgency: category === "messages" || category === "orders" ? "high" : "normal",
    topic: await topicOf(row.collapseKey),
  };
}

/** An avatar as an absolute URL on the app's origin, or null (the app's icon). */
function absoluteIcon(avatarUrl: string | null | undefined, origin: string): string | null {
  if (!avatarUrl) return null;
  try {
    const url = origin ? new URL(avatarUrl, origin) : new URL(avatarUrl);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The push for a lead carrying `count` events: texts from NOTIFICATION_TEXTS, the actor read now. */
async function payloadOf(ctx: Pick<Ctx, "db" | "origin">, lead: NotificationRow, count: number): Promise<PushPayload> {
  const people = lead.actorId ? await peopleNames(ctx.db, [lead.actorId]) : new Map();
  const actor = lead.actorId ? people.get(lead.actorId) : undefined;
  const text = NOTIFICATION_TEXTS.push(lead.type as NotificationEventType, { actor: nameOf(actor), count, params: paramsOf(lead) });
  return {
    v: 1,
    id: lead.id,
    title: cut(text.title, 200),
    body: cut(text.body, 500),
    icon: absoluteIcon(actor?.avatarUrl, ctx.origin),
    path: lead.path,
    tag: cut(lead.collapseKey, 200),
    count,
  };
}

/** Sends the lead's push to each device that has not had it, and acts on each answer. */
async function deliver(ctx: JobContext, lead: NotificationRow, carried: readonly string[], registeredBy?: number): Promise<Outcome> {
  const { db } = ctx;
  const devices = await devicesWithout(db, { userId: lead.userId, notificationId: lead.id, registeredBy });
  if (devices.length === 0) return DONE;
  const [payload, options] = await Promise.all([payloadOf(ctx, lead, carried.length), pushOptions(lead)]);
  const outcomes = await Promise.all(
    devices.map(async (device): Promise<SendOutcome> => {
      try {
        return await ctx.deps.send(
          ctx.env,
          { id: device.id, kind: device.kind, endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
          payload,
          options,
          ctx.deps.fetcher,
        );
      } catch (error) {
        // A sender that throws is treated as a network failure: try again later.
        return { result: "retry", status: null, retryAfterMs: null, error: String(error) };
      }
    }),
  );
  let retry: Outcome = DONE;
  for (const [i, outcome] of outcomes.entries()) {
    const device = devices[i]!;
    const fields = { notification: lead.id, subscription: device.id, kind: device.kind };
    switch (outcome.result) {
      case "sent":
        await recordSend(db, { notificationIds: carried, subscriptionId: device.id, now: ctx.now });
        break;
      case "gone":
        await deleteSubscription(db, device.id);
        ctx.log.info("push device gone: subscription removed", { ...fields, status: outcome.status });
        break;
      case "retry": {
        await countFailure(db, device.id);
        ctx.log.warn("push to retry", { ...fields, status: outcome.status, error: outcome.error });
        const previous = retry.retry ? retry.retryAfterMs : null;
        retry = { retry: true, retryAfterMs: Math.max(previous ?? 0, outcome.retryAfterMs ?? 0) || null };
        break;
      }
      case "failed":
        ctx.log.warn("push refused", { ...fields, status: outcome.status, error: outcome.error });
        break;
      case "skipped":
        ctx.log.info("push skipped", { ...fields, reason: outcome.reason });
        break;
      default: {
        const unknown: never = outcome;
        ctx.log.error("push outcome not understood", { ...fields, outcome: unknown });
      }
    }
  }
  return retry;
}
