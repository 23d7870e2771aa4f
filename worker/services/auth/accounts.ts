// Accounts beyond their rows: deriving a free username for a Google account, and issuing and
// spending the one-time tokens behind confirmation and password-reset links (stored only as
// SHA-256, through db/queries/email-tokens.ts), plus the mails that carry them.
import { TEXT_LIMITS } from "@shared/constants";
import { sanitizeUsername } from "@shared/rules/username";
import type { Db } from "../../db/client";
import { claimEmailToken, insertEmailToken } from "../../db/queries/email-tokens";
import { usernameTaken } from "../../db/queries/users";
import type { EmailTokenPurpose } from "../../db/schema";
import { linkMail, type MailMessage } from "../mail";
import { randomToken, sha256Hex } from "./tokens";

const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  confirm_email: 24 * 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
};

/**
 * A free username for a Google account, derived from the name or the email's local part:
 * sanitised like a typed one, padded to the 3-character minimum, then suffixed with digits
 * until no one (ignoring case) has it.
 */
export async function deriveUniqueUsername(db: Db, seeds: (string | null | undefined)[]): Promise<string> {
  let base = "";
  for (const seed of seeds) {
    base = sanitizeUsername((seed ?? "").replace(/\s+/g, "_")).replace(/^[._-]+|[._-]+$/g, "");
    if (base.length >= TEXT_LIMITS.usernameMin) break;
  }
  if (base.length < TEXT_LIMITS.usernameMin) base = `user${base}`.slice(0, TEXT_LIMITS.usernameMax);
  if (base.length < TEXT_LIMITS.usernameMin) base = "user";
  if (!(await usernameTaken(db, base))) return base;
  for (let attempt = 0; attempt < 8; attempt++) {
    const suffix = String(crypto.getRandomValues(new Uint32Array(1))[0]! % 10_000).padStart(4, "0");
    const candidate = `${base.slice(0, TEXT_LIMITS.usernameMax - 5)}_${suffix}`;
    if (!(await usernameTaken(db, candidate))) return candidate;
  }
  return `user_${crypto.randomUUID().replace(/-/g, "").slice(0, 12)}`;
}

/** Creates a one-time token for an email link and returns the token itself (never stored). */
export async function issueEmailToken(db: Db, userId: string, purpose: EmailTokenPurpose, now = Date.now()): Promise<string> {
  const token = randomToken();
  await insertEmailToken(db, {
    userId,
    purpose,
    tokenHash: await sha256Hex(token),
    createdAt: now,
    expiresAt: now + EMAIL_TOKEN_TTL_MS[purpose],
  });
  return token;
}

/** Spends a token (once, even when two clicks race: see claimEmailToken). Returns its user or null. */
export async function spendEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now = Date.now()): Promise<string | null> {
  return claimEmailToken(db, await sha256Hex(token), purpose, now);
}

// The messages. Links point at SPA routes, which call the API.

export function confirmationMail(to: string, origin: string, token: string): MailMessage {
  return linkMail(
    to,
    "Confirm your Backline account",
    "Welcome to Backline! Confirm your email address to finish creating your account.",
    "Confirm my email",
    `${origin}/auth/confirm?token=${encodeURIComponent(token)}`,
    "The link works once and expires in 24 hours. If you did not sign up, ignore this email.",
  );
}

export function alreadyRegisteredMail(to: string, origin: string): MailMessage {
  return linkMail(
    to,
    "Someone tried to sign up with your email",
    "Someone (maybe you) tried to create a Backline account with this email address, which already has an account. No new account was created.",
    "Sign in or reset your password",
    `${origin}/auth`,
    "If this was not you, you can ignore this email: your account is unchanged.",
  );
}

/**
 * A repeated sign-up for an address whose account is still unconfirmed. Nothing was changed, so
 * the link confirms the account exactly as the first sign-up left it; whoever does not know that
 * password is sent to a password reset instead, which proves the mailbox and confirms it as well.
 */
export function pendingAccountMail(to: string, origin: string, token: string): MailMessage {
  return linkMail(
    to,
    "Confirm your Backline account",
    "Someone (maybe you) signed up again with this email address. An account for it is already waiting for confirmation, so no new account was created and nothing about the waiting one was changed. Confirming keeps the password chosen when the account was first created (and its username), not the one entered just now.",
    "Confirm my email",
    `${origin}/auth/confirm?token=${encodeURIComponent(token)}`,
    `If you do not know that password, do not confirm: use 'Forgot password' (${origin}/auth/forgot) to choose a new one; the reset link confirms your address too. If you did not sign up, ignore this email. The link works once and expires in 24 hours.`,
  );
}

export function passwordResetMail(to: string, origin: string, token: string): MailMessage {
  return linkMail(
    to,
    "Reset your Backline password",
    "We received a request to reset the password of your Backline account.",
    "Choose a new password",
    `${origin}/auth/reset?token=${encodeURIComponent(token)}`,
    "The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password is unchanged.",
  );
}
