// The loudness meter against reference signals whose loudness and true peak are known: the
// synthesizable cases of EBU Tech 3341 (Table 1: 1–6 for integrated loudness within ±0.1 LU,
// 15–19 for true peak, whose window is +0.2/−0.4 dB), generated here rather than read from the
// EBU's files, plus the sample rates, layouts and edge cases an upload brings. The true-peak
// pruning is checked against the unpruned computation and the folded filter against a plain one.
import { describe, expect, it } from "vitest";
import { channelWeights, createLoudnessMeter, interpolationFilter, kWeighting, measureLoudness, oversamplingFactor } from "@web/lib/loudness";

/** A sine whose samples would peak at `dbfs` (per-channel peak level, as Tech 3341 states levels). */
function tone(dbfs: number, seconds: number, { hz = 1000, rate = 48_000, phaseDeg = 0 } = {}): Float32Array {
  const amplitude = 10 ** (dbfs / 20);
  const phase = (phaseDeg * Math.PI) / 180;
  const x = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < x.length; i += 1) x[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate + phase);
  return x;
}

/** Tone segments one after the other: [level dBFS, seconds]. */
function steps(segments: Array<[number, number]>, rate = 48_000): Float32Array {
  const parts = segments.map(([dbfs, seconds]) => tone(dbfs, seconds, { rate }));
  const x = new Float32Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    x.set(part, at);
    at += part.length;
  }
  return x;
}

/** A sine at a fraction of the sample rate, faded in and out over 10 ms so switching it on is no event of its own. */
function ratioTone(ratio: number, amplitude: number, phaseDeg: number, rate = 48_000): Float32Array {
  const x = new Float32Array(rate);
  const fade = Math.round(0.01 * rate);
  for (let i = 0; i < x.length; i += 1) {
    const envelope = Math.min(1, i / fade, (x.length - 1 - i) / fade);
    x[i] = envelope * amplitude * Math.sin(2 * Math.PI * ratio * i + (phaseDeg * Math.PI) / 180);
  }
  return x;
}

function samplePeakDb(channels: Float32Array[]): number {
  let peak = 0;
  for (const x of channels) for (const v of x) peak = Math.max(peak, Math.abs(v));
  return 20 * Math.log10(peak);
}

const lufs = (channels: Float32Array[], rate = 48_000) => measureLoudness(channels, rate).integratedLufs;
const dbtp = (channels: Float32Array[], rate = 48_000) => measureLoudness(channels, rate).truePeakDbtp;

