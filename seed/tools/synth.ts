// A tiny offline synthesiser for the demo world's audio. It renders dry mono WAV files (drums,
// electric piano, pads, plucked guitar, 808s, bells) that scripts/generate-seed-media.sh then runs
// through sox (reverb, filtering, loudness) and ffmpeg (MP3/AAC). Everything is deterministic:
// noise comes from a seeded generator, so re-running the script reproduces the same files.
//
// Usage: npx tsx seed/tools/synth.ts <out-dir>
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { mulberry32 } from "../world/random";

const SR = 44_100;

// Deterministic noise, so every run renders identical audio.
const rand = mulberry32(0x5eed);
const noise = (): number => rand() * 2 - 1;

const mtof = (m: number): number => 440 * 2 ** ((m - 69) / 12);

class Track {
  readonly buf: Float32Array;
  constructor(seconds: number) {
    this.buf = new Float32Array(Math.ceil(seconds * SR));
  }
  /** Adds fn(t) for t in [0, len) seconds starting at `at` seconds. */
  add(at: number, len: number, gain: number, fn: (t: number, i: number) => number): void {
    const start = Math.round(at * SR);
    const n = Math.round(len * SR);
    for (let i = 0; i < n; i++) {
      const j = start + i;
      if (j < 0 || j >= this.buf.length) continue;
      this.buf[j] = (this.buf[j] ?? 0) + gain * fn(i / SR, i);
    }
  }
}

// ---- instruments ---------------------------------------------------------------------------

function kick(tr: Track, at: number, gain = 1, tone = 1): void {
  let ph = 0;
  tr.add(at, 0.45, gain, (t) => {
    const f = 45 * tone + 110 * tone * Math.exp(-t * 28);
    ph += (2 * Math.PI * f) / SR;
    const click = t < 0.004 ? noise() * 0.4 * (1 - t / 0.004) : 0;
    return Math.sin(ph) * Math.exp(-t * 7) + click;
  });
}

function snare(tr: Track, at: number, gain = 1, decay = 16): void {
  let lp = 0;
  tr.add(at, 0.35, gain, (t) => {
    const n = noise();
    lp += 0.55 * (n - lp);
    const body = Math.sin(2 * Math.PI * 190 * t) * Math.exp(-t * 30) * 0.6;
    return (n - lp * 0.5) * Math.exp(-t * decay) * 0.7 + body;
  });
}

function clap(tr: Track, at: number, gain = 1): void {
  let hp = 0;
  let prev = 0;
  tr.add(at, 0.3, gain, (t) => {
    const n = noise();
    hp = 0.8 * (hp + n - prev);
    prev = n;
    // Three quick bursts, then a tail: the classic clap envelope.
    const bursts = [0, 0.011, 0.023].reduce((s, o) => s + (t >= o ? Math.exp(-(t - o) * 180) : 0), 0);
    return hp * (bursts * 0.6 + Math.exp(-t * 14) * 0.5);
  });
}

function hat(tr: Track, at: number, gain = 1, open = false): void {
  let prev = 0;
  let hp = 0;
  tr.add(at, open ? 0.35 : 0.08, gain, (t) => {
    const n = noise();
    hp = 0.6 * (hp + n - prev);
    prev = n;
    return hp * Math.exp(-t * (open ? 9 : 55));
  });
}

/** Rhodes-like electric piano: two-operator FM with a decaying index and a bell tine. */
function epiano(tr: Track, at: number, midi: number, len: number, gain = 1): void {
  const f = mtof(midi);
  tr.add(at, len + 0.6, gain, (t) => {
    const rel = t > len ? Math.exp(-(t - len) * 10) : 1;
    const idx = 1.6 * Math.exp(-t * 3.5) + 0.2;
    const mod = Math.sin(2 * Math.PI * f * t) * idx;
    const tine = Math.sin(2 * Math.PI * f * 7 * t) * 0.08 * Math.exp(-t * 20);
    const trem = 1 + 0.12 * Math.sin(2 * Math.PI * 4.5 * t);
    return (Math.sin(2 * Math.PI * f * t + mod) + tine) * Math.exp(-t * 1.1) * rel * trem;
  });
}

