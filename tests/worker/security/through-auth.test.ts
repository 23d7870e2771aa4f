// The security layer as a user or attacker meets it through the real Worker and real sessions:
// sign-in lockout and rate limits on /api/auth/sign-in, and /api/security-events with cookies.
import { describe, expect, it } from "vitest";
import { api, createUser, eventsOf, expectError, limiterStub, signedInUser, signIn } from "../helpers";

type Summary = {
  today: { eventType: string; severity: string; ipAddress: string | null }[];
  criticalLast7Days: unknown[];
  latestAt: number | null;
};

describe("sign-in lockout", () => {
  it("locks after 5 wrong passwords: the right password then answers 423, and account_locked is logged", async () => {
    const user = await createUser();
    // Each attempt from its own IP, so only the per-account counters are in play.
    for (let i = 0; i < 5; i++) {
      await expectError(await api("/api/auth/sign-in", { body: { email: user.email, password: "Wrong-Password-1!" } }), 400, "Invalid login credentials");
    }
    const res = await api("/api/auth/sign-in", { body: { email: user.email, password: user.password } });
    await expectError(res, 423, "Account temporarily locked due to suspicious activity");
    expect(res.headers.getSetCookie()).toEqual([]);
    const locked = await eventsOf({ userId: user.id, eventType: "account_locked" });
    expect(locked).toHaveLength(1);
    expect(locked[0]!.severity).toBe("high");
  });

  it("four wrong passwords do not lock; a success clears the failure count", async () => {
    const user = await createUser();
    for (let i = 0; i < 4; i++) await (await api("/api/auth/sign-in", { body: { email: user.email, password: "Wrong-Password-1!" } })).arrayBuffer();
    expect(await limiterStub("failed_sign_in", user.email).storedRows()).toBe(4);
    // The fifth call (still inside the 5-per-email sign-in limit) has the right password.
    await signIn(user.email, user.password);
    expect(await limiterStub("failed_sign_in", user.email).storedRows()).toBe(0);
    expect(await eventsOf({ userId: user.id, eventType: "account_locked" })).toHaveLength(0);
  });

  it("answers 429 'Too Many Attempts' to a 6th sign-in from one IP within 15 minutes", async () => {
    const ip = "192.0.2.77";
    for (let i = 0; i < 5; i++) {
      const user = await createUser();
      await signIn(user.email, user.password, { ip });
    }
    const sixth = await createUser();
    const res = await api("/api/auth/sign-in", { body: { email: sixth.email, password: sixth.password }, ip });
    const body = await expectError(res, 429, "Please wait 15 minutes before trying again");
    expect(body.error.details).toMatchObject({ title: "Too Many Attempts" });
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(890);
  });
});

describe("/api/security-events with a real session", () => {
  it("records a signed-in report for the session's user and shows it only in that user's summary", async () => {
    const ana = await signedInUser();
    const ben = await signedInUser();
    const res = await api("/api/security-events", {
      body: { event_type: "session_hijack_attempt", severity: "high", details: { idleMinutes: 250 }, user_id: ben.id },
      cookie: ana.cookie,
      ip: "192.0.2.50",
    });
    expect(res.status).toBe(202);
    await res.arrayBuffer();

    const mine = await (await api("/api/security-events/summary", { cookie: ana.cookie })).json<Summary>();
    // Ana's sign-in (written by the auth route) and her report, newest first; nothing of Ben's.
    expect(mine.today.map((e) => e.eventType)).toEqual(["session_hijack_attempt", "sign_in"]);
    expect(mine.today[0]).toMatchObject({ severity: "high", ipAddress: "192.0.2.50" });
    expect(mine.latestAt).toEqual(expect.any(Number));
    const bens = await (await api("/api/security-events/summary", { cookie: ben.cookie })).json<Summary>();
    expect(bens.today.map((e) => e.eventType)).toEqual(["sign_in"]);
  });

  it("refuses a report without our Origin (403), as every mutating API call", async () => {
    await expectError(
      await api("/api/security-events", { body: { event_type: "suspicious_login_attempt", severity: "medium" }, origin: "https://evil.example" }),
      403,
      "Cross-origin request refused",
    );
  });
});
