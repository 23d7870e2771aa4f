// Caption hashtags as links: a caption is cut at exactly the hashtags the post is
// indexed under, so every linked tag has a page listing the post, and the text is kept whole.
import { describe, expect, it } from "vitest";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { extractHashtags, splitCaptionHashtags } from "@shared/rules/post-text";

describe("splitCaptionHashtags", () => {
  it("cuts at the hashtags that are indexed and joins back to the caption", () => {
    const caption = "Late mix #HipHop, C# minor, track#2 and #1 — #lofi_beats!\n#Ünïcode";
    const parts = splitCaptionHashtags(caption);
    expect(parts.map((part) => part.text).join("")).toBe(caption);
    const tags = parts.flatMap((part) => (part.kind === "hashtag" ? [part.tag] : []));
    expect(tags).toEqual(["hiphop", "lofi_beats", "ünïcode"]);
    expect(tags).toEqual(extractHashtags({ caption }));
  });

  it("gives one text part for a caption without hashtags, and none for an empty one", () => {
    expect(splitCaptionHashtags("No tags here")).toEqual([{ kind: "text", text: "No tags here" }]);
    expect(splitCaptionHashtags("")).toEqual([]);
  });
});

describe("search screen texts", () => {
  it("keeps the spec's words", () => {
    expect(SEARCH_SCREEN_TEXTS.placeholder).toBe("Search users, content, hashtags...");
    expect(SEARCH_SCREEN_TEXTS.noResults).toEqual({ title: "No results found", hint: "Try adjusting your filters or search terms" });
    expect(SEARCH_SCREEN_TEXTS.errors.searchFailed).toEqual({ title: "Search Error", description: "Failed to perform search. Please try again." });
    expect(SEARCH_SCREEN_TEXTS.recommendations.updateComplete).toEqual({ title: "Update Complete", description: "Recommendations have been refreshed based on your activity" });
    expect(SEARCH_SCREEN_TEXTS.trending.showMore(8)).toBe("Show 8 More Topics");
    expect(SEARCH_SCREEN_TEXTS.trending.badges).toEqual({ hot: "Hot", rising: "Rising", popular: "Popular" });
  });
});