/** Piano-ish: harmonic partials with slight inharmonicity, higher partials decaying faster. */
function piano(tr: Track, at: number, midi: number, len: number, gain = 1): void {
  const f = mtof(midi);
  const B = 0.0004;
  tr.add(at, len + 0.8, gain, (t) => {
    const rel = t > len ? Math.exp(-(t - len) * 6) : 1;
    let s = 0;
    for (let k = 1; k <= 8; k++) {
      const fk = f * k * Math.sqrt(1 + B * k * k);
      if (fk > 12_000) break;
      s += (Math.sin(2 * Math.PI * fk * t) / k ** 1.2) * Math.exp(-t * (0.9 + k * 0.7));
    }
    const hammer = t < 0.003 ? noise() * 0.3 : 0;
    return (s + hammer) * rel;
  });
}

/** Detuned-saw pad through a one-pole low-pass, slow attack. */
function pad(tr: Track, at: number, midi: number, len: number, gain = 1, cutoff = 1800, attack = 0.8): void {
  const f = mtof(midi);
  const dets = [-0.12, 0, 0.11];
  const phs = dets.map(() => rand());
  let lp = 0;
  const a = 1 - Math.exp((-2 * Math.PI * cutoff) / SR);
  tr.add(at, len + 1.2, gain, (t) => {
    let s = 0;
    dets.forEach((d, k) => {
      const fk = f * 2 ** (d / 12);
      const p = ((phs[k] ?? 0) + fk * t) % 1;
      s += 2 * p - 1;
    });
    lp += a * (s / 3 - lp);
    const env = Math.min(1, t / attack) * (t > len ? Math.exp(-(t - len) * 3) : 1);
    return lp * env;
  });
}

/** Saw lead/arp note with a plucky filter envelope. */
function sawPluck(tr: Track, at: number, midi: number, len: number, gain = 1, bright = 3000): void {
  const f = mtof(midi);
  let lp = 0;
  let ph = rand();
  tr.add(at, len + 0.15, gain, (t) => {
    ph = (ph + f / SR) % 1;
    const s = 2 * ph - 1;
    const cutoff = 300 + bright * Math.exp(-t * 14);
    const a = 1 - Math.exp((-2 * Math.PI * cutoff) / SR);
    lp += a * (s - lp);
    const env = Math.min(1, t / 0.003) * (t > len ? Math.exp(-(t - len) * 40) : Math.exp(-t * 2));
    return lp * env;
  });
}

/** Square-ish organ stab for house chords. */
function stab(tr: Track, at: number, midi: number, len: number, gain = 1): void {
  const f = mtof(midi);
  let lp = 0;
  tr.add(at, len + 0.1, gain, (t) => {
    const s = Math.sin(2 * Math.PI * f * t) + 0.5 * Math.sin(4 * Math.PI * f * t) + 0.3 * Math.sign(Math.sin(2 * Math.PI * f * t));
    const a = 1 - Math.exp((-2 * Math.PI * (900 + 2500 * Math.exp(-t * 12))) / SR);
    lp += a * (s - lp);
    return lp * Math.exp(-t * 5) * (t > len ? Math.exp(-(t - len) * 50) : 1);
  });
}

/** Sub bass sine with gentle saturation; optional glide from another note (808 slides). */
function sub(tr: Track, at: number, midi: number, len: number, gain = 1, from?: number, drive = 1.5): void {
  const f1 = mtof(midi);
  const f0 = from === undefined ? f1 : mtof(from);
  let ph = 0;
  tr.add(at, len + 0.05, gain, (t) => {
    const f = f1 + (f0 - f1) * Math.exp(-t * 18);
    ph += (2 * Math.PI * f) / SR;
    const env = Math.min(1, t / 0.005) * (t > len ? Math.exp(-(t - len) * 60) : Math.exp(-t * 0.8));
    return Math.tanh(Math.sin(ph) * drive) * env;
  });
}

