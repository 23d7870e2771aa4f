// Integrated loudness and true peak of decoded audio, measured in the uploader's browser
// (issue #31 item 4, docs/decisions/0092). Integrated loudness follows ITU-R BS.1770-4: K-weighting,
// channel weights, 400 ms blocks every 100 ms, an absolute gate at −70 LKFS and a relative gate
// 10 LU under the ungated level. True peak follows its Annex 2: the signal is oversampled (×4 under
// 96 kHz, ×2 under 192 kHz) with an interpolating filter and the largest absolute value is kept.
// Pure and dependency-free, so it runs the same in a page, a Web Worker, a test and a benchmark.

export interface LoudnessMeasurement {
  /** Gated integrated loudness in LUFS (= LKFS); null when every block is gated (silence, or under 400 ms). */
  integratedLufs: number | null;
  /** Largest absolute value of the oversampled signal in dBTP; −Infinity for digital silence. */
  truePeakDbtp: number;
}

/** A second-order section: y[n] = b0·x[n] + b1·x[n−1] + b2·x[n−2] − a1·y[n−1] − a2·y[n−2]. */
export interface Biquad {
  b0: number;
  b1: number;
  b2: number;
  a1: number;
  a2: number;
}

// The analogue prototypes of BS.1770's two K-weighting stages. The standard lists only the 48 kHz
// coefficients; these are the shelf and high-pass that bilinear transform (with pre-warping at
// their own frequencies) back into exactly those, so any rate gets the same curve. The values
// are the ones libebur128 and pyloudnorm use, fitted to the standard's 48 kHz table.
const SHELF_HZ = 1681.974450955533;
const SHELF_GAIN_DB = 3.999843853973347;
const SHELF_Q = 0.7071752369554196;
/** The shelf's band-pass gain as a power of its high-frequency gain: Vb = Vh^0.4996667741545416. */
const SHELF_BAND_EXPONENT = 0.4996667741545416;
const HIGH_PASS_HZ = 38.13547087602444;
const HIGH_PASS_Q = 0.5003270373238773;
/** The rate of the standard's coefficient table. */
const REFERENCE_RATE = 48_000;

/** The K-weighting at `sampleRate`: the head's high shelf, then the RLB high-pass. */
export function kWeighting(sampleRate: number): { shelf: Biquad; highPass: Biquad } {
  if (!(sampleRate > 0)) throw new RangeError("The sample rate must be positive");
  // Shelf: H(s) = (Vh·s² + Vb·(ω0/Q)·s + ω0²) / (s² + (ω0/Q)·s + ω0²) with K = tan(ω0·T/2).
  let K = Math.tan((Math.PI * SHELF_HZ) / sampleRate);
  const vh = 10 ** (SHELF_GAIN_DB / 20);
  const vb = vh ** SHELF_BAND_EXPONENT;
  let a0 = 1 + K / SHELF_Q + K * K;
  const shelf: Biquad = {
    b0: (vh + (vb * K) / SHELF_Q + K * K) / a0,
    b1: (2 * (K * K - vh)) / a0,
    b2: (vh - (vb * K) / SHELF_Q + K * K) / a0,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / SHELF_Q + K * K) / a0,
  };
  // High-pass: H(s) = s² / (s² + (ω0/Q)·s + ω0²). BS.1770's 48 kHz table gives its numerator as
  // 1, −2, 1, not divided by a0: the prototype times a0 at 48 kHz (+0.04 dB, part of what the
  // −0.691 dB constant was calibrated with). Kept as that same constant gain at every rate (a
  // plain 1, −2, 1 elsewhere, as libebur128 has it, would read 0.03 LU lower at 192 kHz).
  const highPassA0 = (rate: number) => {
    const k = Math.tan((Math.PI * HIGH_PASS_HZ) / rate);
    return 1 + k / HIGH_PASS_Q + k * k;
  };
  K = Math.tan((Math.PI * HIGH_PASS_HZ) / sampleRate);
  a0 = highPassA0(sampleRate);
  const gain = highPassA0(REFERENCE_RATE) / a0;
  const highPass: Biquad = {
    b0: gain,
    b1: -2 * gain,
    b2: gain,
    a1: (2 * (K * K - 1)) / a0,
    a2: (1 - K / HIGH_PASS_Q + K * K) / a0,
  };
  return { shelf, highPass };
}

