// Shared helpers for Worker tests: requests with the right Origin, confirmed users with known
// passwords, signed-in cookies and the dev outbox. Every engineer's tests use these, so a test
// reads like what a user or attacker does:
//
//   const ana = await createUser(env);                    // confirmed, password ana.password
//   const { cookie } = await signIn(ana.email, ana.password);
//   const res = await api("/api/posts", { method: "POST", body: { … }, cookie });
//   await expectError(res, 403, "You can only delete your own posts");
import { env } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { createDb, type Db } from "../../../worker/db/client";
import { newId } from "../../../worker/db/ids";
import { mailOutbox, profiles, users } from "../../../worker/db/schema";
import { hashPassword } from "../../../worker/services/auth/passwords";

/** The origin test requests are made on; mutating requests carry it as Origin by default. */
export const ORIGIN = "http://localhost";
/** A password that passes every sign-up rule. */
export const DEFAULT_PASSWORD = "Tuning-Fork-42!";

export function db(): Db {
  return createDb(env.DB);
}

let counter = 0;
/** A unique suffix for emails and usernames within one test file. */
export function unique(prefix = "u"): string {
  counter += 1;
  return `${prefix}${counter}${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
}

/**
 * A fresh documentation-range IP. Rate limits count per IP, so each request gets its own IP
 * unless a test passes one, and unrelated tests never share a limit.
 */
export function randomIp(): string {
  const b = crypto.getRandomValues(new Uint8Array(2));
  return `198.51.${b[0]}.${b[1]}`;
}

export interface ApiOptions {
  method?: string;
  /** Sent as JSON (a string is sent as-is with a JSON content type). */
  body?: unknown;
  /** A Cookie header value, e.g. from signIn(). */
  cookie?: string;
  headers?: Record<string, string>;
  /** CF-Connecting-IP; a random one by default. */
  ip?: string;
  /** The Origin header; ORIGIN by default, null to send none. */
  origin?: string | null;
}

/** Sends one request through the Worker's fetch handler, the way the SPA would. */
export function api(path: string, options: ApiOptions = {}): Promise<Response> {
  const method = options.method ?? (options.body === undefined ? "GET" : "POST");
  const headers = new Headers(options.headers);
  headers.set("CF-Connecting-IP", options.ip ?? randomIp());
  if (!headers.has("User-Agent")) headers.set("User-Agent", "vitest");
  if (options.origin !== null && method !== "GET" && method !== "HEAD") headers.set("Origin", options.origin ?? ORIGIN);
  if (options.cookie) headers.set("Cookie", options.cookie);
  let body: string | undefined;
  if (options.body !== undefined) {
    headers.set("Content-Type", "application/json");
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method, headers, body, redirect: "manual" }));
}

export interface ErrorEnvelope {
  error: { code: string; message: string; requestId: string; details?: unknown };
}

/** Asserts the status and the envelope's message, and returns the envelope. */
export async function expectError(res: Response, status: number, message?: string): Promise<ErrorEnvelope> {
  const body = (await res.json()) as ErrorEnvelope;
  expect({ status: res.status, message: body.error?.message }).toEqual({ status, message: message ?? body.error?.message });
  return body;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string;
  displayName: string;
}

export interface UserOverrides {
  email?: string;
  password?: string;
  username?: string;
  displayName?: string;
  /** Email confirmed (default true). */
  confirmed?: boolean;
  /** Store this exact string instead of hashing `password` (e.g. a legacy hash). */
  passwordHash?: string | null;
  /** Create the profile row (default true). */
  profile?: boolean;
}

/** Inserts a user (confirmed by default) with a known password and a profile. */
export async function createUser(testEnv: typeof env = env, overrides: UserOverrides = {}): Promise<TestUser> {
  const id = newId();
  const name = unique("user");
  const user: TestUser = {
    id,
    email: (overrides.email ?? `${name}@example.test`).toLowerCase(),
    password: overrides.password ?? DEFAULT_PASSWORD,
    username: overrides.username ?? name,
    displayName: overrides.displayName ?? `User ${name}`,
  };
  const passwordHash = overrides.passwordHash !== undefined ? overrides.passwordHash : await hashPassword(testEnv, user.password);
  const d = createDb(testEnv.DB);
  await d.insert(users).values({
    id,
    email: user.email,
    passwordHash,
    emailVerifiedAt: overrides.confirmed === false ? null : Date.now(),
  });
  if (overrides.profile !== false) {
    await d.insert(profiles).values({ userId: id, username: user.username, displayName: user.displayName });
  }
  return user;
}

/** name → value of every cookie a response sets (a deleted cookie has the value ""). */
export function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const at = pair!.indexOf("=");
    out[pair!.slice(0, at).trim()] = decodeURIComponent(pair!.slice(at + 1).trim());
  }
  return out;
}

/** The raw Set-Cookie line for one cookie, to check its attributes. */
export function setCookieLine(res: Response, name: string): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

export function cookieHeader(cookies: Record<string, string | undefined>): string {
  return Object.entries(cookies)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}=${value}`)
    .join("; ");
}