/** Reese bass: two detuned saws, low-passed, for drum & bass. */
function reese(tr: Track, at: number, midi: number, len: number, gain = 1): void {
  const f = mtof(midi);
  let p1 = 0;
  let p2 = 0.3;
  let lp = 0;
  let lp2 = 0;
  const a = 1 - Math.exp((-2 * Math.PI * 420) / SR);
  tr.add(at, len + 0.05, gain, (t) => {
    p1 = (p1 + (f * 1.006) / SR) % 1;
    p2 = (p2 + (f * 0.994) / SR) % 1;
    const s = p1 + p2 - 1;
    lp += a * (s - lp);
    lp2 += a * (lp - lp2);
    const env = Math.min(1, t / 0.01) * (t > len ? Math.exp(-(t - len) * 50) : 1);
    return Math.tanh(lp2 * 2.2) * env;
  });
}

/** FM bell. */
function bell(tr: Track, at: number, midi: number, gain = 1): void {
  const f = mtof(midi);
  tr.add(at, 3, gain, (t) => {
    const mod = Math.sin(2 * Math.PI * f * 3.5 * t) * 2.2 * Math.exp(-t * 2.5);
    return Math.sin(2 * Math.PI * f * t + mod) * Math.exp(-t * 1.4);
  });
}

/** Karplus–Strong plucked string. */
function pluck(tr: Track, at: number, midi: number, gain = 1, len = 2.2, brightness = 0.5): void {
  const f = mtof(midi);
  const period = Math.max(2, Math.round(SR / f));
  const ring = new Float32Array(period);
  for (let i = 0; i < period; i++) ring[i] = noise();
  // Soften the excitation so the pick sound is not harsh.
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 1; i < period; i++) ring[i] = brightness * (ring[i] ?? 0) + (1 - brightness) * (ring[i - 1] ?? 0);
  }
  let idx = 0;
  tr.add(at, len, gain, () => {
    const cur = ring[idx] ?? 0;
    const next = ring[(idx + 1) % period] ?? 0;
    ring[idx] = 0.4985 * (cur + next);
    idx = (idx + 1) % period;
    return cur;
  });
}

function crackle(tr: Track, gain = 1): void {
  let lp = 0;
  tr.add(0, tr.buf.length / SR, gain, () => {
    const n = noise();
    lp += 0.05 * (n - lp);
    const pop = rand() < 0.0004 ? noise() * 6 : 0;
    return lp * 0.6 + pop * 0.2;
  });
}

function wind(tr: Track, at: number, len: number, gain = 1): void {
  let lp = 0;
  tr.add(at, len, gain, (t) => {
    const cutoff = 400 + 900 * (0.5 + 0.5 * Math.sin(2 * Math.PI * 0.15 * t));
    const a = 1 - Math.exp((-2 * Math.PI * cutoff) / SR);
    lp += a * (noise() - lp);
    return lp * Math.sin((Math.PI * t) / len);
  });
}

// ---- WAV writer ----------------------------------------------------------------------------

function normalise(buf: Float32Array, peak = 0.89): void {
  let max = 0;
  for (const v of buf) max = Math.max(max, Math.abs(v));
  if (max === 0) return;
  for (let i = 0; i < buf.length; i++) buf[i] = ((buf[i] ?? 0) / max) * peak;
}

function writeWav(file: string, data: Float32Array, rate = SR): void {
  normalise(data);
  let samples = data;
  if (rate !== SR) {
    const ratio = SR / rate;
    samples = new Float32Array(Math.floor(data.length / ratio));
    for (let i = 0; i < samples.length; i++) samples[i] = data[Math.floor(i * ratio)] ?? 0;
  }
  const out = Buffer.alloc(44 + samples.length * 2);
  out.write("RIFF", 0);
  out.writeUInt32LE(36 + samples.length * 2, 4);
  out.write("WAVEfmt ", 8);
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write("data", 36);
  out.writeUInt32LE(samples.length * 2, 40);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i] ?? 0));
    out.writeInt16LE(Math.round(v * 32767), 44 + i * 2);
  }
  writeFileSync(file, out);
}

// ---- the tracks ----------------------------------------------------------------------------

const beat = (bpm: number): number => 60 / bpm;

