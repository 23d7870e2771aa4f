// Broadcast-latency benchmark for live comments (DESIGN.md "Realtime", decision record 0009).
// Opens many WebSockets on one post's CommentRoom, posts comments over HTTP, and measures, for
// every socket, the time from sending the POST to receiving the comment.created frame.
//
//   npm run bench:broadcast                       builds, starts `vite preview` on a free loopback
//                                                 port with a fresh local state, stops it after
//   BENCH_URL=http://127.0.0.1:8787 npm run bench:broadcast     reuses a running server
//
// Options: BENCH_SOCKETS (default 100, at most 500), BENCH_COMMENTS (default 20, at most 60: the
// comment limit is 20 per user per hour, so each 20 comments use one more fresh user, and local
// sign-ups are limited to 3 an hour), BENCH_SKIP_BUILD=1 to reuse dist/. Everything is bounded:
// each comment waits at most 5 s for its frames and the whole run at most 180 s.
import { randomFillSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPreview, stopProcess } from "../../scripts/lib.mjs";
import { client, freePort, signInFreshUser } from "./upload-lib.mjs";

const SOCKETS = Math.min(500, Math.max(1, Number(process.env.BENCH_SOCKETS ?? 100)));
const COMMENTS = Math.min(60, Math.max(1, Number(process.env.BENCH_COMMENTS ?? 20)));
const PER_USER = 20;
const FRAME_TIMEOUT_MS = 5_000;
const RUN_TIMEOUT_MS = 180_000;

function jpeg(size) {
  const bytes = Buffer.alloc(size);
  randomFillSync(bytes);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]);
  return bytes;
}

/** A small image post through the real upload protocol; answers its id. */
async function createPost(api) {
  const bytes = jpeg(4096);
  const start = await api.request("/api/uploads", {
    method: "POST",
    json: { contentType: "image", mimeType: "image/jpeg", size: bytes.length, fileName: "bench.jpg" },
  });
  if (start.status !== 201) throw new Error(`upload start failed: ${start.status} ${await start.text()}`);
  const { uploadId } = await start.json();
  const part = await api.request(`/api/uploads/${uploadId}/parts/1`, { method: "PUT", body: bytes });
  if (part.status !== 200) throw new Error(`upload part failed: ${part.status} ${await part.text()}`);
  const post = await api.request("/api/posts", { method: "POST", json: { uploadId, caption: "Broadcast benchmark" } });
  if (post.status !== 201) throw new Error(`post failed: ${post.status} ${await post.text()}`);
  return (await post.json()).id;
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v) => `${v.toFixed(1)} ms`;
  return {
    n: sorted.length,
    p50: f(percentile(sorted, 50)),
    p95: f(percentile(sorted, 95)),
    p99: f(percentile(sorted, 99)),
    max: f(sorted.at(-1) ?? Number.NaN),
  };
}

/** Opens one socket and resolves once its welcome frame arrived. */
function openSocket(url, onFrame) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const timer = setTimeout(() => reject(new Error("socket did not open within 10 s")), 10_000);
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (message.type === "welcome") {
        clearTimeout(timer);
        resolve(socket);
      } else {
        onFrame(message);
      }
    });
    socket.addEventListener("error", () => {
      clearTimeout(timer);
      reject(new Error("socket error"));
    });
  });
}

async function bench(baseURL) {
  const users = [];
  for (let i = 0; i < Math.ceil(COMMENTS / PER_USER); i += 1) {
    const api = client(baseURL);
    await signInFreshUser(api);
    users.push(api);
  }
  const postId = await createPost(users[0]);

  // Pending comments by their unique text: when the POST left, and who has received it.
  const pending = new Map();
  const latencies = [];
  const fanOutTimes = [];
  const postTimes = [];
  let stray = 0;
  const onFrame = (message) => {
    if (message.type !== "comment.created") return;
    const entry = pending.get(message.comment.content);
    if (!entry) {
      stray += 1;
      return;
    }
    const ms = performance.now() - entry.sentAt;
    latencies.push(ms);
    entry.received += 1;
    if (entry.received === SOCKETS) {
      fanOutTimes.push(ms);
      entry.done();
    }
  };

  const wsURL = `${baseURL.replace(/^http/, "ws")}/api/posts/${postId}/comments/live`;
  const connectStart = performance.now();
  const sockets = [];
  // Open in batches of 25 so the connect phase does not become a benchmark of its own.
  for (let i = 0; i < SOCKETS; i += 25) {
    const batch = Array.from({ length: Math.min(25, SOCKETS - i) }, () => openSocket(wsURL, onFrame));
    sockets.push(...(await Promise.all(batch)));
  }
  const connectMs = performance.now() - connectStart;

  let missing = 0;
  for (let i = 0; i < COMMENTS; i += 1) {
    const api = users[Math.floor(i / PER_USER)];
    const content = `Bench comment number ${i + 1} ${Math.random().toString(36).slice(2, 8)}`;
    const delivered = new Promise((resolve) => {
      const entry = { sentAt: performance.now(), received: 0, done: resolve };
      pending.set(content, entry);
      setTimeout(() => resolve(), FRAME_TIMEOUT_MS);
    });
    const sentAt = pending.get(content).sentAt;
    const res = await api.request(`/api/posts/${postId}/comments`, { method: "POST", json: { content } });
    postTimes.push(performance.now() - sentAt);
    if (res.status !== 201) throw new Error(`comment ${i + 1} failed: ${res.status} ${await res.text()}`);
    await res.json();
    await delivered;
    missing += SOCKETS - pending.get(content).received;
    // A short pause between comments, as between people typing.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }

  // Catch-up check: the comments list holds every comment the run posted.
  const list = await (await users[0].request(`/api/posts/${postId}/comments`)).json();

  for (const socket of sockets) socket.close(1000, "bench done");

  const rows = [
    ["server", baseURL],
    ["post", postId],
    ["sockets on the room", `${SOCKETS} (connected in ${connectMs.toFixed(0)} ms)`],
    ["comments posted", `${COMMENTS} by ${users.length} user(s), sequentially, 20 ms apart`],
    ["frames expected / received", `${COMMENTS * SOCKETS} / ${latencies.length} (missing ${missing}, stray ${stray})`],
    ["comments stored (GET list)", String(list.items.length)],
  ];
  const table = [
    ["POST sent → frame on each socket", summary(latencies)],
    ["POST sent → frame on the last socket", summary(fanOutTimes)],
    ["POST round trip (201 received)", summary(postTimes)],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log("\nBroadcast benchmark (CommentRoom, loopback)");
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  console.log("");
  const head = ["measure", "samples", "p50", "p95", "p99", "max"];
  const body = table.map(([name, s]) => [name, String(s.n), s.p50, s.p95, s.p99, s.max]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => r[i].length)));
  const line = (cells) => `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ")}`;
  console.log(line(head));
  console.log(`  ${widths.map((w) => "-".repeat(w)).join("  ")}`);
  for (const r of body) console.log(line(r));
  if (missing > 0 || list.items.length !== COMMENTS) process.exitCode = 1;
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
