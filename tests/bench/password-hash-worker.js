// The worker that tests/bench/password-hash.bench.ts starts with `wrangler dev`: it times PBKDF2
// (WebCrypto) and scrypt (node:crypto) hashes inside workerd and answers the numbers as JSON.
import { scrypt } from "node:crypto";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const enc = new TextEncoder();

async function pbkdf2(iterations) {
  const key = await crypto.subtle.importKey("raw", enc.encode("correct horse battery staple"), "PBKDF2", false, ["deriveBits"]);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, 256);
}

function scryptHash(N, r, p) {
  return new Promise((resolve, reject) =>
    scrypt("correct horse battery staple", crypto.getRandomValues(new Uint8Array(16)), 32, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

async function time(fn, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    await tick();
    const start = Date.now();
    await fn();
    await tick();
    samples.push(Date.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)], min: samples[0], max: samples[samples.length - 1] };
}

export default {
  async fetch(request) {
    const url = new URL(request.url);
    const kind = url.searchParams.get("kind");
    const runs = Number(url.searchParams.get("runs") ?? "5");
    try {
      if (kind === "pbkdf2") {
        const iterations = Number(url.searchParams.get("iterations"));
        return Response.json(await time(() => pbkdf2(iterations), runs));
      }
      if (kind === "scrypt") {
        const N = Number(url.searchParams.get("N"));
        const r = Number(url.searchParams.get("r") ?? "8");
        const p = Number(url.searchParams.get("p") ?? "1");
        return Response.json(await time(() => scryptHash(N, r, p), runs));
      }
      return new Response("unknown kind", { status: 400 });
    } catch (error) {
      return Response.json({ error: String(error) }, { status: 500 });
    }
  },
};
