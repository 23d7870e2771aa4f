// Reports and moderation against the security table (CONVENTIONS.md example 9): visitors are
// refused, forged sessions and cross-site requests change nothing, and accounts without the
// moderator role meet the moderation routes as an unknown path.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { MODERATION_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(MODERATION_ROUTES);
