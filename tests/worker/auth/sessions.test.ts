// Access tokens and the session middleware (GET /api/auth/session is the probe): tampered,
// expired, alg:none and wrong-audience tokens are no session; idle > 60 minutes ends the session;
// refresh rotation, reuse detection revoking the family, and sign-out scopes.
import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { SignJWT, UnsecuredJWT } from "jose";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authSessions, refreshTokens, securityEvents } from "../../../worker/db/schema";
import { REFRESH_RACE_GRACE_MS } from "../../../worker/services/auth/sessions";
import { signAccessToken } from "../../../worker/services/auth/tokens";
import { api, cookieHeader, db, expectError, setCookieLine, setCookies, signedInUser, signIn } from "../helpers";

type SessionBody = { user: { id: string; email: string } | null; profile: { username: string } | null };

const session = (cookie?: string) => api("/api/auth/session", cookie ? { cookie } : {});
const whoAmI = async (cookie?: string) => (await (await session(cookie)).json<SessionBody>()).user?.id ?? null;
const accessOnly = (access: string) => cookieHeader({ bl_access: access });

afterEach(() => {
  vi.useRealTimers();
});

describe("GET /api/auth/session", () => {
  it("answers the user and profile for a valid access token", async () => {
    const ana = await signedInUser();
    const res = await session(ana.cookie);
    expect(res.status).toBe(200);
    const body = await res.json<SessionBody>();
    // A profile without a profession that never onboarded is offered /create-profile.
    expect(body.user).toEqual({ id: ana.id, email: ana.email, needsOnboarding: true, isModerator: false });
    expect(body.profile?.username).toBe(ana.username);
  });

  it("answers 200 with nulls for visitors (never 401)", async () => {
    const res = await session();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: null, profile: null });
  });

  it("renews quietly from the refresh cookie when the access token has expired", async () => {
    const ana = await signedInUser();
    const res = await session(cookieHeader({ bl_refresh: ana.refresh }));
    expect((await res.json<SessionBody>()).user?.id).toBe(ana.id);
    const cookies = setCookies(res);
    expect(cookies.bl_access).toBeTruthy();
    expect(cookies.bl_refresh).toBeTruthy();
    expect(cookies.bl_refresh).not.toBe(ana.refresh);
  });
});

describe("access token checks", () => {
  it("treats a tampered token as no session", async () => {
    const ana = await signedInUser();
    const [header, payload, signature] = ana.access.split(".");
    const claims = JSON.parse(atob(payload!.replace(/-/g, "+").replace(/_/g, "/")));
    const forged = btoa(JSON.stringify({ ...claims, sub: "someone-else" })).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
    expect(await whoAmI(accessOnly(`${header}.${forged}.${signature}`))).toBeNull();
    // The signature flipped by one character.
    const flipped = signature!.slice(0, -2) + (signature!.at(-2) === "A" ? "B" : "A") + signature!.at(-1);
    expect(await whoAmI(accessOnly(`${header}.${payload}.${flipped}`))).toBeNull();
    expect(await whoAmI(accessOnly("not.a.jwt"))).toBeNull();
  });

  it("treats an expired token as no session", async () => {
    const ana = await signedInUser();
    const sid = (await db().select().from(authSessions).where(eq(authSessions.userId, ana.id)))[0]!.id;
    const expired = await signAccessToken(env, { userId: ana.id, sessionId: sid }, Date.now() - 16 * 60_000);
    expect(await whoAmI(accessOnly(expired))).toBeNull();
    const fresh = await signAccessToken(env, { userId: ana.id, sessionId: sid });
    expect(await whoAmI(accessOnly(fresh))).toBe(ana.id);
  });

  it("refuses alg:none, another key, another audience and another algorithm", async () => {
    const ana = await signedInUser();
    const sid = (await db().select().from(authSessions).where(eq(authSessions.userId, ana.id)))[0]!.id;
    const claims = { sid };
    const none = new UnsecuredJWT(claims).setSubject(ana.id).setIssuer("backline").setAudience("backline-web").setIssuedAt().setExpirationTime("10m").encode();
    expect(await whoAmI(accessOnly(none))).toBeNull();

    const sign = (alg: string, secret: string, audience = "backline-web") =>
      new SignJWT(claims)
        .setProtectedHeader({ alg })
        .setSubject(ana.id)
        .setIssuer("backline")
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime("10m")
        .sign(new TextEncoder().encode(secret));
    expect(await whoAmI(accessOnly(await sign("HS256", "another-secret-that-is-long-enough-0123456789")))).toBeNull();
    expect(await whoAmI(accessOnly(await sign("HS256", env.JWT_SECRET, "someone-else")))).toBeNull();
    expect(await whoAmI(accessOnly(await sign("HS512", env.JWT_SECRET)))).toBeNull();
    // Control: the same construction with our key, algorithm and audience works.
    expect(await whoAmI(accessOnly(await sign("HS256", env.JWT_SECRET)))).toBe(ana.id);
  });

  it("refuses a valid token whose session was revoked", async () => {
    const ana = await signedInUser();
    await db().update(authSessions).set({ revokedAt: Date.now(), revokeReason: "sign_out" }).where(eq(authSessions.userId, ana.id));
    expect(await whoAmI(accessOnly(ana.access))).toBeNull();
  });
});

