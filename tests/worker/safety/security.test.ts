// Block and mute routes against the security table (CONVENTIONS.md example 9): each write refuses
// visitors, forged sessions and cross-site requests, and a refusal writes nothing.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { SAFETY_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(SAFETY_ROUTES);
