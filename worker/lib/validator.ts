// zValidator with our error envelope: a failed check answers 400 validation_failed whose message
// is the first issue's message (the spec's exact text, since shared schemas carry it) and whose
// details list every issue by field.
import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { REQUEST_TEXTS } from "@shared/messages";
import { ApiError } from "./errors";

export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({
        path: issue.path.map(String).join("."),
        message: issue.message,
      }));
      throw new ApiError("validation_failed", issues[0]?.message ?? REQUEST_TEXTS.invalidRequest, { issues });
    }
  });
}
