// Accounts and authentication: users, one-time email tokens, sessions (refresh-token families),
// rotating refresh tokens and the native app's sign-in hand-offs. See DESIGN.md "Sessions" and
// spec social-feed-search §3/§7 (auth service).
import { sql } from "drizzle-orm";
import { check, index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { APP_HANDOFF_PURPOSES } from "@shared/app-handoff-api";
import { USER_ROLES } from "@shared/moderation-api";
import { createdAt, idColumn, inList, timestampMs, updatedAt } from "./columns";

export const EMAIL_TOKEN_PURPOSES = ["confirm_email", "reset_password"] as const;
export type EmailTokenPurpose = (typeof EMAIL_TOKEN_PURPOSES)[number];

export const users = sqliteTable(
  "users",
  {
    id: idColumn(),
    /** Always stored lowercased (enforced by a CHECK); look it up with the lowercased input. */
    email: text("email").notNull(),
    emailVerifiedAt: timestampMs("email_verified_at"),
    /** Null for accounts that only sign in with Google. The string names algorithm and parameters. */
    passwordHash: text("password_hash"),
    /** Google's stable subject id; null until the account is linked to Google. */
    googleSub: text("google_sub"),
    /** 'member' or 'moderator'; granted only by `npm run moderator` or SQL, never by the API (decision record 0083). */
    role: text("role", { enum: USER_ROLES }).notNull().default("member"),
    /** Set by a moderator's suspension: no sign-in, content hidden (decision record 0083). */
    suspendedAt: timestampMs("suspended_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_unique").on(t.email),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
    // The suspended accounts only: every read of content checks its author against them
    // (worker/db/queries/visibility.ts accountActive), and a probe of this small index stays in
    // the page cache where a probe of users reads the account's row (search's sorted matches, the
    // profile's join gone: 4.4 → 2.9 ms of statement on the scale dataset). The condition is written as accountActive's, or SQLite could
    // not use it.
    index("users_suspended_idx").on(t.id).where(sql`suspended_at is not null`),
    check("users_email_lowercase", sql`${t.email} = lower(${t.email})`),
  ],
);

export const emailTokens = sqliteTable(
  "email_tokens",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    /** SHA-256 of the token sent by email; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestampMs("expires_at").notNull(),
    usedAt: timestampMs("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("email_tokens_token_hash_unique").on(t.tokenHash),
    index("email_tokens_user_purpose_idx").on(t.userId, t.purpose, t.createdAt),
    index("email_tokens_expires_idx").on(t.expiresAt),
    check("email_tokens_purpose_check", inList(t.purpose, EMAIL_TOKEN_PURPOSES)),
  ],
);

/**
 * A signed-in device. The id doubles as the refresh-token family: every rotated refresh token of
 * one sign-in points here, and presenting an already-used token revokes the whole family.
 */
export const authSessions = sqliteTable(
  "auth_sessions",
  {
    id: idColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Refreshed on activity; the 60-minute inactivity timeout is measured from here. */
    lastActiveAt: timestampMs("last_active_at").notNull(),
    expiresAt: timestampMs("expires_at").notNull(),
    revokedAt: timestampMs("revoked_at"),
    /** e.g. 'sign_out', 'refresh_token_reuse', 'inactivity', 'password_reset'. */
    revokeReason: text("revoke_reason"),
    ip: text("ip"),
    userAgent: text("user_agent"),
  },
  (t) => [
    index("auth_sessions_user_idx").on(t.userId, t.lastActiveAt),
    index("auth_sessions_expires_idx").on(t.expiresAt),
  ],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: idColumn(),
    sessionId: text("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the opaque token held in the cookie. */
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestampMs("expires_at").notNull(),
    /** Set when the token is exchanged; a second exchange is reuse and revokes the session family. */
    usedAt: timestampMs("used_at"),
    /** The token issued in exchange for this one. */
    replacedById: text("replaced_by_id"),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_unique").on(t.tokenHash),
    index("refresh_tokens_session_idx").on(t.sessionId),
    index("refresh_tokens_user_idx").on(t.userId),
    index("refresh_tokens_expires_idx").on(t.expiresAt),
  ],
);

/**
 * A Google sign-in started in the native app and finished in the system browser (decision record
 * 0093). A row is first *pending* (`state_hash` and `google_verifier` set while Google's consent
 * screen is open), then, once Google has answered, *issued* (`code_hash` set, live for a minute):
 * each step deletes the row it spends and the next is a new row, so every step is single-use by
 * one conditional statement. `challenge` is the app's S256 challenge; the code is redeemed only
 * with the verifier behind it. A re-authentication also names the session that asked and, once
 * Google confirmed, the Google account that signed in.
 */
export const appHandoffs = sqliteTable(
  "app_handoffs",
  {
    id: idColumn(),
    purpose: text("purpose", { enum: APP_HANDOFF_PURPOSES }).notNull(),
    /** SHA-256 of the state sent to Google, while pending. */
    stateHash: text("state_hash"),
    /** The PKCE verifier of the Worker's own code exchange with Google, while pending. */
    googleVerifier: text("google_verifier"),
    /** SHA-256 of the one-time code sent to the app, once issued. */
    codeHash: text("code_hash"),
    challenge: text("challenge").notNull(),
    /** A re-authentication's user from the start; a sign-in's once Google named the account. */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** A re-authentication's session: only it may redeem the code. */
    sessionId: text("session_id").references(() => authSessions.id, { onDelete: "cascade" }),
    /** A re-authentication's Google subject, once Google confirmed it. */
    googleSub: text("google_sub"),
    createdAt: createdAt(),
    expiresAt: timestampMs("expires_at").notNull(),
  },
  (t) => [
    uniqueIndex("app_handoffs_state_hash_unique").on(t.stateHash),
    uniqueIndex("app_handoffs_code_hash_unique").on(t.codeHash),
    index("app_handoffs_expires_idx").on(t.expiresAt),
    check("app_handoffs_purpose_check", inList(t.purpose, APP_HANDOFF_PURPOSES)),
    // Pending or issued, never both or neither.
    check("app_handoffs_one_step", sql`(${t.stateHash} is null) <> (${t.codeHash} is null)`),
  ],
);
