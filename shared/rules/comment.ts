// Comment preparation (§5, first document): trimmed, non-empty, cut to 1000 characters, and
// passing the content screen. We store plain text; the UI renders it escaped (React does that)
// with each line break turned into <br>, using `commentLines`.
import { TEXT_LIMITS } from "../constants";
import { SOCIAL_TEXTS } from "../messages";
import { screenContent } from "./content-screen";
import { cleanText } from "./sanitize";
import { truncate } from "./post-text";

export type CommentPreparation = { ok: true; content: string } | { ok: false; message: string };

/**
 * Cleans, trims and cuts the text, then screens what would be stored. A non-string gets the
 * screen's "Invalid content format".
 */
export function prepareComment(input: unknown): CommentPreparation {
  if (typeof input !== "string") {
    const screened = screenContent(input);
    return { ok: false, message: screened.ok ? SOCIAL_TEXTS.commentEmpty : screened.message };
  }
  const cleaned = cleanText(input);
  if (cleaned === "") return { ok: false, message: SOCIAL_TEXTS.commentEmpty };
  const content = truncate(cleaned, TEXT_LIMITS.comment).trimEnd();
  const screened = screenContent(content);
  if (!screened.ok) return screened;
  return { ok: true, content };
}

/** Splits stored text into lines for rendering, one <br> between each. */
export function commentLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}
