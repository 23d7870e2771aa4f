// Upload benchmark (DESIGN.md "Large uploads", decision record 0005): uploads a generated
// 100 MB video (a valid MP4 `ftyp` header, then random bytes) through the Worker in 10 MiB parts,
// creates the post, and reports throughput and the workerd process's peak memory.
//
//   npm run bench:upload                          builds, starts `vite preview` on a free port
//                                                 with a fresh local state, and stops it after
//   BENCH_URL=http://127.0.0.1:8787 BENCH_PID=<pid of the server's process tree root>
//   npm run bench:upload                          reuses a running server
//
// Options: BENCH_SIZE_MB (default 100), BENCH_CONCURRENCY (parts in flight, default 1),
// BENCH_SKIP_BUILD=1 to reuse dist/.
import { randomFillSync } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startPreview, stopProcess } from "../../scripts/lib.mjs";
import { client, freePort, memoryOf, signInFreshUser, workerdPids } from "./upload-lib.mjs";

const MiB = 1024 * 1024;
const SIZE = Math.round(Number(process.env.BENCH_SIZE_MB ?? 100) * MiB);
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 1));

function mp4Part(partNumber, length) {
  const bytes = Buffer.allocUnsafe(length);
  randomFillSync(bytes);
  if (partNumber === 1) {
    // ftyp box: size 0x20, type "ftyp", major brand "isom", minor version 0x200.
    bytes.set([0, 0, 0, 0x20, ...Buffer.from("ftypisom"), 0, 0, 2, 0]);
  }
  return bytes;
}

async function main() {
  let server = null;
  let state = null;
  let baseURL = process.env.BENCH_URL;
  let rootPid = process.env.BENCH_PID ? Number(process.env.BENCH_PID) : null;
  if (!baseURL) {
    state = mkdtempSync(path.join(tmpdir(), "backline-bench-"));
    ({ server, baseURL } = await startPreview({ state, port: await freePort(), skipBuild: process.env.BENCH_SKIP_BUILD === "1" }));
    rootPid = server.pid;
  }

  try {
    const api = client(baseURL);
    await signInFreshUser(api);
    const workerd = rootPid ? workerdPids(rootPid) : [];
    const before = workerd.map((pid) => ({ pid, ...memoryOf(pid) }));

    const startedAt = performance.now();
    const start = await api.request("/api/uploads", {
      method: "POST",
      json: { contentType: "video", mimeType: "video/mp4", size: SIZE, fileName: "bench.mp4" },
    });
    if (start.status !== 201) throw new Error(`upload start failed: ${start.status} ${await start.text()}`);
    const { uploadId, partSize, partCount } = await start.json();

    const partTimes = [];
    let next = 1;
    let peakSeen = 0;
    const sample = setInterval(() => {
      for (const pid of workerd) peakSeen = Math.max(peakSeen, memoryOf(pid).rssMiB);
    }, 100);
    async function worker() {
      while (next <= partCount) {
        const n = next++;
        const length = n < partCount ? partSize : SIZE - partSize * (partCount - 1);
        const body = mp4Part(n, length);
        const t0 = performance.now();
        const res = await api.request(`/api/uploads/${uploadId}/parts/${n}`, { method: "PUT", body });
        if (res.status !== 200) throw new Error(`part ${n} failed: ${res.status} ${await res.text()}`);
        await res.json();
        const rss = workerd.length > 0 ? memoryOf(workerd[0]).rssMiB : Number.NaN;
        partTimes.push({ n, ms: performance.now() - t0, length, rss });
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const uploadedAt = performance.now();
    const post = await api.request("/api/posts", { method: "POST", json: { uploadId, caption: "Upload benchmark" } });
    if (post.status !== 201) throw new Error(`post failed: ${post.status} ${await post.text()}`);
    const { mediaUrl, sizeBytes } = await post.json();
    const doneAt = performance.now();
    clearInterval(sample);

    // Read it back with a range request to prove the object is whole.
    const tail = await api.request(mediaUrl, { headers: { range: `bytes=${SIZE - 16}-` } });
    const tailOk = tail.status === 206 && (await tail.arrayBuffer()).byteLength === 16;
    const after = workerd.map((pid) => ({ pid, ...memoryOf(pid) }));

    const seconds = (uploadedAt - startedAt) / 1000;
    const mb = SIZE / 1e6;
    const rows = [
      ["server", baseURL],
      ["file", `${(SIZE / MiB).toFixed(0)} MiB video/mp4 (${SIZE} bytes), ${partCount} parts of ${partSize / MiB} MiB, ${CONCURRENCY} in flight`],
      ["parts uploaded in", `${seconds.toFixed(2)} s`],
      ["throughput", `${(mb / seconds).toFixed(1)} MB/s (${(SIZE / MiB / seconds).toFixed(1)} MiB/s)`],
      ["slowest / fastest part", `${Math.max(...partTimes.map((p) => p.ms)).toFixed(0)} / ${Math.min(...partTimes.map((p) => p.ms)).toFixed(0)} ms`],
      ["complete + create post", `${(doneAt - uploadedAt).toFixed(0)} ms`],
      ["stored size / range read", `${sizeBytes} bytes / ${tailOk ? "ok" : "FAILED"}`],
    ];
    for (const [i, m] of after.entries()) {
      rows.push([`workerd pid ${m.pid} RSS before → after`, `${before[i].rssMiB.toFixed(1)} → ${m.rssMiB.toFixed(1)} MiB`]);
      rows.push([`workerd pid ${m.pid} peak (VmHWM)`, `${m.peakMiB.toFixed(1)} MiB (sampled RSS max during upload ${peakSeen.toFixed(1)} MiB)`]);
    }
    if (after.length > 0) {
      const trace = [...partTimes].sort((a, b) => a.n - b.n).map((p) => p.rss.toFixed(0));
      rows.push(["workerd RSS after each part", `${trace.join(", ")} MiB`]);
    }
    if (after.length === 0) rows.push(["workerd memory", "n/a (no workerd process found; set BENCH_PID when using BENCH_URL)"]);
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log("\nUpload benchmark");
    for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
    if (!tailOk || sizeBytes !== SIZE) process.exitCode = 1;
  } finally {
    stopProcess(server);
    if (state) rmSync(state, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