export interface SignedIn {
  userId: string;
  /** Cookie header with both bl_access and bl_refresh. */
  cookie: string;
  access: string;
  refresh: string;
  res: Response;
}

/** Signs in through POST /api/auth/sign-in and returns the cookies; fails the test if refused. */
export async function signIn(email: string, password: string, options: { ip?: string } = {}): Promise<SignedIn> {
  const res = await api("/api/auth/sign-in", { body: { email, password }, ...(options.ip ? { ip: options.ip } : {}) });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = setCookies(res);
  const body = (await res.clone().json()) as { user: { id: string } };
  return {
    userId: body.user.id,
    access: cookies.bl_access!,
    refresh: cookies.bl_refresh!,
    cookie: cookieHeader({ bl_access: cookies.bl_access, bl_refresh: cookies.bl_refresh }),
    res,
  };
}

/** A confirmed user, signed in: the one-liner most route tests start with. */
export async function signedInUser(overrides: UserOverrides = {}): Promise<TestUser & SignedIn> {
  const user = await createUser(env, overrides);
  return { ...user, ...(await signIn(user.email, user.password)) };
}

export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: number;
}

/** Mail written to the dev outbox, newest first; optionally only to one address. */
export async function outbox(to?: string): Promise<OutboxMessage[]> {
  const rows = await db()
    .select()
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.toEmail, to.toLowerCase()) : undefined)
    .orderBy(sql`rowid desc`);
  return rows.map((r) => ({ id: r.id, to: r.toEmail, subject: r.subject, text: r.text, html: r.html, createdAt: r.createdAt }));
}

/**
 * Reads until `read` answers something, up to about `timeoutMs`. Reset and resend mail is sent
 * after the response (worker/routes/auth.ts `afterResponse`), so mail reads wait through this.
 * Counted in attempts, not Date.now(): workerd's clock only moves on I/O, and tests may fake Date.
 */
async function poll<T>(read: () => Promise<T | undefined>, failure: () => string, timeoutMs = 5000): Promise<T> {
  for (let attempt = 0; attempt * 25 <= timeoutMs; attempt++) {
    const found = await read();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(failure());
}

/** Waits until at least `count` messages were mailed to `to` and returns them, newest first. */
export function waitForMail(to: string, count = 1): Promise<OutboxMessage[]> {
  return poll(
    async () => {
      const messages = await outbox(to);
      return messages.length >= count ? messages : undefined;
    },
    () => `expected ${count} mail(s) to ${to}`,
  );
}

/** The token of the newest `/auth/confirm` or `/auth/reset` link mailed to `to`, waiting for it. */
export function mailedToken(to: string, kind: "confirm" | "reset"): Promise<string> {
  const pattern = new RegExp(`/auth/${kind}\\?token=([A-Za-z0-9_-]+)`);
  return poll(
    async () => (await outbox(to)).map((message) => pattern.exec(message.text)?.[1]).find((token) => token !== undefined),
    () => `no ${kind} link mailed to ${to}`,
  );
}