/** Surround channels weigh +1.5 dB in BS.1770 (Table 3). */
const SURROUND_WEIGHT = 1.41;

/**
 * BS.1770's weight per channel, in Web Audio's channel order (the order `decodeAudioData` gives):
 * mono; L R; L R SL SR (quad); L R C SL SR (5.0); L R C LFE SL SR (5.1, LFE not measured). Other
 * counts have no speaker layout in Web Audio ("discrete"): every channel counts as a front one.
 */
export function channelWeights(count: number): number[] {
  switch (count) {
    case 4:
      return [1, 1, SURROUND_WEIGHT, SURROUND_WEIGHT];
    case 5:
      return [1, 1, 1, SURROUND_WEIGHT, SURROUND_WEIGHT];
    case 6:
      return [1, 1, 1, 0, SURROUND_WEIGHT, SURROUND_WEIGHT];
    default:
      return Array.from({ length: count }, () => 1);
  }
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** The constant of BS.1770's loudness formula, −0.691 dB, which makes a 1 kHz tone read its level. */
const LOUDNESS_OFFSET = -0.691;
/** A filter state this small only decays further; zeroing it avoids slow subnormal arithmetic. */
const DENORMAL = 1e-30;

const loudnessOf = (power: number) => LOUDNESS_OFFSET + 10 * Math.log10(power);

/** Gated integrated loudness (BS.1770-4 §2.8) from the 100 ms step energies; null when all is gated. */
function integratedFromSteps(energies: Float64Array, step: number): number | null {
  const blockLength = 4 * step;
  const blocks = energies.length - 3;
  if (blocks <= 0) return null;
  // z_j: the block's mean square, already summed over channels with their weights.
  const power = new Float64Array(blocks);
  for (let j = 0; j < blocks; j += 1) {
    power[j] = ((energies[j] as number) + (energies[j + 1] as number) + (energies[j + 2] as number) + (energies[j + 3] as number)) / blockLength;
  }
  const absolute = 10 ** ((ABSOLUTE_GATE_LUFS - LOUDNESS_OFFSET) / 10);
  let sum = 0;
  let count = 0;
  for (const z of power) {
    if (z > absolute) {
      sum += z;
      count += 1;
    }
  }
  if (count === 0) return null;
  // Γr = ungated loudness of the blocks above Γa, minus 10 LU; in power, a factor of 10^(−1).
  const relative = Math.max(absolute, (sum / count) * 10 ** (RELATIVE_GATE_LU / 10));
  sum = 0;
  count = 0;
  for (const z of power) {
    if (z > relative) {
      sum += z;
      count += 1;
    }
  }
  return count === 0 ? null : loudnessOf(sum / count);
}

// ---- True peak -------------------------------------------------------------------------------

/** Samples each interpolated value reads: 12 per phase, the length of BS.1770's example (48 taps at ×4). */
const TAPS = 12;
const HALF = TAPS / 2;
/** Kaiser window β: within ±0.04 dB up to 0.35·fs (16.8 kHz at 48 kHz) for 12 taps; see the record. */
const KAISER_BETA = 5;
/** Samples per block of the pruning's maxima; at least HALF so a window reaches only the neighbouring blocks. */
const PRUNE_BLOCK = 32;

/** Annex 2: ×4 under 96 kHz, ×2 under 192 kHz, none from 192 kHz. */
export function oversamplingFactor(sampleRate: number): number {
  if (sampleRate < 96_000) return 4;
  if (sampleRate < 192_000) return 2;
  return 1;
}

function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  for (let k = 1; k < 40; k += 1) {
    term *= (x / (2 * k)) ** 2;
    sum += term;
    if (term < sum * 1e-17) break;
  }
  return sum;
}

/**
 * The interpolating filter, one row of TAPS coefficients per fractional position p/factor
 * (p = 1 … factor − 1) between x[n] and x[n+1], reading x[n − 5] … x[n + 6]: a Kaiser-windowed
 * sinc, each row scaled to unit gain at 0 Hz. Position 0 is the sample itself (a sinc is 1 there
 * and 0 at every other sample), so it needs no row and a true peak never reads under the sample peak.
 */
