// The account behind a verified Google identity (DESIGN.md "Google sign-in"): linked, found by
// its verified email and linked, or created.
import { newId } from "../../db/ids";
import { createAccount, findUserByEmail, findUserIdByGoogleSub, isUsernameConflict, linkGoogleAccount } from "../../db/queries/users";
import type { Ctx } from "../../env";
import { logSecurityEvent } from "../security-events";
import { deriveUniqueUsername } from "./accounts";
import type { GoogleIdentity } from "./google";

/**
 * The account for a verified Google identity: the one already linked to it, else the one with
 * the same (verified) email, which gets linked, else a new one with a derived unique username.
 */
export async function linkOrCreateGoogleUser(ctx: Pick<Ctx, "db" | "now">, identity: Pick<GoogleIdentity, "sub" | "email" | "name">): Promise<string> {
  const db = ctx.db;
  const linkedId = await findUserIdByGoogleSub(db, identity.sub);
  if (linkedId) return linkedId;

  const existing = await findUserByEmail(db, identity.email);
  if (existing) {
    await linkGoogleAccount(db, existing.id, {
      googleSub: identity.sub,
      emailVerifiedAt: existing.emailVerifiedAt ?? ctx.now,
      // An unconfirmed account's password was set by someone who never proved the address;
      // Google has now proved it for this person, so that password must not keep working.
      passwordHash: existing.emailVerifiedAt ? existing.passwordHash : null,
    });
    return existing.id;
  }

  const displayName = (identity.name ?? "").trim().slice(0, 50);
  for (let attempt = 0; ; attempt++) {
    const userId = newId();
    const username = await deriveUniqueUsername(db, [identity.name, identity.email.split("@")[0]]);
    try {
      await createAccount(db, {
        id: userId,
        email: identity.email,
        emailVerifiedAt: ctx.now,
        googleSub: identity.sub,
        username,
        displayName: displayName.length >= 2 ? displayName : username,
      });
      await logSecurityEvent(db, { userId, eventType: "sign_up", severity: "low", details: { action: "sign_up", method: "google" } });
      return userId;
    } catch (error) {
      // Another sign-up took the username between the check and the insert: pick another.
      if (attempt < 3 && isUsernameConflict(error)) continue;
      throw error;
    }
  }
}
