// Route search parameters are read without zod (web/lib/search-params.ts, decision record 0065):
// whatever a hand-edited or old link carries, the screen opens, with garbage read as absent.
import { describe, expect, it } from "vitest";
import { parseSearchParams } from "@web/features/search/search-params";
import { optionalFlag, optionalOneOf, optionalString, optionalText } from "@web/lib/search-params";

describe("search parameter readers", () => {
  it("keeps a string within its length and drops anything else", () => {
    expect(optionalString("abc", { max: 3 })).toBe("abc");
    expect(optionalString("abcd", { max: 3 })).toBeUndefined();
    expect(optionalString("", { min: 1, max: 3 })).toBeUndefined();
    expect(optionalString(42, { max: 3 })).toBeUndefined();
    expect(optionalString({ a: 1 }, { max: 10 })).toBeUndefined();
  });

  it("trims and cuts free text, and reads blank text as absent", () => {
    expect(optionalText("  beats  ", 10)).toBe("beats");
    expect(optionalText("abcdefghijkl", 5)).toBe("abcde");
    expect(optionalText("   ", 5)).toBeUndefined();
    expect(optionalText(7, 5)).toBeUndefined();
  });

  it("accepts only the listed values, numbers as numbers", () => {
    expect(optionalOneOf("posts", ["posts", "sales"])).toBe("posts");
    expect(optionalOneOf("admin", ["posts", "sales"])).toBeUndefined();
    expect(optionalOneOf(30, [7, 30, 90])).toBe(30);
    expect(optionalOneOf("30", [7, 30, 90])).toBeUndefined();
    expect(optionalOneOf(undefined, [7, 30, 90])).toBeUndefined();
  });

  it("reads a flag as true or absent", () => {
    expect(optionalFlag(true)).toBe(true);
    expect(optionalFlag("true")).toBe(true);
    expect(optionalFlag(false)).toBeUndefined();
    expect(optionalFlag("false")).toBeUndefined();
    expect(optionalFlag("yes")).toBeUndefined();
  });
});

describe("the search screen's URL", () => {
  it("reads a full link", () => {
    expect(
      parseSearchParams({
        q: "  lo-fi beats ",
        tab: "services",
        contentType: "audio",
        location: " Berlin ",
        profession: "Music Producer",
        sortBy: "recent",
        verified: true,
        hasServices: "true",
        tag: "mixing",
      }),
    ).toEqual({
      q: "lo-fi beats",
      tab: "services",
      contentType: "audio",
      location: "Berlin",
      profession: "Music Producer",
      sortBy: "recent",
      verified: true,
      hasServices: true,
      tag: "mixing",
    });
  });

  it("leaves defaults and garbage out, so a plain /search stays plain", () => {
    const parsed = parseSearchParams({ q: "", tab: "admin", contentType: "pdf", sortBy: "relevance", verified: "false", hasServices: 1, tag: ["x"] });
    expect(Object.values(parsed).every((value) => value === undefined)).toBe(true);
  });

  it("cuts a query longer than the limit instead of refusing it", () => {
    expect(parseSearchParams({ q: "a".repeat(500) }).q).toHaveLength(100);
  });
});
