// A message's text with its links (issue #27 item 10; decision record 0085). The Worker let a
// link through only between people who trust each other; even so, each one names its host and
// opens in a new tab without passing on the page or any standing (rel="nofollow noopener ugc").
import { MESSAGING_TEXTS } from "@shared/messages";
import { messageParts } from "@shared/rules/message-links";
import { cn } from "@web/lib/cn";

export function MessageText({ content, own }: { content: string; own: boolean }) {
  return (
    <>
      {messageParts(content).map((part, index) =>
        part.kind === "text" ? (
          <span key={index}>{part.text}</span>
        ) : (
          <a
            key={index}
            href={part.href}
            target="_blank"
            rel="nofollow noopener ugc"
            title={part.href}
            aria-label={`${part.label}, ${MESSAGING_TEXTS.opensSite(part.host)}`}
            className={cn("font-medium underline underline-offset-2 break-all focus-visible:outline focus-visible:outline-2", own ? "text-primary-foreground" : "text-primary")}
          >
            {part.label}
          </a>
        ),
      )}
    </>
  );
}
