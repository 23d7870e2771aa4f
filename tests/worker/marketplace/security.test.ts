// The catalogue against the security table (CONVENTIONS.md example 9).
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { MARKET_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(MARKET_ROUTES);
