// Moments written in a comment's text ("at 1:23", "2:05", "1:02:03") that the comments dialog
// turns into seek buttons (issue #31 item 1, decision record 0089). Only a moment within the
// track becomes one: "12:00" under a three-minute song stays text, so does "10:30" as a time of
// day under a short one.

export type MomentPart = { kind: "text"; text: string } | { kind: "moment"; text: string; ms: number };

// m:ss or h:mm:ss, not glued to letters, digits or colons (so "1:23:456", "12:345" and "v1:23b"
// are not read as moments). Seconds and, after hours, minutes are two digits 00–59.
const MOMENT = /(?<![\p{L}\p{N}:])(?:(\d{1,2}):([0-5]\d)|(\d{1,3})):([0-5]\d)(?![\p{L}\p{N}:])/gu;

/** "1:23" → 83_000; "1:02:03" → 3_723_000. */
function momentMs(match: RegExpExecArray): number {
  const seconds = Number(match[4]);
  if (match[1] !== undefined) return ((Number(match[1]) * 60 + Number(match[2])) * 60 + seconds) * 1000;
  return (Number(match[3]) * 60 + seconds) * 1000;
}

/**
 * A line of text cut into plain parts and the moments in it that fall within a track of
 * `durationMs` (strictly before its end). With no known duration nothing is a moment.
 */
export function splitMoments(line: string, durationMs: number | null): MomentPart[] {
  if (!durationMs || durationMs <= 0) return line ? [{ kind: "text", text: line }] : [];
  const parts: MomentPart[] = [];
  let from = 0;
  for (const match of line.matchAll(MOMENT)) {
    const ms = momentMs(match);
    if (ms >= durationMs) continue;
    if (match.index > from) parts.push({ kind: "text", text: line.slice(from, match.index) });
    parts.push({ kind: "moment", text: match[0], ms });
    from = match.index + match[0].length;
  }
  if (from < line.length) parts.push({ kind: "text", text: line.slice(from) });
  return parts;
}
