// Caption, location and tag rules of §5 (first document), and hashtag extraction for the
// post_hashtags join. DESIGN.md fixes the caption at 500 on both sides (TEXT_LIMITS.caption); the
// spec's shared-helper value of 300 is deliberately not used anywhere.
import { TEXT_LIMITS } from "../constants";
import { POST_TEXTS } from "../messages";
import { screenContent } from "./content-screen";
import { cleanText } from "./sanitize";

/** Longest hashtag we index, without the "#". */
const HASHTAG_MAX_LENGTH = 50;
/** Most hashtags one post contributes, so a tag-stuffed caption cannot flood trending. */
const MAX_HASHTAGS_PER_POST = 30;

/** Cuts text to a limit in UTF-16 units without splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut;
}

/**
 * A caption is cleaned (see `cleanText`) and must pass the content screen; the length is
 * checked on the cleaned text, which is what is stored.
 */
export function checkCaption(input: string): { ok: true; caption: string } | { ok: false; message: string } {
  const caption = cleanText(input);
  if (caption.length > TEXT_LIMITS.caption) return { ok: false, message: POST_TEXTS.captionTooLong };
  if (caption !== "" && !screenContent(caption).ok) return { ok: false, message: POST_TEXTS.invalidCaptionContent };
  return { ok: true, caption };
}

/**
 * Tags from the raw comma-separated text: split, trimmed, empty ones dropped, and duplicates
 * (ignoring case) dropped, keeping the first spelling. The 200-character limit applies to the
 * raw text and is checked by the caller (the schema), not here.
 */
export function parseTags(raw: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of raw.split(",")) {
    const tag = part.trim();
    const key = tag.toLowerCase();
    if (tag === "" || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

const HASHTAG_BODY_RE = /^[\p{L}\p{N}_]+$/u;
// A "#" counts only at the start of the text or after a character that cannot be part of a
// word, so "C#" or "track#2" are not hashtags.
const CAPTION_HASHTAG_RE = /(?<![\p{L}\p{N}_&#])#([\p{L}\p{N}_]+)/gu;

/**
 * Normalises one hashtag: leading "#"s removed, spaces and hyphens removed ("hip hop" and
 * "hip-hop" both become "hiphop"), lowercased. Returns null unless the result is 1–50 letters,
 * digits or underscores with at least one letter (so "#1" is not a topic).
 */
export function normalizeHashtag(raw: string): string | null {
  const tag = raw.replace(/^#+/, "").replace(/[\s-]+/g, "").toLowerCase();
  if (tag.length === 0 || tag.length > HASHTAG_MAX_LENGTH) return null;
  if (!HASHTAG_BODY_RE.test(tag) || !/\p{L}/u.test(tag)) return null;
  return tag;
}

/**
 * The hashtags of a post: its tags first, then #words of the caption, normalised,
 * deduplicated in order of first appearance and capped at 30.
 */
export function extractHashtags(input: { caption?: string | null; tags?: readonly string[] | null }): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    const tag = normalizeHashtag(raw);
    if (tag !== null && !seen.has(tag) && out.length < MAX_HASHTAGS_PER_POST) {
      seen.add(tag);
      out.push(tag);
    }
  };
  for (const tag of input.tags ?? []) add(tag);
  for (const match of (input.caption ?? "").matchAll(CAPTION_HASHTAG_RE)) add(match[1] ?? "");
  return out;
}

/** A caption cut into plain text and hashtags, so a screen can make each hashtag a link. */
export type CaptionPart = { kind: "text"; text: string } | { kind: "hashtag"; text: string; tag: string };

/**
 * Splits a caption at its hashtags, recognised exactly as `extractHashtags` indexes them (so
 * every linked tag has a page with this post on it). Joining the parts' `text` gives the caption
 * back unchanged.
 */
export function splitCaptionHashtags(caption: string): CaptionPart[] {
  const parts: CaptionPart[] = [];
  let last = 0;
  for (const match of caption.matchAll(CAPTION_HASHTAG_RE)) {
    const tag = normalizeHashtag(match[1] ?? "");
    if (tag === null) continue;
    if (match.index > last) parts.push({ kind: "text", text: caption.slice(last, match.index) });
    parts.push({ kind: "hashtag", text: match[0], tag });
    last = match.index + match[0].length;
  }
  if (last < caption.length) parts.push({ kind: "text", text: caption.slice(last) });
  return parts;
}
