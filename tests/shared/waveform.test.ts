// Waveform peaks on the wire (decision record 0060): one byte a peak in base64, decoded back to
// within half a step (1/510) of what the browser measured, at a fraction of the JSON size.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeWaveform, encodeWaveform } from "@shared/waveform";

describe("waveform encoding", () => {
  it("round-trips any peaks in 0..1 to within half a step, keeping their count", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 512 }), (peaks) => {
        const decoded = decodeWaveform(encodeWaveform(peaks));
        expect(decoded).toHaveLength(peaks.length);
        decoded.forEach((value, i) => expect(Math.abs(value - peaks[i]!)).toBeLessThanOrEqual(1 / 510 + 1e-12));
      }),
    );
  });

  it("keeps silence and full scale exact and clamps what lies outside 0..1", () => {
    expect(decodeWaveform(encodeWaveform([0, 1, -0.5, 1.5, Number.NaN]))).toEqual([0, 1, 0, 1, 0]);
  });

  it("is several times smaller than the JSON floats it replaces", () => {
    const peaks = Array.from({ length: 200 }, (_, i) => Math.round(Math.abs(Math.sin(i / 7)) * 1000) / 1000);
    const encoded = encodeWaveform(peaks);
    expect(encoded).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(encoded.length).toBe(268);
    expect(JSON.stringify(peaks).length).toBeGreaterThan(encoded.length * 3);
  });

  it("reads anything that is not base64 as no peaks", () => {
    expect(decodeWaveform("not base64!")).toEqual([]);
    expect(decodeWaveform("")).toEqual([]);
  });
});
