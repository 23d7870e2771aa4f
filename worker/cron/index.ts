// scheduled() dispatcher (decision record 0012). The schedules are a typed union that must equal
// wrangler.toml's `[triggers] crons` (tests/worker/cron/schedules.test.ts compares them), and the
// table below is the only place a job is registered: adding one is a line here, never a side
// effect of importing some route file.
import { createDb } from "../db/client";
import type { Bindings, Ctx } from "../env";
import { configuredOrigin } from "../lib/config";
import { createLogger } from "../lib/logger";
import { rollUpAnalytics } from "./analytics-rollup";
import { purgeExpiredAuthRows } from "./auth-rows-purge";
import { updateHashtagTrendingScores } from "./hashtag-trending";
import { purgeOldOutboxMail } from "./mail-outbox-purge";
import { backUpDatabase } from "./database-backup";
import { completeDueOrders } from "./orders-auto-complete";
import { mailMessageDigests, purgeOldNotifications, releaseHeldNotifications } from "./notifications";
import { purgeOldPostViews } from "./post-views-purge";
import { purgeOldInteractions } from "./interactions-purge";
import { refreshRecommendations } from "./recommendations";
import { releaseRetainedProductFiles } from "./retained-files";
import { computeSearchTiers } from "./search-tiers";
import { purgeOldSecurityEvents } from "./security-events-purge";
import { cleanUpAbandonedUploads } from "./uploads-cleanup";
import { deleteDueAccounts, prepareRequestedExports } from "../services/leaving";

export const CRON_SCHEDULES = ["*/15 * * * *", "0 4 * * *"] as const;
export type CronSchedule = (typeof CRON_SCHEDULES)[number];

/** Jobs are plain functions of the request context (Ctx, decision record 0076), so tests call them directly. */
export interface CronJob {
  name: string;
  run: (context: Ctx) => Promise<unknown>;
}

export const CRON_JOBS: { readonly [S in CronSchedule]: readonly CronJob[] } = {
  // Every 15 minutes.
  "*/15 * * * *": [
    { name: "uploads-cleanup", run: cleanUpAbandonedUploads },
    // Trending topics (decision record 0032).
    { name: "hashtag-trending", run: updateHashtagTrendingScores },
    // Data exports a request's background work left unfinished, and expired export files (decision record 0084).
    { name: "prepare-data-exports", run: prepareRequestedExports },
    // Search rank classes of new and edited posts and profiles (decision record 0095).
    { name: "search-tiers", run: computeSearchTiers },
    // Pushes held by quiet hours whose hours ended, and the digest of unread messages (decision record 0096).
    { name: "release-held-notifications", run: releaseHeldNotifications },
    { name: "message-digest", run: mailMessageDigests },
  ],
  // Daily at 04:00 UTC: retention (decision records 0023 and the security events' 90 days), and
  // the orders' automatic completions (decision record 0037).
  "0 4 * * *": [
    { name: "complete-due-orders", run: completeDueOrders },
    // The analytics roll-up of the last complete UTC days (decision record 0051); the raw rows it
    // reads are kept 90 days, so the purges below never race it for a day it still needs.
    { name: "roll-up-analytics", run: rollUpAnalytics },
    { name: "purge-security-events", run: purgeOldSecurityEvents },
    { name: "purge-expired-auth-rows", run: purgeExpiredAuthRows },
    { name: "purge-old-post-views", run: purgeOldPostViews },
    { name: "purge-old-outbox-mail", run: purgeOldOutboxMail },
    { name: "purge-old-interactions", run: purgeOldInteractions },
    { name: "purge-old-notifications", run: purgeOldNotifications },
    // Recommendations for everyone signed in (decision record 0033).
    { name: "refresh-recommendations", run: refreshRecommendations },
    // Product files kept for buyers after their product lost them (decision record 0035).
    { name: "release-retained-product-files", run: releaseRetainedProductFiles },
    // Accounts whose deletion's grace period ended (decision record 0084).
    { name: "delete-due-accounts", run: deleteDueAccounts },
    // The nightly copy of the base tables that outlives Time Travel (decision record 0087).
    { name: "database-backup", run: backUpDatabase },
  ],
};

function isSchedule(cron: string): cron is CronSchedule {
  return (CRON_SCHEDULES as readonly string[]).includes(cron);
}

export async function dispatchScheduled(cron: string, env: Bindings, now = Date.now()) {
  const log = createLogger({ cron });
  if (!isSchedule(cron)) {
    log.warn("no jobs for cron");
    return [];
  }
  const jobs = CRON_JOBS[cron];
  // The run's entry point: its one Db is made here and handed to every job.
  const db = createDb(env.DB);
  // The same context a request's services get: nobody asked, so no IP and no user agent.
  const ctx: Omit<Ctx, "log"> = { env, db, now, origin: configuredOrigin(env), ip: null, userAgent: null };
  // One failing job must not stop the others; each result is logged.
  const results = await Promise.allSettled(jobs.map((job) => job.run({ ...ctx, log: log.with({ job: job.name }) })));
  return results.map((result, i) => {
    const name = jobs[i]!.name;
    if (result.status === "rejected") {
      log.error("cron job failed", { job: name, error: result.reason });
      return { job: name, ok: false as const, error: String(result.reason) };
    }
    return { job: name, ok: true as const, result: result.value };
  });
}
