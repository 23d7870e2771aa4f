// Browser-side media analysis: the peak reduction the waveform is drawn from, and the rule that
// analysis failures never block an upload.
import { afterEach, describe, expect, it, vi } from "vitest";
import { analyzeMedia } from "@web/features/upload/media-analysis";
import { analyzeAudio, computePeaks, WAVEFORM_PEAKS } from "@web/lib/audio-analysis";

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
      decodeAudioData = vi.fn(async () => ({ duration: 83.4, numberOfChannels: 1, getChannelData: () => channel }));
    }
    vi.stubGlobal("OfflineAudioContext", FakeOffline);
    const result = await analyzeAudio(new Blob([new Uint8Array(16)]));
    expect(result.durationMs).toBe(83_400);
    expect(result.waveform).toHaveLength(200);
    expect(result.waveform?.every((p) => p === 0.25)).toBe(true);
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
