// The virtual users: how they are made (signed up through the API, each from its own address,
// each with a post of its own, paired into conversations) and what each of them does in the run,
// in the mix. Every write a user makes is written down with what the server answered, so
// the integrity check can tell a lost or doubled write from one that was never acknowledged.
//
// Writes are retried only where a retry cannot double them (issue #33 item 3): a like or bookmark
// is a PUT of the wanted state, a message carries its client id, a test payment's confirmation
// names its order. A comment, an upload or a new order is sent once: if the connection fails, it
// is recorded as unacknowledged and the check only asks that it was stored at most once.
import { signInFreshUser } from "../upload-lib.mjs";
import { userClient } from "./http.mjs";
import { reconnectDelayMs, withJitter } from "../../../shared/realtime.ts";
import { openLive } from "./live.mjs";

/** The mix, in percent. */
export const MIX = [
  ["read", 40],
  ["like/bookmark", 15],
  ["comment (room open)", 10],
  ["chat (socket)", 15],
  ["search", 10],
  ["buy (test mode)", 5],
  ["upload", 5],
];

/** The reads measured alone first and then under load (the ratio's target is ≤ 3×). */
export const READS = ["read: feed", "read: profile", "read: comments", "read: messages", "read: search", "read: order"];

/** Below the server's rate limits for a two-minute run (shared/rate-limit-rules.ts): a refusal would not be a fault. */
const CAPS = { comment: 15, upload: 7, buy: 14, toggle: 100, message: 100 };

const SEARCH_WORDS = ["load", "studio", "mix", "session", "bench", "vocal", "drums", "beat"];

/** A 1×1 PNG (the upload's first bytes are checked against the declared type). */
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

const sleep = (msDelay) => new Promise((resolve) => setTimeout(resolve, msDelay));
const pick = (list, random = Math.random) => list[Math.floor(random() * list.length)];

/** What the users acknowledged and attempted, for the integrity check. */
export function newLedger() {
  return {
    /** `${userId}|${postId}` → { liked?, bookmarked? }: the last state the server acknowledged. */
    toggles: new Map(),
    /** Toggles whose last attempt was not acknowledged: their state is not known. */
    unknownToggles: new Set(),
    comments: [],
    unackedComments: [],
    messages: [],
    unackedMessages: [],
    /** Orders: { id, buyerId, confirmed } */
    orders: [],
    unackedOrders: 0,
    uploads: [],
    unackedUploads: 0,
    /** clientId → the moment the receiver heard of it (frame or catch-up). */
    received: new Map(),
  };
}

async function retrying(recorder, api, action, path, options, { until, accept = (s) => s >= 200 && s < 300 }) {
  // A connection that failed (the server is restarting) is tried again with the same request; a
  // 4xx or 5xx answer is final. Bounded by `until`.
  let delay = 250;
  for (;;) {
    const answer = await recorder.timed(api, action, path, options);
    if (!answer.error) return { ...answer, acked: accept(answer.status) };
    if (Date.now() + delay > until) return { ...answer, acked: false };
    await sleep(delay);
    delay = Math.min(delay * 2, 4000);
  }
}

export async function signUpUser(baseURL) {
  const api = userClient(baseURL);
  const email = await signInFreshUser(api);
  const session = await (await api.request("/api/auth/session")).json();
  return { api, email, id: session.user.id, counts: { comment: 0, upload: 0, buy: 0, toggle: 0, message: 0 } };
}

/** Uploads the small PNG and makes a post of it; answers the post id or null. */
export async function uploadPost(recorder, user, action, caption) {
  const start = await recorder.timed(user.api, action, "/api/uploads", {
    method: "POST",
    json: { contentType: "image", mimeType: "image/png", size: PNG.length, fileName: "load.png" },
  });
  if (start.status !== 201) return null;
  const part = await recorder.timed(user.api, action, `/api/uploads/${start.body.uploadId}/parts/1`, { method: "PUT", body: PNG });
  if (part.status !== 200) return null;
  const post = await recorder.timed(user.api, action, "/api/posts", { method: "POST", json: { uploadId: start.body.uploadId, caption, width: 1, height: 1 } });
  return post.status === 201 ? post.body.id : null;
}

/** A seller the users can buy from: test payouts onboarding done, one physical product. */
export async function makeSeller(baseURL, recorder, n) {
  const seller = await signUpUser(baseURL);
  const form = new URLSearchParams({ outcome: "complete" });
  const onboard = await seller.api.request("/api/payouts/test-onboarding", { method: "POST", body: form, headers: { "content-type": "application/x-www-form-urlencoded" } });
  await onboard.text();
  if (onboard.status !== 303) throw new Error(`test onboarding answered ${onboard.status}`);
  const product = await recorder.timed(seller.api, "setup", "/api/products", {
    method: "POST",
    json: { name: `Load test pack ${n}`, description: "Made by the load harness.", category: "samples", price: "12.00", type: "physical" },
  });
  if (product.status !== 201) throw new Error(`product create answered ${product.status}: ${JSON.stringify(product.body)}`);
  return { ...seller, productId: product.body.id };
}

