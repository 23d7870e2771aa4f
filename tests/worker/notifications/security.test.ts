// Notification settings and push device routes against the security table (CONVENTIONS.md
// example 9): each refuses visitors, forged sessions and cross-site requests, a refusal writes
// nothing, and no answer to another user carries the owner's private data.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { NOTIFICATION_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(NOTIFICATION_ROUTES);
