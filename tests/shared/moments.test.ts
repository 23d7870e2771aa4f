// Moments written in a comment (decision record 0089): which "m:ss" and "h:mm:ss" become seek
// buttons, and only within the track.
import { describe, expect, it } from "vitest";
import { splitMoments } from "@shared/rules/moments";

const moments = (line: string, durationMs: number | null) => splitMoments(line, durationMs).filter((part) => part.kind === "moment");

describe("splitMoments", () => {
  it("finds m:ss and h:mm:ss and keeps the words around them", () => {
    expect(splitMoments("at 1:23 and 0:05!", 200_000)).toEqual([
      { kind: "text", text: "at " },
      { kind: "moment", text: "1:23", ms: 83_000 },
      { kind: "text", text: " and " },
      { kind: "moment", text: "0:05", ms: 5_000 },
      { kind: "text", text: "!" },
    ]);
    expect(moments("the outro at 1:02:03", 4 * 3_600_000)).toEqual([{ kind: "moment", text: "1:02:03", ms: 3_723_000 }]);
    expect(moments("(2:05)", 200_000)).toEqual([{ kind: "moment", text: "2:05", ms: 125_000 }]);
  });

  it("leaves out moments at or past the end, and everything when the length is unknown", () => {
    expect(moments("2:05 and 3:20 and 3:19", 200_000).map((part) => part.text)).toEqual(["2:05", "3:19"]);
    expect(splitMoments("at 1:23", null)).toEqual([{ kind: "text", text: "at 1:23" }]);
    expect(splitMoments("", 200_000)).toEqual([]);
  });

  it("does not read seconds over 59, glued digits or ratios as moments", () => {
    for (const line of ["1:75", "12:345", "1:23:456", "a1:23b:", "v1:2", "10:61pm", "3:4"]) {
      expect(moments(line, 10 * 3_600_000), line).toEqual([]);
    }
  });
});
