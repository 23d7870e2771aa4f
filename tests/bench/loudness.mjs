// Benchmark of the browser's loudness measurement (docs/decisions/0092): a 5-minute stereo track
// at 48 kHz (28.8 million samples) measured by web/lib/loudness.ts in Node's V8, the engine of
// Chrome. Three signals: a loud, limited mix-like track (the common upload), white noise, and a
// steady full-scale sine (the true-peak search's worst case: every block is near the peak, so
// nothing can be pruned). Prints the median of a few runs per signal, with the true peak's pruning
// and without it (every interpolated point computed).
//
//   npm run bench:loudness
//   LOUDNESS_SECONDS=600 LOUDNESS_RUNS=3 npm run bench:loudness
import { measureLoudness } from "../../web/lib/loudness.ts";

const RATE = 48_000;
const SECONDS = Number(process.env.LOUDNESS_SECONDS ?? 300);
const RUNS = Number(process.env.LOUDNESS_RUNS ?? 5);
const length = Math.round(SECONDS * RATE);

/** A deterministic pseudo-random source (mulberry32), so every run measures the same signal. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Kick, bass line, chords and hats at 120 bpm, driven into a soft clipper like a loud master. */
function mixLike(seed) {
  const rand = random(seed);
  const x = new Float32Array(length);
  const beat = RATE / 2;
  const chord = [220, 277.18, 329.63, 440];
  let hat = 0;
  for (let i = 0; i < length; i += 1) {
    const t = i / RATE;
    const inBeat = i % beat;
    const kick = Math.exp(-inBeat / (0.08 * RATE)) * Math.sin(2 * Math.PI * (50 + 80 * Math.exp(-inBeat / (0.02 * RATE))) * (inBeat / RATE));
    const bass = 0.5 * Math.sin(2 * Math.PI * (i % (8 * beat) < 4 * beat ? 55 : 73.42) * t);
    let pad = 0;
    for (const f of chord) pad += 0.08 * Math.sin(2 * Math.PI * f * t + f);
    hat = 0.6 * hat + 0.4 * (rand() * 2 - 1);
    const hats = (i % (beat / 2) < 0.03 * RATE ? 0.3 : 0.02) * (rand() * 2 - 1 - hat);
    const section = 0.6 + 0.4 * Math.sin((2 * Math.PI * t) / 60);
    x[i] = Math.tanh(2.2 * section * (0.9 * kick + bass + pad + hats)) * 0.97;
  }
  return x;
}

function noise(seed) {
  const rand = random(seed);
  const x = new Float32Array(length);
  for (let i = 0; i < length; i += 1) x[i] = 0.25 * (rand() + rand() + rand() + rand() - 2);
  return x;
}

function sine(phase) {
  const x = new Float32Array(length);
  for (let i = 0; i < length; i += 1) x[i] = Math.sin((2 * Math.PI * 997 * i) / RATE + phase);
  return x;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function time(fn) {
  const start = performance.now();
  const result = fn();
  return { ms: performance.now() - start, result };
}

const signals = [
  ["mix-like master", () => [mixLike(1), mixLike(2)]],
  ["white noise", () => [noise(3), noise(4)]],
  ["full-scale sine (worst case)", () => [sine(0), sine(1)]],
];

console.log(`${SECONDS} s stereo at ${RATE} Hz (${((2 * length) / 1e6).toFixed(1)} M samples), median of ${RUNS} runs, Node ${process.version}`);
console.log("signal                          measure   unpruned   LUFS   dBTP");
for (const [name, make] of signals) {
  const channels = make();
  measureLoudness(channels, RATE); // warm-up: lets V8 optimise the loops first
  const pruned = [];
  const unpruned = [];
  let last;
  for (let r = 0; r < RUNS; r += 1) {
    const m = time(() => measureLoudness(channels, RATE));
    pruned.push(m.ms);
    last = m.result;
    unpruned.push(time(() => measureLoudness(channels, RATE, { prune: false })).ms);
  }
  const lufs = last.integratedLufs?.toFixed(1) ?? "null";
  console.log(
    `${name.padEnd(30)}  ${median(pruned).toFixed(0).padStart(5)} ms  ${median(unpruned).toFixed(0).padStart(5)} ms  ${lufs.padStart(5)}  ${last.truePeakDbtp.toFixed(2).padStart(5)}`,
  );
  // Every run, not only the median: a bench reports what it saw.
  const runs = (values) => values.map((ms) => ms.toFixed(0)).join(", ");
  console.log(`${"".padEnd(30)}  runs: measure ${runs(pruned)} ms; unpruned ${runs(unpruned)} ms`);
}
