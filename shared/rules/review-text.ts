// A review's or an answer's words (decision record 0047): cleaned and trimmed like a message,
// required, within their limit, and through the same content screen as messages, comments and
// captions (prepareMessage in ./message.ts follows the same steps).
import { cleanText } from "./sanitize";
import { screenContent } from "./content-screen";

type ReviewTextPreparation = { ok: true; content: string } | { ok: false; message: string };

interface ReviewTextRule {
  max: number;
  required: string;
  tooLong: string;
  /** False in the request schema: the route screens after the rate limit, so refusals are logged. */
  screen: boolean;
}

export function prepareReviewText(input: string, rule: ReviewTextRule): ReviewTextPreparation {
  const content = cleanText(input);
  if (content === "") return { ok: false, message: rule.required };
  if (content.length > rule.max) return { ok: false, message: rule.tooLong };
  if (rule.screen) {
    const screened = screenContent(content);
    if (!screened.ok) return screened;
  }
  return { ok: true, content };
}
