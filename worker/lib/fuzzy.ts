// Typo tolerance for people and tags (decision record 0095). Candidates come from a trigram index
// (FTS5's trigram tokenizer): a misspelt word still shares most of its three-letter pieces with
// the word meant. They are then kept and ordered by edit distance, so "kenjy" finds Kenji and
// "tecno" finds techno, while names that only share a syllable stay out.

/** Folded as the tokenizers fold: lower case, diacritics removed. */
function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** The words of a query, folded; letters and digits only. */
export function fuzzyWords(raw: string): string[] {
  return foldText(raw.normalize("NFC")).match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * A word and the words one edit away that share the fewest pieces with it: with each letter
 * left out, and with each two neighbours swapped. A typo near the start ("kneji") shares no
 * three-letter piece with the word meant ("kenji"), but one of these does ("knji", "kenji").
 */
function variants(letters: string[]): string[][] {
  const out = [letters];
  if (letters.length > 12) return out;
  for (let i = 0; i < letters.length; i += 1) out.push([...letters.slice(0, i), ...letters.slice(i + 1)]);
  for (let i = 0; i + 1 < letters.length; i += 1) out.push([...letters.slice(0, i), letters[i + 1]!, letters[i]!, ...letters.slice(i + 2)]);
  return out;
}

/**
 * The trigram index's MATCH for a query: every three-letter piece of every word of at least three
 * letters and of its near variants, any of them (OR), each a quoted string. Null when no word is
 * that long.
 */
export function trigramMatchExpression(raw: string): string | null {
  const pieces = new Set<string>();
  for (const word of fuzzyWords(raw).slice(0, 4)) {
    const letters = [...word].slice(0, 32);
    if (letters.length < 3) continue;
    for (const variant of variants(letters)) {
      for (let i = 0; i + 3 <= variant.length; i += 1) pieces.add(variant.slice(i, i + 3).join(""));
    }
  }
  if (pieces.size === 0) return null;
  return [...pieces].map((piece) => `"${piece.replaceAll('"', '""')}"`).join(" OR ");
}

/** Edit distance with adjacent transpositions (optimal string alignment), on code points. */
export function editDistance(a: string, b: string): number {
  const s = [...a];
  const t = [...b];
  const rows = s.length + 1;
  const cols = t.length + 1;
  const d: number[] = Array.from({ length: rows * cols }, () => 0);
  const at = (i: number, j: number) => d[i * cols + j]!;
  for (let i = 0; i < rows; i += 1) d[i * cols] = i;
  for (let j = 0; j < cols; j += 1) d[j] = j;
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      d[i * cols + j] = best;
    }
  }
  return at(s.length, t.length);
}

/** How many edits a typed word of this length may carry: none up to three letters, one up to six, two beyond. */
function allowedEdits(length: number): number {
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
}

/**
 * How far `text` (a name) is from the typed words: for each word, its distance to the closest of
 * the name's words, or to their beginnings (the word may still be being typed), summed. Null when
 * a word is further than its allowance from every word of the name.
 */
export function fuzzyDistance(typed: readonly string[], text: string): number | null {
  const words = fuzzyWords(text);
  if (words.length === 0 || typed.length === 0) return null;
  let total = 0;
  for (const word of typed) {
    const n = [...word].length;
    let best = Number.POSITIVE_INFINITY;
    for (const candidate of words) {
      const letters = [...candidate];
      best = Math.min(best, editDistance(word, candidate));
      for (const cut of [n, n + 1]) if (cut < letters.length) best = Math.min(best, editDistance(word, letters.slice(0, cut).join("")));
    }
    if (best > allowedEdits(n)) return null;
    total += best;
  }
  return total;
}
