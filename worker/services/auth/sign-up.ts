// Sign-up with a password (spec social-feed-search §5 "Sign up"; DESIGN.md "Email"): the account
// and its confirmation mail. The route counts the attempt and the address's mail budget first;
// everything here answers the same way for a known and an unknown address, so the answer never
// tells whether an email address has an account.
import { ACCOUNT_TEXTS } from "@shared/messages";
import { newId } from "../../db/ids";
import { createAccount, findUserByEmail, isEmailConflict, isUsernameConflict, usernameTaken } from "../../db/queries/users";
import type { Ctx } from "../../env";
import { ApiError } from "../../lib/errors";
import { createMailer } from "../mail";
import { logSecurityEvent } from "../security-events";
import { alreadyRegisteredMail, confirmationMail, issueEmailToken, pendingAccountMail } from "./accounts";
import { hashPassword } from "./passwords";

interface SignUpInput {
  email: string;
  password: string;
  username: string;
  displayName: string;
}

/**
 * Creates a pending account and mails its confirmation link; a known address gets a mail instead
 * (already registered, or a fresh link for the pending account as it is). 409 'Username is
 * already taken' is the only refusal.
 */
export async function signUp(ctx: Pick<Ctx, "env" | "db" | "origin" | "ip" | "userAgent">, input: SignUpInput): Promise<void> {
  const { env, db } = ctx;
  const { email, password, username, displayName } = input;
  const mailer = createMailer(env, db);

  // Usernames are public, so saying one is taken reveals nothing about email addresses, as long
  // as the answer does not depend on the address: a pending account's own username counts as
  // taken for its own address too, exactly as it does for anyone else's.
  if (await usernameTaken(db, username)) throw new ApiError("conflict", ACCOUNT_TEXTS.usernameTaken);
  // Hash before branching, so every path costs the same.
  const passwordHash = await hashPassword(env, password);
  const existing = await findUserByEmail(db, email);

  if (existing?.emailVerifiedAt) {
    await mailer.send(alreadyRegisteredMail(email, ctx.origin));
    return;
  }
  if (existing) {
    // A pending account keeps what its first sign-up stored: a repeated sign-up proves no more
    // about the mailbox than the first did, so it must not replace the password or names (the
    // owner would otherwise confirm a stranger's password). The address gets a fresh link for
    // the account as it is, and a mail that says so and points to a reset for anyone who does
    // not know that password (a reset link confirms the address too).
    const token = await issueEmailToken(db, existing.id, "confirm_email");
    await mailer.send(pendingAccountMail(email, ctx.origin, token));
    return;
  }

  const userId = newId();
  try {
    await createAccount(db, { id: userId, email, passwordHash, username, displayName });
  } catch (error) {
    if (isUsernameConflict(error)) throw new ApiError("conflict", ACCOUNT_TEXTS.usernameTaken);
    // Two sign-ups for one new address raced; the other one won. Answer as for a known address.
    if (isEmailConflict(error)) return;
    throw error;
  }
  const token = await issueEmailToken(db, userId, "confirm_email");
  await mailer.send(confirmationMail(email, ctx.origin, token));
  await logSecurityEvent(db, { userId, eventType: "sign_up", severity: "low", details: { action: "sign_up" }, ip: ctx.ip, userAgent: ctx.userAgent });
}