export function interpolationFilter(factor: number): Float64Array {
  const rows = factor - 1;
  const h = new Float64Array(rows * TAPS);
  const i0Beta = besselI0(KAISER_BETA);
  for (let p = 1; p <= rows; p += 1) {
    const offset = p / factor;
    let sum = 0;
    for (let k = 0; k < TAPS; k += 1) {
      const t = offset - (k - HALF + 1); // from sample n − 5 + k to the point n + offset
      const sinc = Math.sin(Math.PI * t) / (Math.PI * t);
      const u = t / HALF;
      const window = Math.abs(u) >= 1 ? 0 : besselI0(KAISER_BETA * Math.sqrt(1 - u * u)) / i0Beta;
      const value = sinc * window;
      h[(p - 1) * TAPS + k] = value;
      sum += value;
    }
    for (let k = 0; k < TAPS; k += 1) h[(p - 1) * TAPS + k] = (h[(p - 1) * TAPS + k] as number) / sum;
  }
  return h;
}

/** Largest Σ|h| over the filter's rows: no interpolated value exceeds it times its window's max |x|. */
function gainBound(h: Float64Array): number {
  let bound = 0;
  for (let row = 0; row < h.length / TAPS; row += 1) {
    let sum = 0;
    for (let k = 0; k < TAPS; k += 1) sum += Math.abs(h[row * TAPS + k] as number);
    bound = Math.max(bound, sum);
  }
  return bound;
}

/**
 * The filter folded for speed. Position 1/2's row is symmetric (h[k] = h[11 − k]) and position
 * 3/4's row is position 1/4's reversed, so with s_k = x_k + x_{11−k} and d_k = x_k − x_{11−k}
 * (k < 6) the three values are Σ m_k·s_k (at 1/2) and E ± O with E = Σ e_k·s_k and O = Σ o_k·d_k
 * (at 1/4 and 3/4): 18 multiplications instead of 36, and max(|E + O|, |E − O|) = |E| + |O|.
 */
interface FoldedFilter {
  /** Position 1/2 on the s_k. */
  m: Float64Array;
  /** The even and odd halves of position 1/4 (empty at ×2, which has no quarter positions). */
  e: Float64Array;
  o: Float64Array;
}

function foldFilter(factor: number): FoldedFilter {
  const h = interpolationFilter(factor);
  const row = (offset: number) => h.subarray((offset - 1) * TAPS, offset * TAPS);
  const fold = (values: Float64Array, sign: 1 | -1) => Float64Array.from({ length: HALF }, (_, k) => ((values[k] as number) + sign * (values[TAPS - 1 - k] as number)) / 2);
  if (factor === 2) return { m: fold(row(1), 1), e: new Float64Array(0), o: new Float64Array(0) };
  // ×4: rows 1/4, 2/4, 3/4. The middle row is symmetric, so folding it loses nothing.
  return { m: fold(row(2), 1), e: fold(row(1), 1), o: fold(row(1), -1) };
}

/**
 * The largest |value| interpolated between x[n] and x[n + 1] for n in [from, to), or `best` when
 * none is larger. Needs x[from − 5] … x[to + 5]; `edge` pads the ends of the signal with zeros.
 * One loop per factor with the coefficients in locals, the shape V8 compiles best.
 */
