// The search screen's state lives in the URL (issue #11): the query, the tab, the Explore filters
// (first document §3 search filters: contentType, location, profession, sortBy, verified,
// hasServices) and an opened hashtag. Back and forward then step through it and a shared link
// opens the same screen. Every field tolerates garbage (`.catch`), because a hand-edited or old
// link must still open the screen rather than the error page; defaults are left out of the URL so
// a plain /search stays plain.
import { z } from "zod";
import { CONTENT_TYPES, PROFESSIONS, TEXT_LIMITS } from "../../../shared/constants";
import { SEARCH_QUERY_MAX, SEARCH_SORTS } from "../../../shared/search-api";

export const SEARCH_TABS = ["explore", "users", "tags", "services"] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];

const text = (max: number) =>
  z
    .string()
    .transform((value) => value.trim().slice(0, max))
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined);

// A flag is present as true or absent: "false" in a link means the same as no flag.
const flag = z
  .union([z.boolean(), z.enum(["true", "false"]).transform((value) => value === "true")])
  .optional()
  .catch(undefined)
  .transform((value) => value || undefined);

export const searchParamsSchema = z.object({
  q: text(SEARCH_QUERY_MAX),
  tab: z.enum(SEARCH_TABS).optional().catch(undefined),
  contentType: z.enum(CONTENT_TYPES).optional().catch(undefined),
  location: text(TEXT_LIMITS.location),
  profession: z.enum(PROFESSIONS).optional().catch(undefined),
  // Relevance is the default (§4), so it is left out of the URL like the other defaults.
  sortBy: z
    .enum(SEARCH_SORTS)
    .optional()
    .catch(undefined)
    .transform((value) => (value === "relevance" ? undefined : value)),
  verified: flag,
  hasServices: flag,
  /** An opened hashtag: the screen shows that tag's posts instead of the tabs. */
  tag: text(60),
});

export type SearchParams = z.output<typeof searchParamsSchema>;

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