function lofiDusk(): Track {
  const b = beat(82);
  const bars = 5;
  const tr = new Track(bars * 4 * b + 1.5);
  const chords = [
    [53, 57, 60, 64],
    [52, 55, 59, 62],
    [50, 53, 57, 60],
    [48, 52, 55, 59],
    [53, 57, 60, 64],
  ];
  const roots = [41, 40, 38, 36, 41];
  const swing = 0.12 * b;
  for (let bar = 0; bar < bars; bar++) {
    const t0 = bar * 4 * b;
    const chord = chords[bar] ?? [];
    chord.forEach((m, k) => epiano(tr, t0 + k * 0.018, m, 3.6 * b, 0.22));
    epiano(tr, t0 + 2.5 * b + swing, (chord[3] ?? 60) + 12, 0.4 * b, 0.12);
    sub(tr, t0, roots[bar] ?? 41, 1.6 * b, 0.45);
    sub(tr, t0 + 2.5 * b + swing, (roots[bar] ?? 41) + 7, 1.2 * b, 0.35);
    kick(tr, t0, 0.9);
    kick(tr, t0 + 1.5 * b + swing, 0.55);
    kick(tr, t0 + 2.5 * b + swing, 0.8);
    snare(tr, t0 + b, 0.55, 20);
    snare(tr, t0 + 3 * b, 0.55, 20);
    for (let e = 0; e < 8; e++) hat(tr, t0 + e * 0.5 * b + (e % 2 ? swing : 0), e % 2 ? 0.12 : 0.2);
  }
  crackle(tr, 0.05);
  return tr;
}

function trapNightdrive(): Track {
  const b = beat(140);
  const bars = 9;
  const tr = new Track(bars * 4 * b + 1);
  // C minor: Cm, Ab, Eb, Bb — a bell arpeggio in triplets over sliding 808s.
  const chords = [
    [60, 63, 67],
    [56, 60, 63],
    [63, 67, 70],
    [58, 62, 65],
  ];
  const roots = [36, 32, 39, 34];
  for (let bar = 0; bar < bars; bar++) {
    const t0 = bar * 4 * b;
    const c = chords[bar % 4] ?? [];
    for (let k = 0; k < 12; k++) bell(tr, t0 + (k * b) / 3, (c[k % 3] ?? 60) + (k % 6 >= 3 ? 12 : 0), 0.1);
    pad(tr, t0, (c[0] ?? 60) - 12, 4 * b, 0.12, 900, 0.3);
    if (bar === 0) continue; // an intro bar without drums, as producers do
    const root = roots[bar % 4] ?? 36;
    const prev = roots[(bar + 3) % 4] ?? 36;
    sub(tr, t0, root, 1.4 * b, 0.7, prev, 2.5);
    sub(tr, t0 + 2.5 * b, root, 1.2 * b, 0.6, undefined, 2.5);
    kick(tr, t0, 1);
    kick(tr, t0 + 2.5 * b, 0.8);
    clap(tr, t0 + 2 * b, 0.8);
    snare(tr, t0 + 2 * b, 0.3);
    const roll = bar % 2 === 1;
    for (let e = 0; e < 8; e++) {
      if (roll && e === 7) {
        for (let r = 0; r < 4; r++) hat(tr, t0 + 3.5 * b + (r * b) / 8, 0.15 + r * 0.03);
      } else hat(tr, t0 + e * 0.5 * b, e % 2 ? 0.14 : 0.2);
    }
  }
  return tr;
}

function houseSunrise(): Track {
  const b = beat(124);
  const bars = 8;
  const tr = new Track(bars * 4 * b + 1);
  const chords = [
    [57, 60, 64, 67],
    [50, 57, 60, 64, 65],
  ];
  const roots = [33, 38];
  for (let bar = 0; bar < bars; bar++) {
    const t0 = bar * 4 * b;
    const c = chords[Math.floor(bar / 2) % 2] ?? [];
    const root = roots[Math.floor(bar / 2) % 2] ?? 33;
    for (let q = 0; q < 4; q++) {
      kick(tr, t0 + q * b, 0.95, 1.1);
      hat(tr, t0 + q * b + 0.5 * b, 0.22, true);
      sub(tr, t0 + q * b + 0.5 * b, root + 12, 0.35 * b, 0.35, undefined, 2);
      for (let s = 0; s < 4; s++) hat(tr, t0 + q * b + (s * b) / 4, s === 2 ? 0 : 0.06);
    }
    if (bar >= 2) {
      clap(tr, t0 + b, 0.55);
      clap(tr, t0 + 3 * b, 0.55);
    }
    for (const pos of [0.75, 1.5, 2.75, 3.5]) c.forEach((m) => stab(tr, t0 + pos * b, m, 0.3 * b, 0.09));
  }
  return tr;
}