function scan(x: Float32Array, filter: FoldedFilter, from: number, to: number, best: number): number {
  // Indexed reads, not destructuring: this runs once per block, and an iterator per call costs.
  const { m, e, o } = filter;
  const m0 = m[0] as number;
  const m1 = m[1] as number;
  const m2 = m[2] as number;
  const m3 = m[3] as number;
  const m4 = m[4] as number;
  const m5 = m[5] as number;
  if (e.length === 0) {
    for (let n = from; n < to; n += 1) {
      const b = n - 5;
      const y = Math.abs(
        m0 * ((x[b] as number) + (x[b + 11] as number)) +
        m1 * ((x[b + 1] as number) + (x[b + 10] as number)) +
        m2 * ((x[b + 2] as number) + (x[b + 9] as number)) +
        m3 * ((x[b + 3] as number) + (x[b + 8] as number)) +
        m4 * ((x[b + 4] as number) + (x[b + 7] as number)) +
          m5 * ((x[b + 5] as number) + (x[b + 6] as number)),
      );
      if (y > best) best = y;
    }
    return best;
  }
  const e0 = e[0] as number;
  const e1 = e[1] as number;
  const e2 = e[2] as number;
  const e3 = e[3] as number;
  const e4 = e[4] as number;
  const e5 = e[5] as number;
  const o0 = o[0] as number;
  const o1 = o[1] as number;
  const o2 = o[2] as number;
  const o3 = o[3] as number;
  const o4 = o[4] as number;
  const o5 = o[5] as number;
  for (let n = from; n < to; n += 1) {
    const b = n - 5;
    const x0 = x[b] as number;
    const x11 = x[b + 11] as number;
    const x1 = x[b + 1] as number;
    const x10 = x[b + 10] as number;
    const x2 = x[b + 2] as number;
    const x9 = x[b + 9] as number;
    const x3 = x[b + 3] as number;
    const x8 = x[b + 8] as number;
    const x4 = x[b + 4] as number;
    const x7 = x[b + 7] as number;
    const x5 = x[b + 5] as number;
    const x6 = x[b + 6] as number;
    const s0 = x0 + x11;
    const s1 = x1 + x10;
    const s2 = x2 + x9;
    const s3 = x3 + x8;
    const s4 = x4 + x7;
    const s5 = x5 + x6;
    // Math.abs, not a branch on the sign: the sign of music is a coin toss for branch prediction.
    const half = Math.abs(m0 * s0 + m1 * s1 + m2 * s2 + m3 * s3 + m4 * s4 + m5 * s5);
    const even = Math.abs(e0 * s0 + e1 * s1 + e2 * s2 + e3 * s3 + e4 * s4 + e5 * s5);
    const odd = Math.abs(o0 * (x0 - x11) + o1 * (x1 - x10) + o2 * (x2 - x9) + o3 * (x3 - x8) + o4 * (x4 - x7) + o5 * (x5 - x6));
    const quarter = even + odd;
    if (half > best) best = half;
    if (quarter > best) best = quarter;
  }
  return best;
}

/** `scan` near the ends of the signal, where the window reaches past them: reads zeros there. */
function edge(x: Float32Array, filter: FoldedFilter, from: number, to: number, best: number): number {
  if (to <= from) return best;
  const padded = new Float32Array(to - from + TAPS - 1);
  for (let j = 0; j < padded.length; j += 1) {
    const i = from - HALF + 1 + j;
    if (i >= 0 && i < x.length) padded[j] = x[i] as number;
  }
  return scan(padded, filter, HALF - 1, HALF - 1 + to - from, best);
}

export interface MeterOptions {
  /** Skip the true-peak blocks that provably cannot raise the peak (default true); false computes every point. */
  prune?: boolean;
}

export interface LoudnessMeter {
  /**
   * Measures about `frames` more sample frames (one frame = one sample of every channel); answers
   * true once the whole signal is measured. Lets a caller spread the work over several tasks.
   */
  advance(frames: number): boolean;
  /** The measurement of everything advanced over so far; complete once `advance` answered true. */
  result(): LoudnessMeasurement;
}

