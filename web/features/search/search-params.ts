// The search screen's state lives in the URL: the query, the tab, the Explore filters
// (first document §3 search filters: contentType, location, profession, sortBy, verified,
// hasServices) and an opened hashtag. Back and forward then step through it and a shared link
// opens the same screen. Every field tolerates garbage (read as absent), because a hand-edited or old
// link must still open the screen rather than the error page; defaults are left out of the URL so
// a plain /search stays plain.
import { CONTENT_TYPES, PROFESSIONS, SEARCH_QUERY_MAX, SEARCH_SORTS, TEXT_LIMITS, type ContentType, type Profession, type SearchSort } from "@shared/constants";
import { optionalFlag, optionalOneOf, optionalText } from "@web/lib/search-params";

export const SEARCH_TABS = ["explore", "users", "tags", "services"] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

export interface SearchParams {
  q?: string;
  tab?: SearchTab;
  contentType?: ContentType;
  location?: string;
  profession?: Profession;
  /** Relevance is the default (§4), so it is left out of the URL like the other defaults. */
  sortBy?: Exclude<SearchSort, "relevance">;
  verified?: true;
  hasServices?: true;
  /** An opened hashtag: the screen shows that tag's posts instead of the tabs. */
  tag?: string;
}

/** The route's `validateSearch`: every field read on its own, garbage as absent. */
export function parseSearchParams(search: Record<string, unknown>): SearchParams {
  const sortBy = optionalOneOf(search.sortBy, SEARCH_SORTS);
  return {
    q: optionalText(search.q, SEARCH_QUERY_MAX),
    tab: optionalOneOf(search.tab, SEARCH_TABS),
    contentType: optionalOneOf(search.contentType, CONTENT_TYPES),
    location: optionalText(search.location, TEXT_LIMITS.location),
    profession: optionalOneOf(search.profession, PROFESSIONS),
    sortBy: sortBy === "relevance" ? undefined : sortBy,
    verified: optionalFlag(search.verified),
    hasServices: optionalFlag(search.hasServices),
    tag: optionalText(search.tag, 60),
  };
}

export type SearchFilters = Pick<SearchParams, "contentType" | "location" | "profession" | "sortBy" | "verified" | "hasServices">;

const FILTER_KEYS = ["contentType", "location", "profession", "sortBy", "verified", "hasServices"] as const satisfies ReadonlyArray<keyof SearchFilters>;

export function filtersOf(params: SearchParams): SearchFilters {
  return {
    contentType: params.contentType,
    location: params.location,
    profession: params.profession,
    sortBy: params.sortBy,
    verified: params.verified,
    hasServices: params.hasServices,
  };
}

/** Every filter back to its default (undefined keeps it out of the URL). */
export const NO_FILTERS: SearchFilters = {
  contentType: undefined,
  location: undefined,
  profession: undefined,
  sortBy: undefined,
  verified: undefined,
  hasServices: undefined,
};

/** How many filters differ from their defaults; Explore shows recommendations when none do. */
export function activeFilterCount(filters: SearchFilters): number {
  return FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
}
