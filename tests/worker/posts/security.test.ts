// Uploads, posts and the post lists against the security table: anonymous, other user and owner,
// with writes refusing cross-site requests and refusals writing nothing.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { POST_ROUTES } from "../security-table";

// Every route's fixture uploads a file through local R2; give them room when the suite runs in parallel.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

runCommonRouteTests(POST_ROUTES);
