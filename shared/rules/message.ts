// Direct-message preparation (second document §5 "Message send is ignored if blank"; the length
// limit of decision record 0040): cleaned, trimmed, non-empty, at most TEXT_LIMITS.message
// characters, and passing the same content screen as comments and captions. Unlike a comment, a
// message over the limit is refused rather than cut: a cut message would say something its author
// did not write, and the composer already stops at the limit. Links are judged apart, by who the
// message goes to (`needsLinkTrust`; decision record 0085): everything else is screened as ever.
import { TEXT_LIMITS } from "../constants";
import { MESSAGING_TEXTS } from "../messages";
import { looksLikeUrl, screenContent } from "./content-screen";
import { cleanText } from "./sanitize";

export type MessagePreparation = { ok: true; content: string } | { ok: false; message: string };

export function prepareMessage(input: unknown): MessagePreparation {
  if (typeof input !== "string") {
    const screened = screenContent(input);
    return { ok: false, message: screened.ok ? MESSAGING_TEXTS.messageEmpty : screened.message };
  }
  const content = cleanText(input);
  if (content === "") return { ok: false, message: MESSAGING_TEXTS.messageEmpty };
  if (content.length > TEXT_LIMITS.message) return { ok: false, message: MESSAGING_TEXTS.messageTooLong };
  const screened = screenContent(content, { links: "judged apart" });
  if (!screened.ok) return screened;
  return { ok: true, content };
}

/** Whether a prepared message carries a link, which only goes to someone who trusts the sender. */
export function needsLinkTrust(content: string): boolean {
  return looksLikeUrl(content);
}
