import { describe, expect, it } from "vitest";
import { CONTENT_SCREEN_TEXTS } from "@shared/messages";
import { looksLikeUrl, screenContent } from "@shared/rules/content-screen";

const {
  excessiveRepetition: EXCESSIVE_REPETITION,
  excessiveUppercase: EXCESSIVE_UPPERCASE,
  invalidFormat: INVALID_CONTENT_FORMAT,
  prohibitedWords: PROHIBITED_WORDS,
  suspiciousPatterns: SUSPICIOUS_PATTERNS,
} = CONTENT_SCREEN_TEXTS;

const rejects = (text: unknown) => {
  const result = screenContent(text);
  return result.ok ? null : result.message;
};

describe("screenContent", () => {
  it("uses the spec's exact messages", () => {
    expect(INVALID_CONTENT_FORMAT).toBe("Invalid content format");
    expect(PROHIBITED_WORDS).toBe("Content contains prohibited words");
    expect(SUSPICIOUS_PATTERNS).toBe("Content contains suspicious patterns");
    expect(EXCESSIVE_REPETITION).toBe("Excessive word repetition detected");
    expect(EXCESSIVE_UPPERCASE).toBe("Excessive uppercase text detected");
  });

  it("passes ordinary text", () => {
    expect(screenContent("Loving this mix, the low end is huge!")).toEqual({ ok: true });
    expect(screenContent("")).toEqual({ ok: true });
  });

  it("rejects non-strings", () => {
    for (const value of [undefined, null, 42, {}, ["spam"]]) expect(rejects(value)).toBe(INVALID_CONTENT_FORMAT);
  });

  it("rejects prohibited words as whole words, in any case", () => {
    for (const text of ["this is spam", "SCAM alert", "a Virus here", "malware!", "no scams please", "two viruses"]) {
      expect(rejects(text)).toBe(PROHIBITED_WORDS);
    }
  });

  it("does not reject words that merely contain a prohibited word", () => {
    for (const text of ["a scamp of a drummer", "spamalot tonight", "antivirus update", "éspam", "virusy"]) {
      expect(rejects(text)).toBeNull();
    }
  });

  it("rejects crypto and phishing phrases", () => {
    for (const text of ["buy bitcoin now", "Crypto gains", "click here for beats", "please verify your account", "BTC only"]) {
      expect(rejects(text)).toBe(SUSPICIOUS_PATTERNS);
    }
    expect(rejects("cryptography lecture")).toBeNull();
  });

  it("rejects URLs, domains and IP addresses", () => {
    for (const text of [
      "see https://example.org/x",
      "ftp://files",
      "go to www.beats",
      "mybeats.com has more",
      "bit.ly/abc",
      "DM me at ana@gmail.com",
      "server 192.168.1.20",
      "sub.domain.io",
    ]) {
      expect(rejects(text), text).toBe(SUSPICIOUS_PATTERNS);
    }
    expect(looksLikeUrl("track.mp3 and beat.wav")).toBe(false);
    expect(looksLikeUrl("e.g. Mr.Smith at 3.5 dB")).toBe(false);
  });

  it("allows a word 10 times and rejects it 11 times, ignoring case and punctuation", () => {
    expect(rejects(Array(10).fill("yeah").join(" "))).toBeNull();
    expect(rejects(Array(11).fill("yeah").join(" "))).toBe(EXCESSIVE_REPETITION);
    expect(rejects(`${Array(6).fill("Love,").join(" ")} ${Array(5).fill("love!").join(" ")}`)).toBe(EXCESSIVE_REPETITION);
    // Repetition is counted across the text, not only in a row.
    expect(rejects(Array(11).fill("go team").join(" and "))).toBe(EXCESSIVE_REPETITION);
  });

  it("judges uppercase only above 20 characters", () => {
    expect(rejects("A".repeat(20))).toBeNull();
    expect(rejects("A".repeat(21))).toBe(EXCESSIVE_UPPERCASE);
    expect(rejects("SHOUTING IS FINE")).toBeNull();
  });

  it("rejects more than half uppercase letters, measured over letters only", () => {
    // 11 upper, 11 lower: exactly half is allowed.
    expect(rejects("ABCDEFGHIJKabcdefghijk")).toBeNull();
    // 12 upper, 10 lower: more than half.
    expect(rejects("ABCDEFGHIJKLabcdefghij")).toBe(EXCESSIVE_UPPERCASE);
    // Digits and spaces neither help nor hurt.
    expect(rejects("NEW TRACK 2025 OUT NOW 1234567890")).toBe(EXCESSIVE_UPPERCASE);
    expect(rejects("1234567890 1234567890 1234567890")).toBeNull();
  });

  it("checks in the spec's order", () => {
    expect(rejects("SPAM SPAM SPAM SPAM SPAM SPAM SPAM SPAM SPAM SPAM SPAM")).toBe(PROHIBITED_WORDS);
    expect(rejects("BITCOIN BITCOIN BITCOIN BITCOIN BITCOIN")).toBe(SUSPICIOUS_PATTERNS);
  });
});
