import { describe, expect, it } from "vitest";
import { TEXT_LIMITS } from "@shared/constants";
import { CONTENT_SCREEN_TEXTS, POST_TEXTS, SOCIAL_TEXTS } from "@shared/messages";
import { commentLines, prepareComment } from "@shared/rules/comment";
import { checkCaption, extractHashtags, normalizeHashtag, parseTags, truncate } from "@shared/rules/post-text";

const { excessiveRepetition: EXCESSIVE_REPETITION, prohibitedWords: PROHIBITED_WORDS } = CONTENT_SCREEN_TEXTS;
const { captionTooLong: CAPTION_TOO_LONG, invalidCaptionContent: INVALID_CAPTION_CONTENT } = POST_TEXTS;
const COMMENT_EMPTY = SOCIAL_TEXTS.commentEmpty;

describe("caption", () => {
  it("is 500 on both sides", () => {
    expect(TEXT_LIMITS.caption).toBe(500);
  });

  it("accepts 500 characters and refuses 501", () => {
    // Distinct words, so the repetition rule does not interfere with the length boundary.
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`).join(" ");
    const exactly500 = words.slice(0, 500).replace(/ $/, "x");
    expect(exactly500).toHaveLength(500);
    expect(checkCaption(exactly500)).toEqual({ ok: true, caption: exactly500 });
    expect(checkCaption(`${exactly500}y`)).toEqual({ ok: false, message: CAPTION_TOO_LONG });
  });

  it("refuses screened content with 'Invalid caption content' and cleans before storing", () => {
    expect(INVALID_CAPTION_CONTENT).toBe("Invalid caption content");
    expect(checkCaption("free beats at mybeats.com")).toEqual({ ok: false, message: INVALID_CAPTION_CONTENT });
    expect(checkCaption("  <b>new</b> track  ")).toEqual({ ok: true, caption: "<b>new</b> track" });
    expect(checkCaption("")).toEqual({ ok: true, caption: "" });
  });
});

describe("tags", () => {
  it("splits on commas, trims, drops empty ones and duplicates", () => {
    expect(parseTags(" hiphop, lofi ,, ,Beats,HIPHOP ")).toEqual(["hiphop", "lofi", "Beats"]);
    expect(parseTags("")).toEqual([]);
  });
});

describe("hashtags", () => {
  it("normalises one tag", () => {
    expect(normalizeHashtag("#HipHop")).toBe("hiphop");
    expect(normalizeHashtag("hip hop")).toBe("hiphop");
    expect(normalizeHashtag("lo-fi")).toBe("lofi");
    expect(normalizeHashtag("Müsik")).toBe("müsik");
    expect(normalizeHashtag("#1")).toBeNull();
    expect(normalizeHashtag("a/b")).toBeNull();
    expect(normalizeHashtag("x".repeat(50))).toBe("x".repeat(50));
    expect(normalizeHashtag("x".repeat(51))).toBeNull();
  });

  it("takes tags first, then #words of the caption, lowercased and deduplicated", () => {
    expect(
      extractHashtags({ caption: "Late night #LoFi session #studio_life, key of C# and track#2 #lofi", tags: ["Beats", "lofi"] }),
    ).toEqual(["beats", "lofi", "studio_life"]);
  });

  it("caps a post at 30 hashtags", () => {
    const caption = Array.from({ length: 40 }, (_, i) => `#tag${i}`).join(" ");
    expect(extractHashtags({ caption })).toHaveLength(30);
  });
});

describe("comment preparation", () => {
  it("trims and refuses empty text", () => {
    expect(prepareComment("   \n ")).toEqual({ ok: false, message: COMMENT_EMPTY });
    expect(prepareComment("  nice  ")).toEqual({ ok: true, content: "nice" });
  });

  it("keeps 1000 characters and cuts the 1001st", () => {
    expect(prepareComment("y".repeat(1000))).toEqual({ ok: true, content: "y".repeat(1000) });
    expect(prepareComment("y".repeat(1001))).toEqual({ ok: true, content: "y".repeat(1000) });
    // A cut that ends on a space leaves no trailing space behind.
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`).join(" ");
    const result = prepareComment(words);
    expect(result).toEqual({ ok: true, content: words.slice(0, 1000).trimEnd() });
  });

  it("runs the content screen", () => {
    expect(prepareComment(42)).toEqual({ ok: false, message: "Invalid content format" });
    expect(prepareComment("total scam")).toEqual({ ok: false, message: PROHIBITED_WORDS });
    expect(prepareComment(Array(11).fill("fire").join(" "))).toEqual({ ok: false, message: EXCESSIVE_REPETITION });
  });

  it("keeps plain text and line breaks for rendering", () => {
    const result = prepareComment("line one\r\n<b>two</b>");
    expect(result).toEqual({ ok: true, content: "line one\n<b>two</b>" });
    expect(commentLines("line one\n<b>two</b>")).toEqual(["line one", "<b>two</b>"]);
  });

  it("never splits a surrogate pair when cutting", () => {
    expect(truncate("ab😀", 3)).toBe("ab");
    expect(truncate("ab😀", 4)).toBe("ab😀");
  });
});
