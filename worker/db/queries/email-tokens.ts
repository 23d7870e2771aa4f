// One-time email tokens behind confirmation and password-reset links. Only their SHA-256 is
// stored; making and hashing the token is services/auth/accounts.ts's job.
import { and, eq, gt, inArray, isNull, lt } from "drizzle-orm";
import type { Db } from "../client";
import { emailTokens, type EmailTokenPurpose } from "../schema";

export async function insertEmailToken(
  db: Db,
  token: { userId: string; purpose: EmailTokenPurpose; tokenHash: string; createdAt: number; expiresAt: number },
): Promise<void> {
  await db.insert(emailTokens).values(token);
}

/**
 * Marks a token used if it exists, has this purpose, is unused and unexpired, in one conditional
 * statement, so two clicks racing cannot both succeed. Returns its user or null.
 */
export async function claimEmailToken(db: Db, tokenHash: string, purpose: EmailTokenPurpose, now: number): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Retires every other unused token of a purpose, e.g. older reset links after a reset. */
export async function retireEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose, now = Date.now()): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/** Deletes up to `limit` tokens that expired before `before`, used or not; returns how many. */
export async function deleteExpiredEmailTokens(db: Db, before: number, limit: number): Promise<number> {
  const expired = db.select({ id: emailTokens.id }).from(emailTokens).where(lt(emailTokens.expiresAt, before)).limit(limit);
  const result = await db.delete(emailTokens).where(inArray(emailTokens.id, expired)).run();
  return result.meta.changes ?? 0;
}
