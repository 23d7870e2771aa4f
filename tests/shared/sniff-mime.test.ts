import { describe, expect, it } from "vitest";
import { bytesMatchMime, sniffMime } from "@shared/rules/sniff-mime";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));
const pad = (b: Uint8Array) => {
  const out = new Uint8Array(16);
  out.set(b);
  return out;
};

describe("sniffMime", () => {
  it("recognises images", () => {
    expect(sniffMime(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffMime(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffMime(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffMime(bytes("GIF87a"))).toBe("image/gif");
    expect(sniffMime(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("image/webp");
  });

  it("recognises audio", () => {
    expect(sniffMime(bytes("ID3", [4, 0]))).toBe("audio/mpeg");
    expect(sniffMime(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe("audio/mpeg"); // MPEG-1 Layer III, 128 kbit/s
    expect(sniffMime(bytes([0xff, 0xf1, 0x50, 0x80]))).toBe("audio/aac"); // ADTS
    expect(sniffMime(bytes("RIFF", [1, 2, 3, 4], "WAVEfmt "))).toBe("audio/wav");
    expect(sniffMime(bytes("OggS", [0]))).toBe("audio/ogg");
    expect(sniffMime(bytes("fLaC", [0]))).toBe("audio/flac");
    expect(sniffMime(bytes([0, 0, 0, 0x20], "ftypM4A ", [0, 0, 0, 0]))).toBe("audio/mp4");
  });

  it("recognises video containers", () => {
    expect(sniffMime(bytes([0, 0, 0, 0x18], "ftypisom"))).toBe("video/mp4");
    expect(sniffMime(bytes([0, 0, 0, 0x14], "ftypqt  "))).toBe("video/quicktime");
    expect(sniffMime(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f]))).toBe("video/webm");
  });

  it("returns null for anything else, including truncated signatures", () => {
    expect(sniffMime(bytes("<!DOCTYPE html>"))).toBeNull();
    expect(sniffMime(bytes("MZ", [0x90, 0]))).toBeNull();
    expect(sniffMime(bytes([0xff, 0xd8]))).toBeNull();
    expect(sniffMime(bytes("RIFF", [1, 2, 3, 4], "AVI "))).toBeNull();
    expect(sniffMime(bytes([0xff, 0xff, 0xff]))).toBeNull();
    expect(sniffMime(new Uint8Array(0))).toBeNull();
    expect(sniffMime(pad(bytes()))).toBeNull();
  });
});

describe("bytesMatchMime", () => {
  it("accepts bytes of the declared type and its container relatives", () => {
    expect(bytesMatchMime(bytes("ID3", [4]), "audio/mpeg")).toBe(true);
    expect(bytesMatchMime(bytes("RIFF", [0, 0, 0, 0], "WAVE"), "audio/x-wav")).toBe(true);
    expect(bytesMatchMime(bytes([0x1a, 0x45, 0xdf, 0xa3]), "audio/webm;codecs=opus")).toBe(true);
    expect(bytesMatchMime(bytes([0, 0, 0, 0x18], "ftypisom"), "audio/x-m4a")).toBe(true);
    expect(bytesMatchMime(bytes([0, 0, 0, 0x14], "ftypqt  "), "video/mp4")).toBe(true);
  });

  it("refuses a mismatch", () => {
    expect(bytesMatchMime(bytes("<html>"), "image/png")).toBe(false);
    expect(bytesMatchMime(bytes([0xff, 0xd8, 0xff]), "image/png")).toBe(false);
    expect(bytesMatchMime(bytes("ID3"), "video/mp4")).toBe(false);
    expect(bytesMatchMime(bytes([0xff, 0xd8, 0xff]), "image/svg+xml")).toBe(false);
  });
});
