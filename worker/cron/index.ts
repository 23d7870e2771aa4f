// scheduled() dispatcher: each cron expression in wrangler.toml maps to the jobs it runs.
// Jobs are plain functions of (env, now) so tests can call them directly.
import type { Bindings } from "../env";

export type CronJob = { name: string; run: (env: Bindings, now: number) => Promise<unknown> };

export const CRON_SCHEDULES: Record<string, CronJob[]> = {
  "*/15 * * * *": [],
  "0 4 * * *": [],
};

export function registerCronJob(cron: keyof typeof CRON_SCHEDULES, job: CronJob) {
  CRON_SCHEDULES[cron]!.push(job);
}

export async function dispatchScheduled(cron: string, env: Bindings, now = Date.now()) {
  const jobs = CRON_SCHEDULES[cron];
  if (!jobs) {
    console.warn(JSON.stringify({ level: "warn", message: "no jobs for cron", cron }));
    return [];
  }
  // One failing job must not stop the others; each result is logged.
  const results = await Promise.allSettled(jobs.map((job) => job.run(env, now)));
  return results.map((result, i) => {
    const name = jobs[i]!.name;
    if (result.status === "rejected") {
      console.error(JSON.stringify({ level: "error", message: "cron job failed", cron, job: name, error: String(result.reason) }));
      return { job: name, ok: false as const, error: String(result.reason) };
    }
    return { job: name, ok: true as const, result: result.value };
  });
}