function synthwaveDrive(): Track {
  const b = beat(100);
  const bars = 6;
  const tr = new Track(bars * 4 * b + 2);
  const chords = [
    [57, 60, 64],
    [53, 57, 60],
    [48, 52, 55],
    [55, 59, 62],
  ];
  const roots = [33, 29, 36, 31];
  for (let bar = 0; bar < bars; bar++) {
    const t0 = bar * 4 * b;
    const c = chords[bar % 4] ?? [];
    const arp = [c[0], c[1], c[2], (c[0] ?? 57) + 12, c[2], c[1], c[0], c[1]];
    for (let s = 0; s < 16; s++) sawPluck(tr, t0 + (s * b) / 4, (arp[s % 8] ?? 57) + 12, b / 4.5, 0.16, 4000);
    c.forEach((m) => pad(tr, t0, m, 4 * b, 0.1, 1400, 0.6));
    for (let e = 0; e < 8; e++) sub(tr, t0 + e * 0.5 * b, roots[bar % 4] ?? 33, 0.4 * b, 0.35, undefined, 1.8);
    kick(tr, t0, 1);
    kick(tr, t0 + 2 * b, 1);
    snare(tr, t0 + b, 0.75, 9);
    snare(tr, t0 + 3 * b, 0.75, 9);
    for (let e = 0; e < 8; e++) hat(tr, t0 + e * 0.5 * b, 0.1);
  }
  return tr;
}

function ambientTides(): Track {
  const tr = new Track(17);
  // Dmaj9 → Bm11 → Gmaj7#11, long swells, sparse bells and a filtered-noise wind.
  const chords = [
    [50, 57, 61, 64, 66],
    [47, 54, 57, 62, 64],
    [43, 50, 54, 61, 62],
  ];
  chords.forEach((c, k) => c.forEach((m) => pad(tr, k * 5, m, 5.2, 0.09, 1100, 2.2)));
  const melody: Array<[number, number]> = [
    [1.2, 78],
    [2.6, 76],
    [4.1, 73],
    [6.3, 74],
    [7.9, 71],
    [10.4, 73],
    [11.7, 69],
    [13.2, 66],
  ];
  for (const [t, m] of melody) bell(tr, t, m, 0.1);
  wind(tr, 0, 16.5, 0.2);
  return tr;
}

function pianoSketch(): Track {
  const b = beat(72);
  const tr = new Track(5 * 4 * b + 2);
  // C — G/B — Am — F — C, left hand broken chords, right hand melody.
  const left = [
    [36, 43, 48, 52],
    [35, 43, 47, 50],
    [33, 40, 45, 48],
    [29, 36, 41, 45],
    [36, 43, 48, 52],
  ];
  const melody: Array<[number, number, number]> = [
    [0, 76, 1.5],
    [1.5, 74, 0.5],
    [2, 72, 2],
    [4, 74, 1.5],
    [5.5, 72, 0.5],
    [6, 71, 2],
    [8, 72, 1],
    [9, 76, 1],
    [10, 79, 2],
    [12, 77, 1.5],
    [13.5, 76, 0.5],
    [14, 74, 2],
    [16, 72, 4],
  ];
  left.forEach((c, bar) => {
    const t0 = bar * 4 * b;
    [0, 1, 2, 3, 2, 1, 0, 1].forEach((k, e) => piano(tr, t0 + e * 0.5 * b, c[k] ?? 48, 0.9 * b, 0.22));
  });
  for (const [t, m, len] of melody) piano(tr, t * b, m, len * b, 0.32);
  return tr;
}