describe("inactivity (60 minutes)", () => {
  it("ends a session idle for more than 60 minutes, and the refresh token cannot revive it", async () => {
    const ana = await signedInUser();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    // 59 minutes idle: still signed in, and activity is recorded.
    vi.setSystemTime(start + 59 * 60_000);
    const refreshed = await api("/api/auth/refresh", { method: "POST", cookie: ana.cookie });
    expect(refreshed.status).toBe(200);
    const next = setCookies(refreshed);
    // Then 61 minutes without activity.
    vi.setSystemTime(start + 59 * 60_000 + 61 * 60_000);
    expect(await whoAmI(cookieHeader({ bl_access: next.bl_access }))).toBeNull();
    const revived = await api("/api/auth/refresh", { method: "POST", cookie: cookieHeader({ bl_refresh: next.bl_refresh }) });
    await expectError(revived, 401);
    const [row] = await db().select().from(authSessions).where(eq(authSessions.userId, ana.id));
    expect(row!.revokedAt).not.toBeNull();
    expect(row!.revokeReason).toBe("inactivity");
  });

  it("records activity at most once a minute", async () => {
    const ana = await signedInUser();
    const [before] = await db().select().from(authSessions).where(eq(authSessions.userId, ana.id));
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    vi.setSystemTime(start + 30_000);
    await whoAmI(ana.cookie);
    const [unchanged] = await db().select().from(authSessions).where(eq(authSessions.userId, ana.id));
    expect(unchanged!.lastActiveAt).toBe(before!.lastActiveAt);
    vi.setSystemTime(start + 5 * 60_000);
    // The access token is still valid (15 minutes); the visit counts as activity.
    await whoAmI(cookieHeader({ bl_access: ana.access }));
    const [touched] = await db().select().from(authSessions).where(eq(authSessions.userId, ana.id));
    expect(touched!.lastActiveAt).toBe(start + 5 * 60_000);
  });
});

