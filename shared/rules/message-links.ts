// Links in direct messages (issue #27 item 10; decision record 0085). A message that reached the
// other person may carry links (the Worker let it through because they trust each other); the
// chat shows each as a link naming its host, so nobody clicks blind. Only http(s) addresses with
// a real host and no credentials become links; anything else (another scheme, user:pass@) stays
// text. Finding them follows the content screen's notion of a link: a scheme, "www." or a host
// under one of its top-level domains.
import { LINK_TLDS } from "./content-screen";
import { safeWebsiteUrl } from "./website";

export type MessagePart = { kind: "text"; text: string } | { kind: "link"; href: string; host: string; label: string };

/** Longest label shown for a link; the host always shows in full before it is cut. */
const LABEL_MAX = 48;

const LINK_RE = new RegExp(
  [
    String.raw`https?:\/\/[^\s<>"]+`,
    String.raw`(?<![\p{L}\p{N}_])www\.[^\s<>"]+`,
    String.raw`(?<![\p{L}\p{N}_@./:-])(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:${LINK_TLDS.join("|")})(?![\p{L}\p{N}_-])(?:\/[^\s<>"]*)?`,
  ].join("|"),
  "giu",
);

/** Punctuation that ends a sentence rather than the address ("see drive.google.com/x."). */
const TRAILING_RE = /[.,;:!?)\]}'"]+$/u;

function labelOf(url: URL): string {
  const rest = `${url.pathname === "/" ? "" : url.pathname}${url.search}${url.hash}`;
  const full = `${url.hostname}${rest}`;
  if (full.length <= LABEL_MAX) return full;
  return url.hostname.length >= LABEL_MAX - 1 ? url.hostname : `${full.slice(0, LABEL_MAX - 1)}…`;
}

/** The message as text and link parts, in order; an address that is not a safe http(s) link stays text. */
export function messageParts(text: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  const pushText = (value: string) => {
    if (value === "") return;
    const last = parts.at(-1);
    if (last?.kind === "text") last.text += value;
    else parts.push({ kind: "text", text: value });
  };
  for (const match of text.matchAll(LINK_RE)) {
    const typed = match[0].replace(TRAILING_RE, "");
    const start = match.index;
    const href = safeWebsiteUrl(/^https?:\/\//i.test(typed) ? typed : `https://${typed}`);
    if (!href) continue;
    pushText(text.slice(at, start));
    const url = new URL(href);
    parts.push({ kind: "link", href, host: url.hostname, label: labelOf(url) });
    at = start + typed.length;
  }
  pushText(text.slice(at));
  return parts;
}
