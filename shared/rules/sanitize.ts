// The general sanitiser of §5 (first document). We store plain text and let React escape it when
// rendering, so `cleanText` (which strips but does not escape) is what goes into the database;
// `escapeHtml` is for the rare place that builds markup by hand (emails, the dev outbox), where
// an unescaped "<" would be a hole.

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Escapes the five characters that can change the meaning of HTML text or attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch);
}

// Browsers ignore tabs, newlines and other control characters inside a URL scheme, so
// "java\tscript:" runs as script: the pattern allows them between the letters.
const GAP = String.raw`[\u0000-\u0020]*`;
function schemePattern(word: string): string {
  return word.split("").join(GAP) + `${GAP}:`;
}
// "data:" only counts at the start of a word, so "metadata: 24-bit" survives; the script schemes
// are removed wherever they appear, so that removing one cannot leave another behind.
const SCRIPT_PROTOCOL_RE = new RegExp(
  String.raw`(?:${["javascript", "vbscript"].map(schemePattern).join("|")})|(?<![\p{L}\p{N}])${schemePattern("data")}`,
  "giu",
);
// "onclick=", "onerror =" and the like: an attribute name starting with "on" followed by "=".
const EVENT_HANDLER_RE = /(?<![\p{L}\p{N}_-])on[a-z]+\s*=/giu;
// C0 control characters other than tab and newline, and DEL, never belong in user text.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * Removes script-like protocols and inline event handlers. It repeats until nothing changes,
 * because removing one occurrence can join the pieces of another ("javajavascript:script:").
 */
export function stripDangerous(text: string): string {
  let current = text;
  for (let i = 0; i < 10; i += 1) {
    const next = current.replace(SCRIPT_PROTOCOL_RE, "").replace(EVENT_HANDLER_RE, "");
    if (next === current) return next;
    current = next;
  }
  return current;
}

/**
 * Plain text ready to store: line endings normalised to "\n", control characters removed,
 * script protocols and event handlers stripped, surrounding whitespace trimmed.
 */
export function cleanText(input: string): string {
  return stripDangerous(input.replace(/\r\n?/g, "\n").replace(CONTROL_RE, "")).trim();
}
