// Leaving against the security table (CONVENTIONS.md example 9, decision record 0084): every route
// refuses visitors, forged or tampered sessions and cross-site writes; another user's export
// answers like a missing one; a refusal writes nothing.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { LEAVING_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(LEAVING_ROUTES);
