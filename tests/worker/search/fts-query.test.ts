// User input to FTS5 MATCH (decision record 0095): quoted prefix tokens only, so no input is
// ever FTS5 syntax; a single character is a whole word, not a prefix.
import { describe, expect, it } from "vitest";
import { ftsMatchExpression } from "../../../worker/lib/fts-query";

describe("ftsMatchExpression", () => {
  it("quotes every token as a prefix, all required", () => {
    expect(ftsMatchExpression("ana lop")).toBe('"ana"* "lop"*');
    expect(ftsMatchExpression("  Zoë   Müller ")).toBe('"Zoë"* "Müller"*');
  });

  it("keeps only words from operators, quotes, column filters and punctuation", () => {
    expect(ftsMatchExpression('"')).toBeNull();
    expect(ftsMatchExpression("AND(")).toBe('"AND"*');
    expect(ftsMatchExpression("{bio}:x")).toBe('"bio"* "x"');
    expect(ftsMatchExpression('ab" OR "cd')).toBe('"ab"* "OR"* "cd"*');
    expect(ftsMatchExpression("dj_khaled-2")).toBe('"dj"* "khaled"* "2"');
    expect(ftsMatchExpression("*^%\\'")).toBeNull();
  });

  it("restricts to columns when asked, and bounds the tokens", () => {
    expect(ftsMatchExpression("ana", ["username", "display_name"])).toBe('{username display_name} : ("ana"*)');
    expect(ftsMatchExpression("a b c d e f g h i j")).toBe('"a" "b" "c" "d" "e" "f" "g" "h"');
    expect(ftsMatchExpression("ab c")).toBe('"ab"* "c"');
    expect(ftsMatchExpression("é")).toBe('"é"');
    expect(ftsMatchExpression("x".repeat(300))).toBe(`"${"x".repeat(64)}"*`);
  });
});