/** A reproducible pseudo-random source (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("K-weighting", () => {
  it("reproduces BS.1770-4's 48 kHz coefficients (Tables 1 and 2) from the analogue prototypes", () => {
    const { shelf, highPass } = kWeighting(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect([highPass.b0, highPass.b1, highPass.b2]).toEqual([1, -2, 1]);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });

  it("derives other rates' coefficients, so a 40 Hz and a 3 kHz tone read the same at every rate", () => {
    // With 48 kHz coefficients at 44.1 kHz the high-pass would sit at 35 Hz instead of 38 Hz and
    // the 40 Hz tone would read about half a LU louder.
    for (const hz of [40, 3000]) {
      const at48 = lufs([tone(-20, 5, { hz })]) as number;
      for (const rate of [32_000, 44_100, 88_200, 96_000, 192_000]) {
        expect(Math.abs((lufs([tone(-20, 5, { hz, rate })], rate) as number) - at48), `${hz} Hz at ${rate}`).toBeLessThan(0.02);
      }
    }
  });

  it("refuses a sample rate that is not positive", () => {
    expect(() => measureLoudness([new Float32Array(10)], 0)).toThrow(RangeError);
  });
});

describe("integrated loudness (EBU Tech 3341, Table 1)", () => {
  it("case 1: a stereo 1 kHz sine at −23 dBFS reads −23.0 LUFS", () => {
    const x = tone(-23, 20);
    expect(lufs([x, x])).toBeCloseTo(-23, 1);
  });

  it("case 2: at −33 dBFS it reads −33.0 LUFS", () => {
    const x = tone(-33, 20);
    expect(lufs([x, x])).toBeCloseTo(-33, 1);
  });

  it("case 3: −36/−23/−36 dBFS for 10/60/10 s reads −23.0 (the relative gate drops the quiet ends; ungated they read −24.2)", () => {
    const x = steps([
      [-36, 10],
      [-23, 60],
      [-36, 10],
    ]);
    expect(lufs([x, x])).toBeCloseTo(-23, 1);
  });

  it("case 4: with −72 dBFS around that, still −23.0 (the absolute gate)", () => {
    const x = steps([
      [-72, 10],
      [-36, 10],
      [-23, 60],
      [-36, 10],
      [-72, 10],
    ]);
    expect(lufs([x, x])).toBeCloseTo(-23, 1);
  });

  it("case 5: −26/−20/−26 dBFS for 20/20.1/20 s reads −23.0 (blocks above the relative gate all count)", () => {
    const x = steps([
      [-26, 20],
      [-20, 20.1],
      [-26, 20],
    ]);
    expect(lufs([x, x])).toBeCloseTo(-23, 1);
  });

  it("case 6: 5.0 at −28/−28/−24/−30/−30 dBFS (L R C Ls Rs) reads −23.0, the surrounds weighing 1.41", () => {
    const channels = [-28, -28, -24, -30, -30].map((dbfs) => tone(dbfs, 20));
    expect(lufs(channels)).toBeCloseTo(-23, 1);
  });

  it("5.1 in Web Audio's order (L R C LFE SL SR): the LFE is not measured, however loud", () => {
    const quietLfe = [-28, -28, -24, -70, -30, -30].map((dbfs) => tone(dbfs, 20));
    const loudLfe = [-28, -28, -24, -6, -30, -30].map((dbfs) => tone(dbfs, 20));
    expect(lufs(quietLfe)).toBeCloseTo(-23, 1);
    expect(lufs(loudLfe)).toBeCloseTo(-23, 1);
    expect(channelWeights(6)).toEqual([1, 1, 1, 0, 1.41, 1.41]);
    expect(channelWeights(4)).toEqual([1, 1, 1.41, 1.41]);
  });

  it("at 44.1 kHz and 96 kHz the −23 dBFS stereo sine still reads −23.0", () => {
    for (const rate of [44_100, 96_000]) {
      const x = tone(-23, 20, { rate });
      expect(lufs([x, x], rate), `${rate} Hz`).toBeCloseTo(-23, 1);
    }
  });

  it("a mono file counts as one channel, as BS.1770 sums channel powers: the −23 dBFS sine reads −26.0", () => {
    expect(lufs([tone(-23, 20)])).toBeCloseTo(-26, 1);
  });

  it("is null for digital silence, for audio under the absolute gate, and for less than one 400 ms block", () => {
    const silence = new Float32Array(48_000 * 5);
    expect(measureLoudness([silence, silence], 48_000)).toEqual({ integratedLufs: null, truePeakDbtp: Number.NEGATIVE_INFINITY });
    const whisper = tone(-75, 5);
    expect(lufs([whisper, whisper])).toBeNull();
    const short = tone(-10, 0.39);
    expect(lufs([short, short])).toBeNull();
    expect(lufs([tone(-10, 0.4)])).not.toBeNull();
    expect(measureLoudness([], 48_000)).toEqual({ integratedLufs: null, truePeakDbtp: Number.NEGATIVE_INFINITY });
  });
});

describe("true peak (BS.1770-4 Annex 2; EBU Tech 3341 cases 15–19)", () => {
  // [case, frequency / fs, amplitude, phase in degrees, expected dBTP]
  const cases: Array<[number, number, number, number, number]> = [
    [15, 1 / 4, 0.5, 0, -6],
    [16, 1 / 4, 0.5, 45, -6],
    [17, 1 / 6, 0.5, 60, -6],
    [18, 1 / 8, 0.5, 67.5, -6],
    [19, 1 / 4, 1.41, 45, 3],
  ];
  for (const [number, ratio, amplitude, phase, expected] of cases) {
    it(`case ${number}: a sine at fs × ${ratio.toFixed(3)}, amplitude ${amplitude}, phase ${phase}° reads ${expected} dBTP`, () => {
      const x = ratioTone(ratio, amplitude, phase);
      const peak = dbtp([x]);
      expect(Math.abs(peak - expected)).toBeLessThanOrEqual(0.2);
      // Only case 15 puts samples on the peaks; elsewhere a sample-peak meter fails the window.
      if (number !== 15) expect(expected - samplePeakDb([x])).toBeGreaterThan(0.4);
    });
  }

  it("the fs/4 sine at 45° peaks 3.01 dB above its samples at 44.1 kHz (×4) and 96 kHz (×2) too", () => {
    for (const rate of [44_100, 96_000]) {
      const x = ratioTone(1 / 4, 0.5, 45, rate);
      expect(samplePeakDb([x])).toBeCloseTo(-9.03, 1);
      expect(dbtp([x], rate), `${rate} Hz`).toBeCloseTo(-6.02, 1);
    }
    expect([44_100, 95_999, 96_000, 191_999, 192_000].map(oversamplingFactor)).toEqual([4, 4, 2, 2, 1]);
  });

  it("reads a full-scale 1 kHz sine as 0.0 dBTP, and at 192 kHz (no oversampling) the sample peak", () => {
    expect(dbtp([tone(0, 2)])).toBeCloseTo(0, 1);
    const high = ratioTone(1 / 4, 0.5, 45, 192_000);
    expect(dbtp([high], 192_000)).toBeCloseTo(samplePeakDb([high]), 6);
  });

  it("reads an inter-sample overshoot over 0 dBTP when no sample reaches full scale", () => {
    // A square wave band-limited by its first harmonics, its samples normalised to −0.1 dBFS.
    const rate = 44_100;
    const x = new Float32Array(rate);
    for (let i = 0; i < x.length; i += 1) {
      let v = 0;
      for (let k = 1; k <= 9; k += 2) v += Math.sin((2 * Math.PI * 1_102.5 * k * i) / rate + 0.3 * k) / k;
      x[i] = v;
    }
    const scale = 10 ** (-0.1 / 20) / 10 ** (samplePeakDb([x]) / 20);
    for (let i = 0; i < x.length; i += 1) x[i] = (x[i] as number) * scale;
    expect(samplePeakDb([x])).toBeLessThanOrEqual(0);
    expect(dbtp([x], rate)).toBeGreaterThan(0.3);
  });

  it("takes the largest peak over all channels", () => {
    const quiet = tone(-20, 1);
    const loud = ratioTone(1 / 4, 0.5, 45);
    expect(dbtp([quiet, loud])).toBeCloseTo(-6.02, 1);
    expect(dbtp([loud, quiet])).toBeCloseTo(-6.02, 1);
  });
});

describe("the true-peak computation", () => {
  /** Signals that stress the pruning: quiet beds with rare spikes, loud noise, clicks at the ends. */
  function randomSignal(rand: () => number): Float32Array {
    const length = Math.floor(rand() ** 2 * 4_000);
    const x = new Float32Array(length);
    const kind = Math.floor(rand() * 3);
    for (let i = 0; i < length; i += 1) {
      const noise = rand() * 2 - 1;
      if (kind === 0) x[i] = rand() < 0.01 ? noise : 0.05 * noise;
      else if (kind === 1) x[i] = noise;
      else x[i] = 0.4 * Math.sin(i / (1 + rand() * 5)) + (i < 3 || i > length - 4 ? noise : 0);
    }
    return x;
  }

  it("gives exactly the unpruned result on random signals of every length at every factor", () => {
    const rand = random(31);
    for (let run = 0; run < 300; run += 1) {
      const rate = [44_100, 48_000, 96_000, 192_000][run % 4] as number;
      const length = run % 7 === 0 ? Math.floor(rand() * 14) : -1;
      const channels = [0, 1].map(() => (length >= 0 ? Float32Array.from({ length }, () => rand() * 2 - 1) : randomSignal(rand)));
      const shortest = Math.min(...channels.map((x) => x.length));
      const same = channels.map((x) => x.subarray(0, shortest));
      expect(measureLoudness(same, rate).truePeakDbtp, `run ${run}`).toBe(measureLoudness(same, rate, { prune: false }).truePeakDbtp);
    }
  });

  it("equals plain oversampling with the interpolating filter, zeros outside the signal", () => {
    const rand = random(7);
    for (const rate of [48_000, 96_000]) {
      const factor = oversamplingFactor(rate);
      const h = interpolationFilter(factor);
      for (let run = 0; run < 40; run += 1) {
        const x = randomSignal(rand);
        let peak = 0;
        for (let n = 0; n < x.length; n += 1) {
          peak = Math.max(peak, Math.abs(x[n] as number));
          if (n === x.length - 1) break;
          for (let row = 0; row < factor - 1; row += 1) {
            let y = 0;
            for (let k = 0; k < 12; k += 1) y += (h[row * 12 + k] as number) * (x[n - 5 + k] ?? 0);
            peak = Math.max(peak, Math.abs(y));
          }
        }
        const expected = 20 * Math.log10(peak);
        if (peak === 0) expect(dbtp([x], rate)).toBe(Number.NEGATIVE_INFINITY);
        else expect(dbtp([x], rate)).toBeCloseTo(expected, 9);
      }
    }
  });

  it("has a filter whose rows are unit gain at 0 Hz and flat within 0.05 dB up to 0.35 × fs", () => {
    const h = interpolationFilter(4);
    for (let row = 0; row < 3; row += 1) {
      const taps = Array.from(h.subarray(row * 12, row * 12 + 12));
      expect(taps.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      for (const f of [0.05, 0.125, 0.25, 0.35]) {
        let re = 0;
        let im = 0;
        taps.forEach((c, k) => {
          re += c * Math.cos(2 * Math.PI * f * k);
          im += c * Math.sin(2 * Math.PI * f * k);
        });
        expect(Math.abs(20 * Math.log10(Math.hypot(re, im)))).toBeLessThan(0.05);
      }
    }
  });
});

describe("createLoudnessMeter", () => {
  it("measures in pieces what measureLoudness measures at once", () => {
    const rate = 44_100;
    const left = steps(
      [
        [-30, 3.3],
        [-18, 4.1],
      ],
      rate,
    );
    const right = tone(-12, 7.4, { hz: 7_350, rate, phaseDeg: 30 });
    const whole = measureLoudness([left, right], rate);
    const meter = createLoudnessMeter([left, right], rate);
    let calls = 1;
    while (!meter.advance(1_237)) calls += 1;
    expect(calls).toBeGreaterThan(100);
    const pieces = meter.result();
    expect(pieces.integratedLufs).toBeCloseTo(whole.integratedLufs as number, 9);
    expect(pieces.truePeakDbtp).toBe(whole.truePeakDbtp);
    expect(meter.advance(1_000)).toBe(true);
  });
});
