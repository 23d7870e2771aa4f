// Booking against the security table (CONVENTIONS.md example 9): every route refuses visitors,
// forged or tampered sessions and cross-site writes; someone who is no party to a booking, a
// weekly time or an order gets the answer a missing one gets; a refusal writes nothing.
import { vi } from "vitest";
import { runCommonRouteTests } from "../helpers";
import { BOOKING_ROUTES } from "../security-table";

vi.setConfig({ hookTimeout: 30_000 });

runCommonRouteTests(BOOKING_ROUTES);
