// Messages and activity against the security table (CONVENTIONS.md example 9): every route
// refuses visitors, forged or tampered sessions and cross-site writes; a user outside a
// conversation gets the answer a missing one gets; and nothing reaches the database on a refusal.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { MESSAGING_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(MESSAGING_ROUTES);
