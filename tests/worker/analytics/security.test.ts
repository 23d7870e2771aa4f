// Analytics and the portfolio against the security table (CONVENTIONS.md example 9): visitors are
// refused, another user cannot feature the owner's post, and nothing reaches the database on a
// refusal.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { PRO_TOOL_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(PRO_TOOL_ROUTES);
