// Search and discovery against the security table (CONVENTIONS.md example 9): visitors are
// refused, every signed-in caller gets answers of their own, and refusals write nothing.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { SEARCH_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(SEARCH_ROUTES);
