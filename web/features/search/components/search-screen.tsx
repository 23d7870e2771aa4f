// The search and explore screen (first document §2 Search and explore; §9 search debounce): the
// search box and the four tabs Explore, Users, Tags and Services. The query, tab and filters are
// the URL's (search-params.ts); this component keeps only what is being typed, and moves it into
// the URL once the typing has paused for 300 ms, replacing the history entry so back does not
// step through every keystroke. A change of tab or filter is a new entry, so back undoes it.
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { SEARCH_SCREEN_TEXTS } from "@shared/messages";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { afterNextPaint } from "@web/lib/next-task";
import { useDebouncedValue } from "@web/lib/use-debounced-value";
import { SEARCH_DEBOUNCE_MS } from "@shared/search-api";
import { SEARCH_TABS, type SearchParams, type SearchTab } from "../search-params";
import { SearchBox } from "./search-box";

export type ChangeParams = (patch: Partial<SearchParams>, options?: { replace?: boolean }) => void;

export interface SearchScreenProps {
  params: SearchParams;
  onParamsChange: ChangeParams;
  /** Each tab's body for the settled query (the URL's `q`, trimmed; "" when none). */
  renderTab: (tab: SearchTab, query: string) => ReactNode;
}

export function SearchScreen({ params, onParamsChange, renderTab }: SearchScreenProps) {
  const query = params.q ?? "";
  const tab = params.tab ?? "explore";
  const [text, setText] = useState(query);
  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The last query this screen wrote to the URL. A URL query that differs from it came from
  // elsewhere (back, forward, a link) and replaces what is in the box; one that matches is our
  // own echo and must not overwrite letters typed since.
  const written = useRef(query);
  // The tab shown as selected. A press moves it at once, and the URL (whose change re-renders the
  // route's whole screen) follows after that paint, so the press answers within a frame (INP,
  // issue #29 item 4). A URL change from elsewhere (back, a link) moves it too.
  const [selected, setSelected] = useState<SearchTab>(tab);
  useEffect(() => setSelected(tab), [tab]);
  // The settled tab's body, kept while only the selection moves: React then skips its subtree.
  const body = useMemo(() => renderTab(tab, query), [renderTab, tab, query]);

  useEffect(() => {
    if (query !== written.current) {
      written.current = query;
      setText(query);
    }
  }, [query]);

  useEffect(() => {
    const next = settled.trim();
    if (next === written.current) return;
    written.current = next;
    onParamsChange({ q: next || undefined }, { replace: true });
  }, [settled, onParamsChange]);

  return (
    <div className="space-y-4">
      <div className="sticky top-[calc(3.5rem+env(safe-area-inset-top))] z-30 -mx-3 bg-background px-3 pt-1 pb-3 sm:-mx-4 sm:px-4">
        <h1 className="sr-only">{SEARCH_SCREEN_TEXTS.title}</h1>
        <SearchBox value={text} onChange={setText} busy={text.trim() !== query} />
      </div>
      <Tabs
        value={selected}
        onValueChange={(value) => {
          const next = value as SearchTab;
          setSelected(next);
          afterNextPaint(() => onParamsChange({ tab: next === "explore" ? undefined : next }));
        }}
      >
        <TabsList aria-label={SEARCH_SCREEN_TEXTS.a11y.sections}>
          {SEARCH_TABS.map((value) => (
            <TabsTrigger key={value} value={value} className="px-3">
              {SEARCH_SCREEN_TEXTS.tabs[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {SEARCH_TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {value === tab ? body : null}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
