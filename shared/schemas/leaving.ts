// The body of POST /api/account/delete (decision record 0084). Only presence and a bound are
// checked here: the stored hash decides.
import { z } from "zod";
import { LEAVING_TEXTS } from "../messages";

export const deleteAccountSchema = z.object({
  password: z.string({ error: LEAVING_TEXTS.delete.passwordRequired }).min(1, LEAVING_TEXTS.delete.passwordRequired).max(1024, LEAVING_TEXTS.delete.wrongPassword),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
