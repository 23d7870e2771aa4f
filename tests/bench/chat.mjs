// Message-delivery benchmark for live chat (DESIGN.md "Realtime", decision record 0040). Measures
// the time from sending a message over HTTP to its message.created frame on the other
// participant's ChatRoom socket, in two settings:
//   1. two sockets, one conversation: messages sent one after another;
//   2. BENCH_CONVERSATIONS conversations active at once (default 100): one hub user holds a socket
//      on every room while each other participant sends, all conversations at the same time.
//
//   npm run bench:chat                          builds, starts `vite preview` on a free loopback port
//                                               with a fresh local state, stops it after
//   BENCH_URL=http://127.0.0.1:8787 npm run bench:chat      reuses a running server
//
// Options: BENCH_CONVERSATIONS (default 100, at most 200), BENCH_MESSAGES (per conversation in the
// second setting, default 5, at most 20; 30 in the first), BENCH_SKIP_BUILD=1 to reuse dist/.
// Every user signs up from its own CF-Connecting-IP (as each visitor has its own at the edge), so
// the per-IP sign-up limit does not stop the run. Bounded: each message waits at most 5 s for its
// frame and the whole run at most 300 s.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPreview, stopProcess } from "../../scripts/lib.mjs";
import { client, freePort, signInFreshUser } from "./upload-lib.mjs";

const CONVERSATIONS = Math.min(200, Math.max(1, Number(process.env.BENCH_CONVERSATIONS ?? 100)));
const MESSAGES = Math.min(20, Math.max(1, Number(process.env.BENCH_MESSAGES ?? 5)));
const PAIR_MESSAGES = 30;
const FRAME_TIMEOUT_MS = 5_000;
const RUN_TIMEOUT_MS = 300_000;