/**
 * An incremental meter over decoded audio (channels in Web Audio's order, one length). It runs
 * in two passes: each block's largest |x| for the true peak's pruning, then the K-weighting with
 * the 100 ms step energies and the true peak's interpolation, side by side.
 *
 * Pruning of the true peak, and why it cannot change the answer. An interpolated value is
 * y = Σ_k h[k]·x[n+k], so |y| ≤ Σ_k |h[k]|·|x[n+k]| ≤ (Σ_k |h[k]|)·max_k |x[n+k]| ≤ H·M, where H is
 * the largest Σ|h| over the filter's rows (1.92) and M the largest |x| in the window. A value can
 * therefore raise the running maximum `best` only if H·M > best. The points between samples of
 * block b (32 samples) read, with their 12-sample windows, nothing but the last 5 samples of block
 * b − 1, block b and the first 6 samples of block b + 1; the first pass keeps those three maxima
 * per block, so M over all of block b's windows is known before any point is computed. When H
 * times it is ≤ best, no point of block b can exceed best and the block is skipped. `best` starts
 * at the sample peak, which the true peak includes anyway (position 0 of the oversampled signal
 * is the sample itself), and only grows, so the maximum over the points computed equals the
 * maximum over all points. H is raised by 1e−9 of itself to cover the rounding of the 12-term
 * sums in double precision (about 1e−15 relative), so a rounded value can never slip past the
 * bound. The result is the unpruned computation's exactly; tests/web/lib/loudness.test.ts checks
 * that on random signals. On a loud mix-like track about a third of the blocks are computed, on
 * white noise two thirds, on a steady full-scale sine all (npm run bench:loudness).
 */