/** Creates an embedded test payment; answers the order id (or null when not acknowledged). */
export async function startOrder(recorder, user, ledger, productId, action = "write: buy") {
  const created = await recorder.timed(user.api, action, "/api/checkout/create-embedded-payment", { method: "POST", json: { itemType: "product", itemId: productId } });
  if (created.status !== 201) {
    ledger.unackedOrders += 1;
    return null;
  }
  const order = { id: created.body.orderId, buyerId: user.id, buyerEmail: user.email, confirmed: false, confirmAnswered: null };
  ledger.orders.push(order);
  return order;
}

/**
 * Everything one virtual user does during the run: it holds a comment room and its chat open the
 * whole time (as open pages do), and picks one action after another in the mix, with a
 * think time between them, until `world.deadline` (which the faults may push back).
 */
export function runUser({ user, world, recorder, ledger, thinkMs, random = Math.random }) {
  const { baseURL } = world;
  const chat = user.chat;

  // Chat: a socket on the pair's room; every reopen fetches what was missed after the newest
  // message held with none missing before it (the conversation started empty, so from seq 1), or
  // the whole conversation when there is no such message, as use-chat-live.ts does.
  chat.held = new Map();
  const hold = (message) => chat.held.set(message.seq, message);
  const catchUpPoint = () => {
    let point = null;
    for (let seq = 1; chat.held.has(seq); seq += 1) point = chat.held.get(seq);
    return point;
  };
  const noteReceived = (message) => {
    hold(message);
    if (message.senderId === user.id) return;
    if (!ledger.received.has(message.clientId)) ledger.received.set(message.clientId, Date.now());
  };
  // One catch-up: true when it got through. Nothing held yet: the conversation is fetched whole.
  const catchUpOnce = async () => {
    const from = catchUpPoint();
    if (!from) {
      const answer = await recorder.timed(user.api, "catch-up (after reconnect)", `/api/conversations/${chat.id}/messages`);
      if (answer.status !== 200) return answer.status !== undefined && answer.status < 500 && answer.status >= 400;
      for (const m of answer.body.items) noteReceived(m);
      return true;
    }
    let cursor = from.cursor;
    for (let page = 0; page < 10; page += 1) {
      const answer = await recorder.timed(user.api, "catch-up (after reconnect)", `/api/conversations/${chat.id}/messages?since=${encodeURIComponent(cursor)}`);
      if (answer.status !== 200) return answer.status !== undefined && answer.status < 500 && answer.status >= 400;
      for (const m of answer.body.items) noteReceived(m);
      if (answer.body.items.length < 100) return true;
      cursor = answer.body.items.at(-1).cursor;
    }
    return true;
  };
  // As use-chat-live.ts: a failed catch-up (network or 5xx) is tried again on the reconnect
  // schedule, five tries in all.
  const catchUp = async () => {
    for (let n = 0; n < 5; n += 1) {
      if (await catchUpOnce()) return;
      await sleep(withJitter(reconnectDelayMs(n)));
    }
  };
  chat.typingHeard = 0;
  chat.readHeard = 0;
  // The sockets open when the person arrives (after the start delay below), as a page opens them
  // when it loads: 200 people do not open the app in the same second. The restart is the fault
  // that reconnects them all at once.
  const openSockets = () => {
    chat.live = openLive({
      baseURL,
      path: `/api/conversations/${chat.id}/live`,
      api: user.api,
      onOpen: (opens) => {
        if (opens > 1) void catchUp();
      },
      onFrame: (frame) => {
        if (frame.type === "message.created") noteReceived(frame.message);
        else if (frame.type === "typing") chat.typingHeard += 1;
        else if (frame.type === "read") chat.readHeard += 1;
      },
    });
    user.room = openLive({ baseURL, path: `/api/posts/${user.roomPostId}/comments/live`, api: user.api, onFrame: () => (world.commentFrames += 1) });
  };

  const toggle = async () => {
    const postId = pick(world.postIds, random);
    const kind = random() < 0.6 ? "liked" : "bookmarked";
    const key = `${user.id}|${postId}`;
    const current = ledger.toggles.get(key) ?? {};
    const want = !current[kind];
    user.counts.toggle += 1;
    const answer = await retrying(
      recorder,
      user.api,
      kind === "liked" ? "write: like" : "write: bookmark",
      `/api/posts/${postId}/${kind === "liked" ? "like" : "bookmark"}`,
      { method: "PUT", json: { [kind]: want } },
      { until: world.deadline + 20_000 },
    );
    if (answer.acked) {
      ledger.toggles.set(key, { ...current, [kind]: want });
      ledger.unknownToggles.delete(`${key}|${kind}`);
    } else ledger.unknownToggles.add(`${key}|${kind}`);
  };

  const comment = async () => {
    user.counts.comment += 1;
    const content = `Load comment ${crypto.randomUUID()}`;
    const answer = await recorder.timed(user.api, "write: comment", `/api/posts/${user.roomPostId}/comments`, { method: "POST", json: { content } });
    if (answer.status === 201) ledger.comments.push({ id: answer.body.id, postId: user.roomPostId, content });
    else ledger.unackedComments.push({ content, status: answer.status ?? "network" });
  };

  const sendMessage = async () => {
    user.counts.message += 1;
    // As the composer does: typing first, then the message with its client id.
    chat.live.send({ type: "typing", typing: true });
    const clientId = crypto.randomUUID();
    const content = `Load message ${clientId.slice(0, 8)}`;
    const answer = await retrying(
      recorder,
      user.api,
      "write: message",
      `/api/conversations/${chat.id}/messages`,
      { method: "POST", json: { clientId, content } },
      { until: world.deadline + 20_000 },
    );
    const record = { clientId, senderId: user.id, receiverId: chat.partnerId, conversationId: chat.id, sentAt: Date.now() };
    if (answer.acked) {
      ledger.messages.push(record);
      hold(answer.body);
    } else ledger.unackedMessages.push({ ...record, status: answer.status ?? "network" });
  };

  const buy = async () => {
    user.counts.buy += 1;
    const seller = pick(world.sellers, random);
    const order = await startOrder(recorder, user, ledger, seller.productId);
    if (!order) return;
    // The confirmation names its order, so it is retried; a retry that finds the order already
    // paid is refused as "not pending", which still means the first one was stored.
    const confirm = await retrying(
      recorder,
      user.api,
      "write: buy",
      `/api/checkout/test/${order.id}/confirm`,
      { method: "POST", json: { outcome: "success" } },
      { until: world.deadline + 20_000, accept: (s) => s === 200 },
    );
    order.confirmAnswered = confirm.status ?? "network";
    order.confirmed = confirm.acked;
    await recorder.timed(user.api, "read: order", `/api/orders/${order.id}`);
  };

  const read = async () => {
    const r = random();
    if (r < 0.45) await recorder.timed(user.api, "read: feed", "/api/feed");
    else if (r < 0.75) await recorder.timed(user.api, "read: profile", `/api/users/${pick(world.userIds, random)}`);
    else if (r < 0.9) await recorder.timed(user.api, "read: comments", `/api/posts/${pick(world.postIds, random)}/comments`);
    else await recorder.timed(user.api, "read: messages", `/api/conversations/${chat.id}/messages`);
  };

  const upload = async () => {
    user.counts.upload += 1;
    const id = await uploadPost(recorder, user, "write: upload", `Load upload ${crypto.randomUUID()}`);
    if (id) ledger.uploads.push(id);
    else ledger.unackedUploads += 1;
  };

  const actions = {
    read,
    "like/bookmark": () => (user.counts.toggle < CAPS.toggle ? toggle() : read()),
    "comment (room open)": () => (user.counts.comment < CAPS.comment ? comment() : read()),
    "chat (socket)": () => (user.counts.message < CAPS.message ? sendMessage() : read()),
    search: () => recorder.timed(user.api, "read: search", `/api/search/posts?q=${pick(SEARCH_WORDS, random)}`),
    "buy (test mode)": () => (user.counts.buy < CAPS.buy ? buy() : read()),
    upload: () => (user.counts.upload < CAPS.upload ? upload() : read()),
  };
  const total = MIX.reduce((sum, [, weight]) => sum + weight, 0);
  const choose = () => {
    let r = random() * total;
    for (const [name, weight] of MIX) {
      r -= weight;
      if (r < 0) return name;
    }
    return MIX[0][0];
  };

  return (async () => {
    // Users start spread over the first think time, not all in the same millisecond.
    await sleep(random() * thinkMs);
    openSockets();
    while (Date.now() < world.deadline) {
      const name = choose();
      world.chosen.set(name, (world.chosen.get(name) ?? 0) + 1);
      await actions[name]();
      // Exponential think time (mean thinkMs), capped, as people's pauses are.
      await sleep(Math.min(-Math.log(1 - random()) * thinkMs, thinkMs * 4));
    }
  })();
}
