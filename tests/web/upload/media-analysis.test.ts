// Browser-side media analysis: the peak reduction the waveform is drawn from, the loudness
// measured from the decoded audio, and the rule that analysis failures never block an upload.
import { afterEach, describe, expect, it, vi } from "vitest";
import { analyzeMedia } from "@web/features/upload/media-analysis";
import { analyzeAudio, computePeaks, measureLoudnessInSlices, toLoudness, WAVEFORM_PEAKS } from "@web/lib/audio-analysis";
import { measureLoudness } from "@web/lib/loudness";

/** A 1 kHz sine whose samples peak at `dbfs`. */
function sine(dbfs: number, seconds: number, rate = 44_100): Float32Array {
  const x = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < x.length; i += 1) x[i] = 10 ** (dbfs / 20) * Math.sin((2 * Math.PI * 1000 * i) / rate);
  return x;
}

/** Stands in for Web Audio: "decodes" any file into the given channels. */
function decodesTo(channels: Float32Array[], sampleRate = 44_100) {
  class FakeOffline {
    decodeAudioData = vi.fn(async () => ({
      duration: (channels[0]?.length ?? 0) / sampleRate,
      sampleRate,
      numberOfChannels: channels.length,
      getChannelData: (i: number) => channels[i],
    }));
  }
  vi.stubGlobal("OfflineAudioContext", FakeOffline);
}

afterEach(() => vi.unstubAllGlobals());

describe("computePeaks", () => {
  it("keeps the loudest absolute sample of each slice over all channels, in 0..1", () => {
    const left = Float32Array.from([0.1, -0.5, 0.2, 0.05, 0, 0.9, -1.4, 0.3]);
    const right = Float32Array.from([0.3, 0.1, -0.25, 0.6, 0, 0, 0, 0]);
    expect(computePeaks([left, right], 4)).toEqual([0.5, 0.6, 0.9, 1]);
  });

  it("gives about 200 peaks for a long track and never more points than samples", () => {
    const samples = new Float32Array(44_100 * 3).map((_, i) => Math.sin(i / 10) * 0.5);
    const peaks = computePeaks([samples]);
    expect(peaks).toHaveLength(WAVEFORM_PEAKS);
    expect(Math.max(...peaks)).toBeLessThanOrEqual(1);
    expect(Math.min(...peaks)).toBeGreaterThanOrEqual(0);
    expect(computePeaks([Float32Array.from([0.2, 0.4])], 200)).toEqual([0.2, 0.4]);
    expect(computePeaks([], 200)).toEqual([]);
  });
});

describe("analyzeAudio", () => {
  it("decodes with an OfflineAudioContext and returns duration and peaks", async () => {
    const channel = new Float32Array(1000).fill(0.25);
    class FakeOffline {
      decodeAudioData = vi.fn(async () => ({ duration: 83.4, sampleRate: 44_100, numberOfChannels: 1, getChannelData: () => channel }));
    }
    vi.stubGlobal("OfflineAudioContext", FakeOffline);
    const result = await analyzeAudio(new Blob([new Uint8Array(16)]));
    expect(result.durationMs).toBe(83_400);
    expect(result.waveform).toHaveLength(200);
    expect(result.waveform?.every((p) => p === 0.25)).toBe(true);
  });

  it("measures the loudness of what it decoded: a stereo 1 kHz sine at −23 dBFS reads −23.0 LUFS, −23.0 dBTP", async () => {
    const x = sine(-23, 3);
    decodesTo([x, x]);
    const result = await analyzeAudio(new Blob([new Uint8Array(16)]));
    expect(result.loudness).toEqual({ integratedLufs: -23, truePeakDbtp: -23 });
    expect(result.durationMs).toBe(3_000);
  });

  it("leaves the loudness out for silence, keeping duration and peaks", async () => {
    const silence = new Float32Array(44_100 * 2);
    decodesTo([silence, silence]);
    const result = await analyzeAudio(new Blob([new Uint8Array(16)]));
    expect(result).not.toHaveProperty("loudness");
    expect(result.durationMs).toBe(2_000);
    expect(result.waveform).toHaveLength(WAVEFORM_PEAKS);
  });

  it("keeps duration and peaks when the loudness cannot be measured", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    decodesTo([sine(-10, 1)], 0); // a buffer without a usable sample rate
    const result = await analyzeAudio(new Blob([new Uint8Array(16)]));
    expect(result.loudness).toBeUndefined();
    expect(result.waveform).toHaveLength(WAVEFORM_PEAKS);
    expect(warn).toHaveBeenCalledWith("Loudness not measured:", expect.any(RangeError));
    warn.mockRestore();
  });
});

describe("toLoudness", () => {
  it("rounds to a tenth and clamps into what the API accepts", () => {
    expect(toLoudness({ integratedLufs: -14.249, truePeakDbtp: -0.951 })).toEqual({ integratedLufs: -14.2, truePeakDbtp: -1 });
    expect(toLoudness({ integratedLufs: 7.3, truePeakDbtp: 30 })).toEqual({ integratedLufs: 6, truePeakDbtp: 24 });
    expect(toLoudness({ integratedLufs: -69.96, truePeakDbtp: Number.NEGATIVE_INFINITY })).toEqual({ integratedLufs: -70, truePeakDbtp: -100 });
  });

  it("gives nothing for silence or a value that is not a number", () => {
    expect(toLoudness({ integratedLufs: null, truePeakDbtp: Number.NEGATIVE_INFINITY })).toBeUndefined();
    expect(toLoudness({ integratedLufs: Number.NaN, truePeakDbtp: -3 })).toBeUndefined();
    expect(toLoudness({ integratedLufs: -12, truePeakDbtp: Number.NaN })).toBeUndefined();
  });
});

describe("measureLoudnessInSlices", () => {
  it("hands the main thread back between slices and ends with measureLoudness's answer", async () => {
    const x = sine(-18, 30);
    let clock = 0;
    const pauses = vi.fn(async () => {});
    // Every reading of the clock is 10 ms later: each slice looks like it took 10 ms.
    const measured = await measureLoudnessInSlices([x, x], 44_100, { yieldToMain: pauses, now: () => (clock += 10) });
    expect(pauses.mock.calls.length).toBeGreaterThan(3);
    expect(measured?.integratedLufs).toBeCloseTo(measureLoudness([x, x], 44_100).integratedLufs as number, 9);
    expect(measured?.truePeakDbtp).toBe(measureLoudness([x, x], 44_100).truePeakDbtp);
  });

  it("gives up past its time budget", async () => {
    const x = sine(-18, 30);
    let clock = 0;
    const measured = await measureLoudnessInSlices([x], 44_100, { yieldToMain: async () => {}, now: () => (clock += 400), budgetMs: 1_000 });
    expect(measured).toBeUndefined();
  });
});

describe("analyzeMedia", () => {
  it("answers an empty result when the browser cannot decode the file, so the upload goes on", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const failing = { image: vi.fn(), video: vi.fn(), audio: vi.fn(async () => Promise.reject(new Error("EncodingError"))) };
    await expect(analyzeMedia(new Blob(["x"]), "audio", failing)).resolves.toEqual({});
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
