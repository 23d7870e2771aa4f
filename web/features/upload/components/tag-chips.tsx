// Tags as the server will store them: the shared parseTags result of the raw text.
import { Hash } from "lucide-react";
import { UPLOAD_SCREEN_TEXTS } from "@shared/messages";
import { parseTags } from "@shared/rules/post-text";

export function TagChips({ raw }: { raw: string }) {
  const tags = parseTags(raw);
  if (tags.length === 0) return null;
  return (
    <ul aria-label={UPLOAD_SCREEN_TEXTS.tags} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li
          key={tag.toLowerCase()}
          className="inline-flex items-center gap-0.5 rounded-full bg-accent px-2.5 py-1 text-xs font-medium text-accent-foreground"
        >
          <Hash className="size-3" aria-hidden />
          {tag}
        </li>
      ))}
    </ul>
  );
}
