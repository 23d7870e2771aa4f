// The content screen of §5 (first document): comments and captions pass through it on the
// client for a quick answer and on the server, where it is actually enforced.
import { CONTENT_SCREEN_TEXTS } from "../messages";
import { fail, OK, type RuleResult } from "./result";

/** A word may appear this many times; one more is rejected. */
const WORD_REPETITION_LIMIT = 10;
/** Uppercase is judged only for text longer than this many characters. */
const UPPERCASE_MIN_LENGTH = 20;
/** The share of letters that may be uppercase before the text is rejected. */
const UPPERCASE_MAX_RATIO = 0.5;

// "Whole word" is defined with Unicode letters and digits rather than `\b`, whose notion of a
// word character is ASCII only: "éspam" must not count as the word "spam", and "scamp",
// "spamalot" or "antivirus" must pass. Plurals are caught too ("scams", "viruses"), since they
// are the same word to a reader.
const W_BEFORE = String.raw`(?<![\p{L}\p{N}_])`;
const W_AFTER = String.raw`(?![\p{L}\p{N}_])`;

const PROHIBITED_RE = new RegExp(`${W_BEFORE}(?:spams?|scams?|virus(?:es)?|malwares?)${W_AFTER}`, "iu");

// Crypto and bitcoin wording, and the stock phrases of phishing messages. Each is a whole-word
// match so that, for example, "cryptography" or "btcx" are not caught by accident.
const SUSPICIOUS_PHRASES = [
  "crypto",
  "cryptos",
  "cryptocurrency",
  "cryptocurrencies",
  "bitcoin",
  "bitcoins",
  "btc",
  "ethereum",
  "free money",
  "click here",
  "click this link",
  "verify your account",
  "confirm your account",
  "confirm your password",
  "send me your password",
  "account suspended",
  "claim your prize",
  "you have won",
  "wire transfer",
  "double your money",
  "guaranteed profit",
];
const SUSPICIOUS_PHRASE_RE = new RegExp(
  `${W_BEFORE}(?:${SUSPICIOUS_PHRASES.map((p) => p.replace(/ /g, String.raw`\s+`)).join("|")})${W_AFTER}`,
  "iu",
);

// Anything that looks like a link: a scheme ("https://", "ftp://"), "www.", a dotted IPv4
// address, or a host name ending in a common top-level domain. The TLD list keeps ordinary text
// such as "track.mp3", "e.g." or "Mr.Smith" from being taken for a domain, while catching the
// domains spammers actually use.
export const LINK_TLDS = [
  "com", "net", "org", "io", "co", "me", "info", "biz", "xyz", "app", "dev", "ly", "gg", "tv",
  "ru", "cn", "tk", "ml", "ga", "cf", "gq", "top", "click", "link", "online", "site", "shop",
  "store", "live", "club", "win", "vip", "icu", "cc", "ws", "su", "pw", "to", "us", "uk", "de",
  "fr", "nl", "eu", "ca", "au", "in", "br", "es", "it", "pl", "jp", "kr", "fm", "am", "edu", "gov",
];
const URL_RES = [
  /[a-z][a-z0-9+.-]*:\/\//i,
  /(?<![\p{L}\p{N}_])www\./iu,
  /(?<![\p{N}.])(?:\d{1,3}\.){3}\d{1,3}(?![\p{N}.])/u,
  new RegExp(
    String.raw`(?<![\p{L}\p{N}_-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:${LINK_TLDS.join("|")})(?![\p{L}\p{N}_-])`,
    "iu",
  ),
];

const WORD_RE = /[\p{L}\p{N}_']+/gu;

/** Counts each word case-insensitively and reports whether any appears too often. */
function hasExcessiveRepetition(text: string): boolean {
  const counts = new Map<string, number>();
  for (const match of text.matchAll(WORD_RE)) {
    const word = match[0].toLowerCase().replace(/^'+|'+$/g, "");
    if (word === "") continue;
    const next = (counts.get(word) ?? 0) + 1;
    if (next > WORD_REPETITION_LIMIT) return true;
    counts.set(word, next);
  }
  return false;
}

// The ratio is taken over letters, not over all characters, so digits, spaces and emoji neither
// hide shouting nor trigger it. The length test uses code points of the trimmed text.
function hasExcessiveUppercase(text: string): boolean {
  const trimmed = text.trim();
  if ([...trimmed].length <= UPPERCASE_MIN_LENGTH) return false;
  const letters = trimmed.match(/\p{L}/gu)?.length ?? 0;
  if (letters === 0) return false;
  const upper = trimmed.match(/\p{Lu}/gu)?.length ?? 0;
  return upper / letters > UPPERCASE_MAX_RATIO;
}

/** True when the text contains a URL, a domain name or an IP address. */
export function looksLikeUrl(text: string): boolean {
  return URL_RES.some((re) => re.test(text));
}

/**
 * Screens user text in the spec's order: format, prohibited words, suspicious patterns,
 * repetition, uppercase. The first failure wins. Direct messages judge links apart (by who they
 * go to: shared/rules/message.ts, decision record 0085); everywhere else a link is refused.
 */
export function screenContent(input: unknown, options: { links?: "refused" | "judged apart" } = {}): RuleResult {
  if (typeof input !== "string") return fail(CONTENT_SCREEN_TEXTS.invalidFormat);
  if (PROHIBITED_RE.test(input)) return fail(CONTENT_SCREEN_TEXTS.prohibitedWords);
  if (SUSPICIOUS_PHRASE_RE.test(input)) return fail(CONTENT_SCREEN_TEXTS.suspiciousPatterns);
  if (options.links !== "judged apart" && looksLikeUrl(input)) return fail(CONTENT_SCREEN_TEXTS.suspiciousPatterns);
  if (hasExcessiveRepetition(input)) return fail(CONTENT_SCREEN_TEXTS.excessiveRepetition);
  if (hasExcessiveUppercase(input)) return fail(CONTENT_SCREEN_TEXTS.excessiveUppercase);
  return OK;
}
