// User input to an FTS5 MATCH expression, never by interpolation (decision record 0095). The
// query is cut into the same tokens the tables' `unicode61` tokenizer makes (runs of letters,
// digits and private-use characters, with their combining marks), and each token becomes a
// quoted string followed by `*`: a prefix query, so results follow the user as they type. A
// single character is matched as a whole word only: as a prefix it matches nearly every row,
// ranks nothing, and is the costliest query of all (no table keeps a one-character prefix index).
// A quoted token has no FTS5 syntax left in it (no operators, no column filters, no NEAR, no
// quotes), so `"`, `AND(` or `{bio}:x` search for their words or for nothing, and never fail.
// Diacritics need nothing here: the tokenizer folds them on both sides (remove_diacritics 2).
// This module imports nothing: the search bench loads it with Node's type stripping.

/** More tokens than this add nothing a person types, and each one costs a term lookup. */
const MAX_TOKENS = 8;
/** Longer than any real word; bounds what one token can ask of the index. */
const MAX_TOKEN_LENGTH = 64;

const TOKEN_RE = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu;

/** The query's tokens, as the tokenizer will see them (case and diacritics are its business). */
function queryTokens(raw: string): string[] {
  return (raw.normalize("NFC").match(TOKEN_RE) ?? []).slice(0, MAX_TOKENS).map((token) => token.slice(0, MAX_TOKEN_LENGTH));
}

/**
 * The MATCH expression for a query: every token as a quoted prefix, all required (FTS5's
 * implicit AND); restricted to `columns` when given. Null when the query has no token at all,
 * so the caller answers "no results" without asking the index.
 */
export function ftsMatchExpression(raw: string, columns?: readonly string[]): string | null {
  const tokens = queryTokens(raw);
  if (tokens.length === 0) return null;
  // Tokens contain no double quote by construction; doubling is the FTS5 escape all the same.
  const phrases = tokens.map((token) => `"${token.replaceAll('"', '""')}"${[...token].length > 1 ? "*" : ""}`).join(" ");
  return columns && columns.length > 0 ? `{${columns.join(" ")}} : (${phrases})` : phrases;
}
