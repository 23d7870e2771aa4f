import type { SearchFilters } from "@shared/search-api";

/** A word nobody else's rows contain: letters only, so the tokenizer keeps it whole. */
export function uniqueWord(): string {
  return `zq${crypto.randomUUID().replace(/[^a-f]/g, "").slice(0, 10)}`;
}

/** A search's filters as the route parses them: everything at its default but what is given. */
export function searchFilters(overrides: Partial<SearchFilters>): SearchFilters {
  return { q: "", contentType: "all", location: "", profession: "", sortBy: "relevance", verified: false, hasServices: false, ...overrides };
}
