// The faults the harness injects while the users work (issue #33 item 2): the server killed and
// started again on the same state folder, a chat room reset mid-chat, and a storm of Stripe
// webhooks — each event five times, shuffled, all at once — while the buyers poll their orders.
import { createHmac } from "node:crypto";
import { startProcess, waitForHttp } from "../../../scripts/lib.mjs";

const sleep = (msDelay) => new Promise((resolve) => setTimeout(resolve, msDelay));

/** Starts `vite preview` on the built app and the given state; resolves once /api/health answers. */
async function startServer({ port, state, onLine }) {
  const server = startProcess("npx", ["vite", "preview", "--port", String(port), "--strictPort", "--host", "127.0.0.1"], { BACKLINE_STATE: state });
  watchLines(server, onLine);
  try {
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, 120_000);
  } catch (error) {
    killGroup(server, "SIGKILL");
    throw error;
  }
  return server;
}

/** Calls onLine for each line the server prints (its request log among them). */
export function watchLines(server, onLine) {
  for (const stream of [server.stdout, server.stderr]) {
    let rest = "";
    stream?.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop() ?? "";
      for (const line of lines) onLine(line);
    });
  }
}

export function killGroup(server, signal) {
  if (server?.pid && server.exitCode === null && server.signalCode === null) {
    try {
      process.kill(-server.pid, signal);
    } catch {
      // Already gone.
    }
  }
}

function exited(server) {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => server.once("exit", resolve));
}

/**
 * Kills the server (SIGKILL to its whole process group: vite and workerd, no goodbye, as a crash)
 * and starts it again on the same port and state folder, so D1, KV and the rooms' storage persist.
 * The outage (kill → health answers again) is recorded, so connection failures inside it count as
 * the fault and not as errors. `whileDown` runs once the old server is gone and before the new one
 * starts (the open page types its message then).
 */
export async function restartServer({ server, port, state, onLine, recorder, whileDown = async () => {} }) {
  const outage = { start: Date.now(), end: null };
  recorder.outages.push(outage);
  killGroup(server, "SIGKILL");
  await Promise.race([exited(server), sleep(10_000)]);
  const downAt = Date.now();
  const duringOutage = await whileDown().then(
    (value) => ({ value }),
    (error) => ({ error }),
  );
  const next = await startServer({ port, state, onLine });
  outage.end = Date.now();
  return { server: next, outage, duringOutage, killMs: downAt - outage.start, outageMs: outage.end - outage.start };
}

/** Resets a conversation's ChatRoom through the dev route (worker/routes/dev.ts, "roomEviction"). */
export async function evictChatRoom(baseURL, conversationId) {
  const res = await fetch(`${baseURL}/dev/rooms/chat/${conversationId}/evict`, { method: "POST", signal: AbortSignal.timeout(10_000) });
  await res.body?.cancel();
  return res.status;
}

/** Stripe's signature header for a payload, as Stripe computes it (t=…,v1=HMAC-SHA256). */
function stripeSignature(payload, secret, timestamp = Math.floor(Date.now() / 1000)) {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

function shuffle(list) {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The events Stripe sends for a payment that failed once and then succeeded: the failed attempt,
 * the session completing, and the intent succeeding. Either success alone must fulfil the order;
 * both, five times each, in any order, must fulfil it once.
 */
function paymentEvents(order, runId) {
  const pi = `pi_load_${runId}_${order.id.slice(0, 8)}`;
  const created = Math.floor(Date.now() / 1000);
  const event = (suffix, type, object, at) => ({ id: `evt_load_${runId}_${order.id.slice(0, 8)}_${suffix}`, object: "event", type, api_version: "2026-01-01", created: at, data: { object } });
  return [
    event("failed", "payment_intent.payment_failed", { id: `${pi}_first`, object: "payment_intent", metadata: { orderId: order.id }, amount: order.totalCents, status: "requires_payment_method" }, created - 30),
    event(
      "session",
      "checkout.session.completed",
      { id: `cs_load_${runId}_${order.id.slice(0, 8)}`, object: "checkout.session", payment_status: "paid", status: "complete", amount_total: order.totalCents, payment_intent: pi, metadata: { orderId: order.id } },
      created,
    ),
    event("intent", "payment_intent.succeeded", { id: pi, object: "payment_intent", amount_received: order.totalCents, status: "succeeded", metadata: { orderId: order.id } }, created),
  ];
}

/**
 * Sends every order's events five times each, shuffled across orders, all at once, while each
 * buyer polls their order. Answers what the server said and what the buyers saw.
 */
export async function webhookStorm({ baseURL, secret, orders, recorder, runId }) {
  const deliveries = shuffle(orders.flatMap((order) => paymentEvents(order, runId).flatMap((e) => Array.from({ length: 5 }, () => e))));
  const statuses = new Map();
  let polling = true;
  const seen = new Map(orders.map((o) => [o.id, new Set()]));
  const polls = orders.map(async (order) => {
    while (polling) {
      const answer = await recorder.timed(order.buyer.api, "read: order (storm)", `/api/orders/${order.id}`);
      if (answer.status === 200) seen.get(order.id).add(answer.body.order?.status ?? answer.body.status);
      await sleep(100);
    }
  });
  const t0 = performance.now();
  await Promise.all(
    deliveries.map(async (event) => {
      const payload = JSON.stringify(event);
      const answer = await recorder.timed({ request: (p, o) => fetch(`${baseURL}${p}`, o) }, "webhook (storm)", "/api/webhooks/stripe", {
        method: "POST",
        body: payload,
        headers: { "content-type": "application/json", "stripe-signature": stripeSignature(payload, secret) },
        signal: AbortSignal.timeout(15_000),
      });
      const key = answer.status ?? "network";
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }),
  );
  const stormMs = performance.now() - t0;
  await sleep(500);
  polling = false;
  await Promise.all(polls);
  return { deliveries: deliveries.length, statuses, stormMs, seenStatuses: seen };
}
