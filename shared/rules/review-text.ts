// A review's or an answer's words (decision record 0047): cleaned and trimmed like a message,
// required and within their limit (prepareMessage in ./message.ts follows the same steps). The
// content screen the messages and comments use (./content-screen.ts) runs in the route after the
// rate limit, so that its refusals are logged as content_violation events.
import { cleanText } from "./sanitize";

type ReviewTextPreparation = { ok: true; content: string } | { ok: false; message: string };

interface ReviewTextRule {
  max: number;
  required: string;
  tooLong: string;
}

export function prepareReviewText(input: string, rule: ReviewTextRule): ReviewTextPreparation {
  const content = cleanText(input);
  if (content === "") return { ok: false, message: rule.required };
  if (content.length > rule.max) return { ok: false, message: rule.tooLong };
  return { ok: true, content };
}
