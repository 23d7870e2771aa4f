// The body of POST /api/client-errors (issue #28 item 5, decision record 0011): what the SPA's
// error reporter (web/lib/report-error.ts) sends about an uncaught error, an unhandled rejection
// or a React error boundary, within the bounds of shared/client-errors.ts. The reporter cuts to
// those lengths before sending, and the route's body limit (8 KB) holds them in 3-byte characters.
import { z } from "zod";
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS, CLIENT_ERROR_ROUTE, type ClientErrorReport } from "../client-errors";
import { REQUEST_TEXTS } from "../messages";

export const clientErrorSchema = z.strictObject(
  {
    kind: z.enum(CLIENT_ERROR_KINDS),
    message: z.string().min(1).max(CLIENT_ERROR_LIMITS.message),
    stack: z.string().max(CLIENT_ERROR_LIMITS.stack).optional(),
    route: z.string().regex(CLIENT_ERROR_ROUTE).max(CLIENT_ERROR_LIMITS.route).optional(),
  },
  { error: REQUEST_TEXTS.invalidRequest },
) satisfies z.ZodType<ClientErrorReport>;