describe("POST /api/auth/refresh", () => {
  it("rotates: new cookies, old token marked used, new token in the same family", async () => {
    const ana = await signedInUser();
    const res = await api("/api/auth/refresh", { method: "POST", cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect((await res.json<SessionBody>()).user?.id).toBe(ana.id);
    const next = setCookies(res);
    expect(next.bl_refresh).toBeTruthy();
    expect(next.bl_refresh).not.toBe(ana.refresh);
    expect(setCookieLine(res, "bl_refresh")).toMatch(/Path=\/api\/auth/);
    const rows = await db().select().from(refreshTokens).where(eq(refreshTokens.userId, ana.id));
    expect(rows).toHaveLength(2);
    const used = rows.find((r) => r.usedAt !== null)!;
    const live = rows.find((r) => r.usedAt === null)!;
    expect(used.replacedById).toBe(live.id);
    expect(used.sessionId).toBe(live.sessionId);
    expect(await whoAmI(cookieHeader({ bl_access: next.bl_access }))).toBe(ana.id);
  });

  it("reuse of an exchanged token revokes the whole family and logs a high-severity event", async () => {
    const ana = await signedInUser();
    const first = await api("/api/auth/refresh", { method: "POST", cookie: ana.cookie });
    const next = setCookies(first);
    // Later than the tab-race grace period, the stolen old token is presented again.
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now: start + REFRESH_RACE_GRACE_MS + 1000 });
    const replay = await api("/api/auth/refresh", { method: "POST", cookie: cookieHeader({ bl_refresh: ana.refresh }) });
    await expectError(replay, 401);
    expect(setCookies(replay).bl_refresh).toBe("");

    const [row] = await db().select().from(authSessions).where(eq(authSessions.userId, ana.id));
    expect(row!.revokedAt).not.toBeNull();
    expect(row!.revokeReason).toBe("refresh_token_reuse");
    // The legitimate holder's newer tokens stop working too.
    await expectError(await api("/api/auth/refresh", { method: "POST", cookie: cookieHeader({ bl_refresh: next.bl_refresh }) }), 401);
    expect(await whoAmI(cookieHeader({ bl_access: next.bl_access }))).toBeNull();
    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, ana.id), eq(securityEvents.eventType, "refresh_token_reuse")));
    expect(events).toHaveLength(1);
    expect(events[0]!.severity).toBe("high");
  });

  it("a second tab presenting the same token within seconds is refused without revoking anything", async () => {
    const ana = await signedInUser();
    const [a, b] = await Promise.all([
      api("/api/auth/refresh", { method: "POST", cookie: ana.cookie }),
      api("/api/auth/refresh", { method: "POST", cookie: ana.cookie }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 401]);
    const loser = a.status === 401 ? a : b;
    // The loser must not clear the cookies the winner just set in the same browser.
    expect(loser.headers.getSetCookie()).toEqual([]);
    const [row] = await db().select().from(authSessions).where(eq(authSessions.userId, ana.id));
    expect(row!.revokedAt).toBeNull();
  });

  it("answers 401 without a refresh cookie or with an unknown one", async () => {
    await expectError(await api("/api/auth/refresh", { method: "POST" }), 401);
    await expectError(await api("/api/auth/refresh", { method: "POST", cookie: "bl_refresh=forged-token-value" }), 401);
  });
});

describe("POST /api/auth/sign-out", () => {
  async function threeDevices() {
    const ana = await signedInUser();
    const phone = await signIn(ana.email, ana.password);
    const laptop = await signIn(ana.email, ana.password);
    return { ana, phone, laptop };
  }
  const live = async (userId: string) =>
    (await db().select().from(authSessions).where(eq(authSessions.userId, userId))).filter((s) => s.revokedAt === null).length;

  it("local (default) ends only this device and clears its cookies", async () => {
    const { ana, phone } = await threeDevices();
    const res = await api("/api/auth/sign-out", { method: "POST", cookie: ana.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(setCookies(res)).toMatchObject({ bl_access: "", bl_refresh: "" });
    expect(await whoAmI(ana.cookie)).toBeNull();
    expect(await whoAmI(phone.cookie)).toBe(ana.id);
    expect(await live(ana.id)).toBe(2);
    const [event] = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.userId, ana.id), eq(securityEvents.eventType, "sign_out")));
    expect(event!.details).toMatchObject({ action: "sign_out", scope: "local" });
  });

  it("global ends every device", async () => {
    const { ana, phone, laptop } = await threeDevices();
    const res = await api("/api/auth/sign-out", { method: "POST", cookie: ana.cookie, body: { scope: "global" } });
    expect(res.status).toBe(200);
    expect(await live(ana.id)).toBe(0);
    expect(await whoAmI(phone.cookie)).toBeNull();
    await expectError(await api("/api/auth/refresh", { method: "POST", cookie: laptop.cookie }), 401);
  });

  it("others ends every device but this one and keeps its cookies", async () => {
    const { ana, phone, laptop } = await threeDevices();
    const res = await api("/api/auth/sign-out", { method: "POST", cookie: ana.cookie, body: { scope: "others" } });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(await live(ana.id)).toBe(1);
    expect(await whoAmI(ana.cookie)).toBe(ana.id);
    expect(await whoAmI(phone.cookie)).toBeNull();
    expect(await whoAmI(laptop.cookie)).toBeNull();
  });

  it("without a valid session answers 401 and logs unauthorized_access_attempt", async () => {
    const ip = "192.0.2.77";
    await expectError(await api("/api/auth/sign-out", { method: "POST", ip }), 401, "Authentication required");
    const events = await db()
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.ipAddress, ip), eq(securityEvents.eventType, "unauthorized_access_attempt")));
    expect(events).toHaveLength(1);
  });

  it("refuses an unknown scope", async () => {
    const ana = await signedInUser();
    await expectError(await api("/api/auth/sign-out", { method: "POST", cookie: ana.cookie, body: { scope: "everyone" } }), 400);
    expect(await whoAmI(ana.cookie)).toBe(ana.id);
  });
});
