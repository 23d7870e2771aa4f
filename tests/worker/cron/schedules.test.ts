// The cron schedules of worker/cron (decision record 0012) are exactly the Cron Triggers that
// wrangler.toml declares: a schedule without a trigger would never run, and a trigger without a
// schedule would wake the Worker for nothing.
import { describe, expect, it } from "vitest";
import wranglerToml from "../../../wrangler.toml?raw";
import { CRON_JOBS, CRON_SCHEDULES, dispatchScheduled } from "../../../worker/cron";
import { env } from "cloudflare:test";

function declaredCrons(toml: string): string[] {
  const triggers = /^\[triggers\][^[]*?^crons\s*=\s*\[([^\]]*)\]/ms.exec(toml);
  if (!triggers) throw new Error("wrangler.toml has no [triggers] crons");
  return [...triggers[1]!.matchAll(/"([^"]+)"/g)].map((match) => match[1]!);
}

describe("cron schedules", () => {
  it("match wrangler.toml's [triggers] crons, one for one", () => {
    expect([...CRON_SCHEDULES].sort()).toEqual(declaredCrons(wranglerToml).sort());
  });

  it("each run at least one job, with names unique across schedules", () => {
    const names = CRON_SCHEDULES.flatMap((schedule) => CRON_JOBS[schedule].map((job) => job.name));
    for (const schedule of CRON_SCHEDULES) expect(CRON_JOBS[schedule].length, schedule).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });

  it("ignore a cron expression that is not one of them", async () => {
    expect(await dispatchScheduled("0 0 1 1 *", env, Date.now())).toEqual([]);
  });
});
