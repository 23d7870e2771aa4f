// generate_user_recommendations for everyone signed in (spec social-feed-search §7), nightly at
// 04:00 UTC (decision record 0033): users with a live session whose lists are missing or would
// expire within the next day, a bounded number per run so the run stays within D1's per-invocation
// query budget (each user costs about a dozen statements). Anyone it does not reach gets their
// lists computed when Explore first asks (GET /api/recommendations). Expired rows of users nobody
// refreshed are deleted.
import { DAY_MS } from "@shared/constants";
import { deleteExpiredRecommendations, usersDueForRecommendations } from "../db/queries/recommendations";
import { generateRecommendations } from "../services/recommendations";
import type { Ctx } from "../env";
import { purgeInBatches } from "./purge-batches";

/** Users refreshed per run: about a dozen statements each, within D1's 1,000 per invocation. */
const NIGHTLY_RECOMMENDATION_USERS = 60;

export async function refreshRecommendations({ db, now, log }: Pick<Ctx, "db" | "now" | "log">) {
  const due = await usersDueForRecommendations(db, now, now + DAY_MS, NIGHTLY_RECOMMENDATION_USERS);
  let refreshed = 0;
  for (const userId of due) {
    try {
      await generateRecommendations(db, userId, now);
      refreshed += 1;
    } catch (error) {
      // One user's failure must not stop the others; they are retried tomorrow or on first look.
      log.warn("recommendations not refreshed", { userId, error });
    }
  }
  const deleted = await purgeInBatches((limit) => deleteExpiredRecommendations(db, now, limit));
  return { due: due.length, refreshed, deleted };
}
