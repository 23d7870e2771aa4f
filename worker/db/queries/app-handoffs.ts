// The native app's sign-in hand-offs (decision record 0093). Only hashes of the state and of the
// code are stored; making and hashing them is services/auth/app-handoff.ts's job. Each step
// deletes the row it spends in one conditional statement, so two requests racing for the same
// state or code cannot both get it.
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../client";
import { appHandoffs } from "../schema";

export type AppHandoffRow = typeof appHandoffs.$inferSelect;
type NewAppHandoff = typeof appHandoffs.$inferInsert;

/** A hand-off waiting for Google's answer (state and Google verifier set). */
export async function insertPendingHandoff(
  db: Db,
  row: Pick<NewAppHandoff, "purpose" | "stateHash" | "googleVerifier" | "challenge" | "userId" | "sessionId" | "createdAt" | "expiresAt">,
): Promise<void> {
  await db.insert(appHandoffs).values(row);
}

/** Spends the pending hand-off of this state if it is unexpired; returns it, or null. */
export async function claimPendingHandoff(db: Db, stateHash: string, now: number): Promise<AppHandoffRow | null> {
  const [row] = await db
    .delete(appHandoffs)
    .where(and(eq(appHandoffs.stateHash, stateHash), gt(appHandoffs.expiresAt, now)))
    .returning();
  return row ?? null;
}

/** The one-time code of a hand-off Google has answered. */
export async function insertIssuedHandoff(
  db: Db,
  row: Pick<NewAppHandoff, "purpose" | "codeHash" | "challenge" | "userId" | "sessionId" | "googleSub" | "createdAt" | "expiresAt">,
): Promise<void> {
  await db.insert(appHandoffs).values(row);
}

/**
 * Spends the issued hand-off of this code, expired or not, and returns it (the caller checks the
 * expiry and the verifier): whatever the outcome, a code is presented once.
 */
export async function takeIssuedHandoff(db: Db, codeHash: string): Promise<AppHandoffRow | null> {
  const [row] = await db.delete(appHandoffs).where(eq(appHandoffs.codeHash, codeHash)).returning();
  return row ?? null;
}

/** Deletes up to `limit` hand-offs, pending or issued, that expired before `before`; returns how many. */
export async function deleteExpiredHandoffs(db: Db, before: number, limit: number): Promise<number> {
  const expired = db.select({ id: appHandoffs.id }).from(appHandoffs).where(lt(appHandoffs.expiresAt, before)).limit(limit);
  const result = await db.delete(appHandoffs).where(inArray(appHandoffs.id, expired)).run();
  return result.meta.changes ?? 0;
}