let ipCounter = 0;
/** A cookie-keeping client whose requests come from an address of its own. */
function userClient(baseURL) {
  ipCounter += 1;
  const ip = `198.18.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const inner = client(baseURL);
  return { ...inner, request: (p, options = {}) => inner.request(p, { ...options, headers: { "cf-connecting-ip": ip, ...options.headers } }) };
}

async function freshUser(baseURL) {
  const api = userClient(baseURL);
  await signInFreshUser(api);
  const session = await (await api.request("/api/auth/session")).json();
  return { api, id: session.user.id };
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v) => `${v.toFixed(1)} ms`;
  return { n: sorted.length, p50: f(percentile(sorted, 50)), p95: f(percentile(sorted, 95)), p99: f(percentile(sorted, 99)), max: f(sorted.at(-1) ?? Number.NaN) };
}

/** Opens a ChatRoom socket as `user` (its cookies) and resolves after the welcome frame. */
function openRoom(baseURL, user, conversationId, onMessage) {
  const url = `${baseURL.replace(/^http/, "ws")}/api/conversations/${conversationId}/live`;
  return new Promise((resolve, reject) => {
    const cookie = [...user.api.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    const socket = new WebSocket(url, { headers: { cookie, origin: baseURL } });
    const timer = setTimeout(() => reject(new Error("socket did not open within 10 s")), 10_000);
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data));
      if (message.type === "welcome") {
        clearTimeout(timer);
        resolve(socket);
      } else if (message.type === "message.created") onMessage(message.message);
    });
    socket.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error("socket error"));
    });
  });
}

async function openConversation(from, to) {
  const res = await from.api.request("/api/conversations", { method: "POST", json: { userId: to.id } });
  if (res.status !== 200 && res.status !== 201) throw new Error(`open conversation failed: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

/** Sends one message and resolves with the frame latency (or null when no frame came in time). */
function timedSend(sender, conversationId, pending) {
  const clientId = crypto.randomUUID();
  const sentAt = performance.now();
  const arrived = new Promise((resolve) => {
    pending.set(clientId, (at) => resolve(at - sentAt));
    setTimeout(() => resolve(null), FRAME_TIMEOUT_MS);
  });
  const posted = sender.api
    .request(`/api/conversations/${conversationId}/messages`, { method: "POST", json: { clientId, content: `Bench ${clientId.slice(0, 8)}` } })
    .then(async (res) => {
      if (res.status !== 201) throw new Error(`send failed: ${res.status} ${await res.text()}`);
      await res.json();
      return performance.now() - sentAt;
    });
  return Promise.all([arrived, posted]);
}

function frameHandler(pending) {
  return (message) => {
    const resolve = pending.get(message.clientId);
    if (resolve) {
      pending.delete(message.clientId);
      resolve(performance.now());
    }
  };
}

async function bench(baseURL) {
  // 1. Two sockets, one conversation.
  const [a, b] = [await freshUser(baseURL), await freshUser(baseURL)];
  const pairId = await openConversation(a, b);
  const pairPending = new Map();
  const sockets = [await openRoom(baseURL, b, pairId, frameHandler(pairPending)), await openRoom(baseURL, a, pairId, () => {})];
  const pairLatency = [];
  const pairPost = [];
  let missing = 0;
  for (let i = 0; i < PAIR_MESSAGES; i += 1) {
    const [frame, post] = await timedSend(a, pairId, pairPending);
    if (frame === null) missing += 1;
    else pairLatency.push(frame);
    pairPost.push(post);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // 2. Many conversations at once: a hub listens on every room; each participant sends to it.
  const hub = await freshUser(baseURL);
  const others = [];
  for (let i = 0; i < CONVERSATIONS; i += 1) others.push(await freshUser(baseURL));
  const manyPending = new Map();
  const rooms = [];
  for (const other of others) {
    const id = await openConversation(other, hub);
    rooms.push(id);
    sockets.push(await openRoom(baseURL, hub, id, frameHandler(manyPending)));
  }
  const manyLatency = [];
  const manyPost = [];
  for (let round = 0; round < MESSAGES; round += 1) {
    const results = await Promise.all(others.map((other, i) => timedSend(other, rooms[i], manyPending)));
    for (const [frame, post] of results) {
      if (frame === null) missing += 1;
      else manyLatency.push(frame);
      manyPost.push(post);
    }
  }
  for (const socket of sockets) socket.close(1000, "bench done");

  console.log("\nChat delivery benchmark (ChatRoom, loopback)");
  console.log(`  server                ${baseURL}`);
  console.log(`  two sockets           ${PAIR_MESSAGES} messages, sequentially, 20 ms apart`);
  console.log(`  conversations active  ${CONVERSATIONS} (one hub socket on each room), ${MESSAGES} rounds of one message in every conversation at once`);
  console.log(`  frames missing        ${missing}\n`);
  const table = [
    ["two sockets: POST sent → frame", summary(pairLatency)],
    ["two sockets: POST round trip", summary(pairPost)],
    [`${CONVERSATIONS} conversations: POST sent → frame`, summary(manyLatency)],
    [`${CONVERSATIONS} conversations: POST round trip`, summary(manyPost)],
  ];
  const head = ["measure", "samples", "p50", "p95", "p99", "max"];
  const body = table.map(([name, s]) => [name, String(s.n), s.p50, s.p95, s.p99, s.max]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")}`;
  console.log(line(head));
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of body) console.log(line(r));
  if (missing > 0) process.exitCode = 1;
}

async function main() {
  let server = null;
  let state = null;
  let baseURL = process.env.BENCH_URL;
  if (!baseURL) {
    state = mkdtempSync(path.join(tmpdir(), "backline-bench-"));
    ({ server, baseURL } = await startPreview({ state, port: await freePort(), skipBuild: process.env.BENCH_SKIP_BUILD === "1" }));
  }
  const deadline = setTimeout(() => {
    console.error(`Benchmark exceeded ${RUN_TIMEOUT_MS / 1000} s; stopping.`);
    stopProcess(server);
    process.exit(1);
  }, RUN_TIMEOUT_MS);
  try {
    await bench(baseURL);
  } finally {
    clearTimeout(deadline);
    stopProcess(server);
    if (state) rmSync(state, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
