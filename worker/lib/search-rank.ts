// The static order that lets search rank by bm25 without scoring every match (decision record
// 0095). bm25 scores a row by, for each query phrase, its IDF times a term factor that grows with
// the phrase's count in the row (tf) and falls with the row's length (len). The IDF belongs to the
// query; the term factor mostly belongs to the row: its length, and how often the query's word
// occurs in it. Each FTS row is keyed by the rank of its (tf, len) class in a fixed order, then
// newest first, so FTS5 reads a query's matches in that order, and a search that reads a bounded
// number of them reads those likely to score highest, whatever their age. tf is the count of the
// row's most repeated word (folded as the tokenizer folds it; weighted by column for people). The
// order ranks a class by its term factor at a reference length with that count discounted,
// 1 + 0.3 × (tf − 1): most query words occur once in a row, so a row's repeated word says only a
// little about a query's. (Measured on the scale bench against the undiscounted factor and against
// length alone, each of which loses one kind of query: appendix of 0095.) A class is computed by
// the search-tier job (worker/cron/search-tiers.ts) and by the bench's dataset; rank 0 is "not
// computed yet" and is read first. This module imports nothing: the bench loads it with Node's
// type stripping.

/** FTS5's bm25() constants. */
const K1 = 1.2;
const B = 0.75;

/** Tokens as FTS5's unicode61 tokenizer cuts them: runs of letters, digits and private-use characters, with their marks. */
const TOKEN_RE = /[\p{L}\p{N}\p{Co}][\p{L}\p{N}\p{Co}\p{M}]*/gu;

/** How much a row's most repeated word counts beyond its first occurrence, in the order's estimate. */
const REPEAT_WEIGHT = 0.3;

/** 2^40: the FTS key's rank is multiplied by this; below it sits the row's rowid, reversed (newest first). */
export const KEY_SHIFT = 1_099_511_627_776;
/** The largest rowid a key can carry (about 10^12). */
export const KEY_ROWID_MAX = KEY_SHIFT - 1;
/**
 * 2^53: a badge holder's row (a post whose author holds the badge, or the holder's profile) is
 * keyed this much lower, below zero (migration 0028). FTS5 then reads the badge holders' matches
 * first and apart, each part in the order of its classes; keys stay within ±2^53, exact as
 * JavaScript numbers, and the rowid is still the key's low 40 bits reversed.
 */
export const KEY_BADGE_OFFSET = 2 ** 53;

export interface RankModel {
  /** The bm25() column weights the search passes (whole numbers of at least 1). */
  weights: readonly number[];
  /**
   * The average row length (tokens) the order is computed for: about the table's (8 on the scale
   * bench's posts). Changing it changes the order, so every tier must be computed again.
   */
  referenceLength: number;
  /** tf classes 1..maxTf; maxTf stands for "maxTf or more". */
  maxTf: number;
  /** len classes 1..maxLen; maxLen stands for "maxLen or more", bounded at maxLen. */
  maxLen: number;
}

/** Posts: one column, the caption. */
export const POST_RANK_MODEL: RankModel = { weights: [1], referenceLength: 8, maxTf: 16, maxLen: 255 };
/** People: username 10, display name 6, bio 1 (the bm25() weights of worker/db/queries/search/fts.ts). */
export const PROFILE_RANK_MODEL: RankModel = { weights: [10, 6, 1], referenceLength: 12, maxTf: 63, maxLen: 127 };

interface RankClass {
  tf: number;
  len: number;
}

/** bm25's term factor for a phrase counted `tf` times (weighted) in a row of `len` tokens. */
function termFactor(tf: number, len: number, averageLength: number): number {
  return (tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * len) / averageLength));
}

/** A class's place in the order: its term factor at this average length, the repeated word discounted. */
function classEstimate(cls: RankClass, averageLength: number): number {
  return termFactor(1 + REPEAT_WEIGHT * (cls.tf - 1), cls.len, averageLength);
}

const orders = new WeakMap<RankModel, { classes: RankClass[]; rankOf: Map<string, number> }>();

/** Every class in the model's order: best estimate first (at the reference length), then shorter, then more repeated. */
function order(model: RankModel) {
  let found = orders.get(model);
  if (!found) {
    const classes: RankClass[] = [];
    for (let tf = 1; tf <= model.maxTf; tf += 1) for (let len = 1; len <= model.maxLen; len += 1) classes.push({ tf, len });
    classes.sort((a, b) => classEstimate(b, model.referenceLength) - classEstimate(a, model.referenceLength) || a.len - b.len || b.tf - a.tf);
    const rankOf = new Map(classes.map((cls, i) => [`${cls.tf}/${cls.len}`, i + 1]));
    found = { classes, rankOf };
    orders.set(model, found);
  }
  return found;
}

/** How many ranks a model has (0, "not computed", not counted). */
function rankCount(model: RankModel): number {
  return order(model).classes.length;
}

/** The class of rank `rank` (1-based); null for 0 and anything out of range. */
export function classOfRank(model: RankModel, rank: number): RankClass | null {
  return order(model).classes[rank - 1] ?? null;
}

/** A token as the tokenizer compares it: lower case, diacritics removed. */
function fold(token: string): string {
  return token.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * The rank of a row's class: its columns' texts in the table's column order (null for none).
 * len is the number of tokens in all columns, as bm25 counts it; tf is the largest weighted count
 * of one folded token. A row without a token gets the last rank.
 */
export function searchTier(model: RankModel, columns: readonly (string | null | undefined)[]): number {
  let len = 0;
  const counts = new Map<string, number>();
  columns.forEach((value, column) => {
    const weight = model.weights[column] ?? 1;
    for (const token of (value ?? "").normalize("NFC").match(TOKEN_RE) ?? []) {
      len += 1;
      const word = fold(token);
      counts.set(word, (counts.get(word) ?? 0) + weight);
    }
  });
  if (len === 0) return rankCount(model);
  const tf = Math.min(Math.max(...counts.values()), model.maxTf);
  return order(model).rankOf.get(`${tf}/${Math.min(len, model.maxLen)}`)!;
}
