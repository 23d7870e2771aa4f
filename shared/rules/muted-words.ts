// Muted words (issue #27 "Mute"; decision record 0082). A muted word or phrase is stored
// normalised: lower case, every character that is not a letter or a digit turned into a space,
// spaces collapsed. The Worker matches it as a whole word against a caption or a comment
// normalised the same way in SQL (worker/db/queries/audience.ts), so "Spoiler!" and "#spoiler"
// both hide a post for someone who muted "spoiler", and "art" does not hide "party".
import { SAFETY_TEXTS } from "../messages";

export const MUTED_WORD_MAX_LENGTH = 50;
/** How many words one account may mute: each is a probe on every post and comment of their feed. */
export const MUTED_WORDS_MAX = 100;

/** The characters the SQL side turns into spaces; the rule refuses a word using any other symbol. */
export const MUTED_WORD_SEPARATORS = [".", ",", "!", "?", ";", ":", '"', "'", "(", ")", "[", "]", "#", "@", "/", "-", "_", "*", "&", "\n", "\r", "\t"];

const SEPARATOR_SET = new Set(MUTED_WORD_SEPARATORS);

export function normalizeMutedWord(raw: string): { ok: true; word: string } | { ok: false; message: string } {
  const lower = raw.toLowerCase();
  let out = "";
  for (const ch of lower) {
    if (ch === " " || SEPARATOR_SET.has(ch)) out += " ";
    else if (/[\p{L}\p{N}]/u.test(ch)) out += ch;
    else return { ok: false, message: SAFETY_TEXTS.mutedWordInvalid };
  }
  const word = out.replace(/ +/g, " ").trim();
  if (word.length === 0 || word.length > MUTED_WORD_MAX_LENGTH) return { ok: false, message: SAFETY_TEXTS.mutedWordInvalid };
  return { ok: true, word };
}
