// The body of POST /api/account/delete (decision record 0084): the password re-entered, or
// `confirmWith: "google"`, which spends this device's fresh Google confirmation (an HttpOnly
// cookie the body cannot carry). Exactly one of the two. Only presence and a bound are checked
// here: the stored hash, or the signed confirmation, decides.
import { z } from "zod";
import { LEAVING_TEXTS } from "../messages";

export const deleteAccountSchema = z
  .object({
    password: z.string({ error: LEAVING_TEXTS.delete.passwordRequired }).min(1, LEAVING_TEXTS.delete.passwordRequired).max(1024, LEAVING_TEXTS.delete.wrongPassword).optional(),
    confirmWith: z.literal("google", { error: LEAVING_TEXTS.delete.googleProofInvalid }).optional(),
  })
  .refine((input) => (input.password === undefined) !== (input.confirmWith === undefined), { error: LEAVING_TEXTS.delete.passwordRequired });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;
