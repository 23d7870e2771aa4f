// The search field of first document §2 ('Search users, content, hashtags...'). It is a plain
// controlled input: the screen owns the text and decides when the URL follows it (the 300 ms
// debounce of §9). 16 px text on phones keeps iOS Safari from zooming into it.
import { Search, X } from "lucide-react";
import { useRef } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { fieldClasses } from "@web/components/ui/input";
import { cn } from "@web/lib/cn";

export function SearchBox({ value, onChange, busy = false }: { value: string; onChange: (value: string) => void; busy?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <form role="search" className="relative" onSubmit={(event) => event.preventDefault()}>
      <Search className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <input
        ref={input}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={SEARCH_SCREEN_TEXTS.placeholder}
        aria-label={SEARCH_SCREEN_TEXTS.inputLabel}
        aria-busy={busy}
        enterKeyHint="search"
        autoComplete="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={100}
        data-testid="search-input"
        className={cn(fieldClasses, "h-12 rounded-full bg-muted/60 pr-12 pl-12 [&::-webkit-search-cancel-button]:hidden")}
      />
      {value ? (
        <button
          type="button"
          onClick={() => {
            onChange("");
            input.current?.focus();
          }}
          aria-label={SEARCH_SCREEN_TEXTS.clearQuery}
          className="absolute top-1/2 right-1.5 inline-flex size-9 -translate-y-1/2 items-center justify-center rounded-full text-muted-foreground transition hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X className="size-4" aria-hidden />
        </button>
      ) : null}
    </form>
  );
}