function dnbRollers(): Track {
  const b = beat(172);
  const bars = 11;
  const tr = new Track(bars * 4 * b + 1);
  const bassline = [38, 38, 41, 36];
  for (let bar = 0; bar < bars; bar++) {
    const t0 = bar * 4 * b;
    pad(tr, t0, 62, 4 * b, 0.05, 1500, 0.5);
    pad(tr, t0, 65, 4 * b, 0.05, 1500, 0.5);
    if (bar === 0) continue;
    kick(tr, t0, 0.95, 1.2);
    kick(tr, t0 + 2.5 * b, 0.85, 1.2);
    snare(tr, t0 + b, 0.8, 14);
    snare(tr, t0 + 3 * b, 0.8, 14);
    snare(tr, t0 + 3.75 * b, 0.2, 24);
    for (let e = 0; e < 8; e++) hat(tr, t0 + e * 0.5 * b, e % 2 ? 0.16 : 0.1);
    const note = bassline[bar % 4] ?? 38;
    reese(tr, t0, note, 2.4 * b, 0.45);
    reese(tr, t0 + 2.5 * b, note + (bar % 2 ? 3 : -2), 1.4 * b, 0.45);
  }
  return tr;
}

function acousticStrum(): Track {
  const b = beat(96);
  const bars = 6;
  const tr = new Track(bars * 4 * b + 2.5);
  const shapes = [
    [43, 47, 50, 55, 59, 67],
    [50, 57, 62, 66],
    [40, 47, 52, 55, 59, 64],
    [48, 52, 55, 60, 64],
  ];
  // Down, down, up, up, down, up.
  const strums: Array<[number, boolean, number]> = [
    [0, true, 0.32],
    [1, true, 0.26],
    [1.5, false, 0.16],
    [2.5, false, 0.18],
    [3, true, 0.26],
    [3.5, false, 0.16],
  ];
  for (let bar = 0; bar < bars; bar++) {
    const t0 = bar * 4 * b;
    const shape = shapes[bar % 4] ?? [];
    for (const [pos, down, g] of strums) {
      const order = down ? shape : [...shape].reverse().slice(0, 4);
      order.forEach((m, k) => pluck(tr, t0 + pos * b + k * 0.011, m, g, 1.4 * b + 0.3, 0.55));
    }
  }
  return tr;
}

// ---- one-shots and loops for the digital products ------------------------------------------

function oneShot(fn: (tr: Track) => void, seconds: number): Track {
  const tr = new Track(seconds);
  fn(tr);
  return tr;
}

function houseLoop(): Track {
  const b = beat(124);
  const tr = new Track(4 * b);
  for (let q = 0; q < 4; q++) {
    kick(tr, q * b, 0.95, 1.1);
    hat(tr, q * b + 0.5 * b, 0.25, true);
  }
  clap(tr, b, 0.6);
  clap(tr, 3 * b, 0.6);
  return tr;
}

const out = process.argv[2];
if (!out) throw new Error("usage: synth.ts <out-dir>");
mkdirSync(out, { recursive: true });
const tracks: Record<string, () => Track> = {
  "lofi-dusk": lofiDusk,
  "trap-nightdrive": trapNightdrive,
  "house-sunrise": houseSunrise,
  "synthwave-drive": synthwaveDrive,
  "ambient-tides": ambientTides,
  "piano-sketch": pianoSketch,
  "dnb-rollers": dnbRollers,
  "acoustic-strum": acousticStrum,
};
for (const [name, make] of Object.entries(tracks)) {
  writeWav(path.join(out, `${name}.wav`), make().buf);
  console.log(`synth: ${name}.wav`);
}
// Product files are stored at 22.05 kHz to keep them tiny.
writeWav(path.join(out, "kit-kick.wav"), oneShot((t) => kick(t, 0, 1), 0.5).buf, 22_050);
writeWav(path.join(out, "kit-snare.wav"), oneShot((t) => snare(t, 0, 1), 0.35).buf, 22_050);
writeWav(path.join(out, "kit-clap.wav"), oneShot((t) => clap(t, 0, 1), 0.3).buf, 22_050);
writeWav(path.join(out, "kit-hat.wav"), oneShot((t) => hat(t, 0, 1, true), 0.35).buf, 22_050);
writeWav(path.join(out, "kit-808.wav"), oneShot((t) => sub(t, 0, 36, 0.9, 1, 43, 2.5), 1).buf, 22_050);
writeWav(path.join(out, "house-loop-124.wav"), houseLoop().buf, 22_050);
console.log("synth: one-shots and loop");