export function createLoudnessMeter(channels: ReadonlyArray<Float32Array>, sampleRate: number, options: MeterOptions = {}): LoudnessMeter {
  const prune = options.prune ?? true;
  const length = channels.length === 0 ? 0 : channels.reduce((min, channel) => Math.min(min, channel.length), Number.POSITIVE_INFINITY);

  // Loudness: a step is round(rate / 10) samples, as libebur128 counts it at rates that are not a
  // multiple of 10; samples after the last whole step belong to no block.
  const step = Math.max(1, Math.round(sampleRate / 10));
  const steps = Math.floor(length / step);
  const measured = steps * step;
  /** Per 100 ms step: Σ over channels of G_i · Σ y_i² of the K-weighted signal. */
  const energies = new Float64Array(steps);
  const weights = channelWeights(channels.length);
  const { shelf, highPass } = kWeighting(sampleRate);
  /** Each channel's two biquad states (transposed direct form II), carried between calls. */
  const filterStates = new Float64Array(4 * channels.length);

  // True peak.
  const factor = oversamplingFactor(sampleRate);
  const blocks = Math.ceil(length / PRUNE_BLOCK);
  /** Per channel and block: the largest |x| of the block, of its first 6 and of its last 5 samples. */
  const maxima = channels.map(() => new Float32Array(3 * blocks));
  const filter = factor > 1 ? foldFilter(factor) : null;
  const bound = factor > 1 ? gainBound(interpolationFilter(factor)) * (1 + 1e-9) : 0;
  let best = 0;

  let phase: "maxima" | "measure" | "done" = length === 0 ? "done" : "maxima";
  let maximaBlock = 0;
  let position = 0;
  let peakBlock = 0;

  function kWeight(from: number, to: number) {
    const { b0, b1, b2, a1, a2 } = shelf;
    const { b0: c0, b1: c1, b2: c2, a1: d1, a2: d2 } = highPass;
    channels.forEach((x, c) => {
      const weight = weights[c] ?? 1;
      if (weight === 0) return;
      // States in locals so V8 keeps them in registers.
      let s1 = filterStates[4 * c] as number;
      let s2 = filterStates[4 * c + 1] as number;
      let t1 = filterStates[4 * c + 2] as number;
      let t2 = filterStates[4 * c + 3] as number;
      let i = from;
      while (i < to) {
        const j = Math.floor(i / step);
        const end = Math.min(to, (j + 1) * step);
        let sum = 0;
        for (; i < end; i += 1) {
          const v = x[i] as number;
          const y = b0 * v + s1;
          s1 = b1 * v - a1 * y + s2;
          s2 = b2 * v - a2 * y;
          const z = c0 * y + t1;
          t1 = c1 * y - d1 * z + t2;
          t2 = c2 * y - d2 * z;
          sum += z * z;
        }
        energies[j] = (energies[j] as number) + weight * sum;
        if (Math.abs(s1) < DENORMAL) s1 = 0;
        if (Math.abs(s2) < DENORMAL) s2 = 0;
        if (Math.abs(t1) < DENORMAL) t1 = 0;
        if (Math.abs(t2) < DENORMAL) t2 = 0;
      }
      filterStates[4 * c] = s1;
      filterStates[4 * c + 1] = s2;
      filterStates[4 * c + 2] = t1;
      filterStates[4 * c + 3] = t2;
    });
  }

  function blockMaxima(fromBlock: number, toBlock: number) {
    channels.forEach((x, c) => {
      const into = maxima[c] as Float32Array;
      for (let b = fromBlock; b < toBlock; b += 1) {
        const start = b * PRUNE_BLOCK;
        const end = Math.min(length, start + PRUNE_BLOCK);
        let max = 0;
        for (let i = start; i < end; i += 1) {
          const a = Math.abs(x[i] as number);
          if (a > max) max = a;
        }
        let head = 0;
        for (let i = start; i < Math.min(end, start + HALF); i += 1) head = Math.max(head, Math.abs(x[i] as number));
        let tail = 0;
        for (let i = Math.max(start, end - HALF + 1); i < end; i += 1) tail = Math.max(tail, Math.abs(x[i] as number));
        into[3 * b] = max;
        into[3 * b + 1] = head;
        into[3 * b + 2] = tail;
        if (max > best) best = max;
      }
    });
  }

  function interpolate(fromBlock: number, toBlock: number) {
    if (!filter) return;
    const last = blocks - 1;
    // Points lie between two samples, n from 0 to the second-to-last sample. Windows that reach
    // past either end of the signal take the padded path.
    const lastPoint = length - 1;
    const safeEnd = length - HALF;
    channels.forEach((x, c) => {
      const near = maxima[c] as Float32Array;
      for (let b = fromBlock; b < toBlock; b += 1) {
        if (prune) {
          // The windows of block b's points: the last 5 samples of block b − 1, block b, and the
          // first 6 of block b + 1.
          const m = Math.max(near[3 * b] as number, b > 0 ? (near[3 * b - 1] as number) : 0, b < last ? (near[3 * b + 4] as number) : 0);
          if (bound * m <= best) continue;
        }
        const from = b * PRUNE_BLOCK;
        const to = Math.min(from + PRUNE_BLOCK, lastPoint);
        const safeFrom = Math.max(from, HALF - 1);
        const safeTo = Math.min(to, safeEnd);
        if (safeFrom >= safeTo) {
          best = edge(x, filter, from, to, best);
        } else {
          best = edge(x, filter, from, safeFrom, best);
          best = scan(x, filter, safeFrom, safeTo, best);
          best = edge(x, filter, safeTo, to, best);
        }
      }
    });
  }

  return {
    advance(frames) {
      let budget = Math.max(1, frames);
      if (phase === "maxima") {
        const to = Math.min(blocks, maximaBlock + Math.ceil(budget / PRUNE_BLOCK));
        blockMaxima(maximaBlock, to);
        budget -= (to - maximaBlock) * PRUNE_BLOCK;
        maximaBlock = to;
        if (maximaBlock < blocks) return false;
        phase = "measure";
        if (budget <= 0) return false;
      }
      if (phase === "measure") {
        const end = Math.min(length, position + budget);
        kWeight(Math.min(position, measured), Math.min(end, measured));
        // True-peak blocks whose first point comes before `end`; the last may reach a little past it.
        const toBlock = end === length ? blocks : Math.min(blocks, Math.ceil(end / PRUNE_BLOCK));
        interpolate(peakBlock, toBlock);
        peakBlock = toBlock;
        position = end;
        if (position < length) return false;
        phase = "done";
      }
      return true;
    },
    result() {
      return {
        integratedLufs: integratedFromSteps(energies, step),
        truePeakDbtp: 20 * Math.log10(best),
      };
    },
  };
}

/**
 * Integrated loudness (LUFS) and true peak (dBTP) of decoded audio, channels in Web Audio's order,
 * in one call. A mono file is one channel at weight 1, as BS.1770 counts it: it reads 3 dB under
 * the same signal in both channels of a stereo file (the standard's "dual mono").
 */
export function measureLoudness(channels: ReadonlyArray<Float32Array>, sampleRate: number, options: MeterOptions = {}): LoudnessMeasurement {
  const meter = createLoudnessMeter(channels, sampleRate, options);
  meter.advance(Number.POSITIVE_INFINITY);
  return meter.result();
}
