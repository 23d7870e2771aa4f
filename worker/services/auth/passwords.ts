// Password hashing (DESIGN.md "Passwords", docs/decisions/0003-password-hash.md).
//
// Every password is first keyed with a secret pepper (HMAC-SHA256 with PASSWORD_PEPPER), so a
// stolen database alone cannot be attacked offline, and then hashed with scrypt through
// node:crypto, which workerd runs natively. The stored string names the algorithm and its
// parameters, so verification always uses what was stored and a hash made with older or weaker
// parameters is replaced on the next successful sign-in (`needsRehash`).
import { scrypt } from "node:crypto";
import { allows } from "../../lib/modes";
import { fromBase64Url, toBase64Url } from "./encoding";

export interface PasswordEnv {
  PASSWORD_PEPPER: string;
  /** "test" selects TEST_SCRYPT where worker/lib/modes.ts allows it (ENVIRONMENT "test"); otherwise the production cost. */
  PASSWORD_HASH_COST?: string;
  ENVIRONMENT: string;
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt equivalent for a 16 MiB memory budget (N=2^14, r=8, p=5): about 150 ms of CPU
 * per hash in workerd (measured, see the decision record). 16 MiB per concurrent hash fits in
 * the isolate's 128 MB; the N=2^17 variant would need all of it.
 */
export const PRODUCTION_SCRYPT: ScryptParams = { N: 16_384, r: 8, p: 5 };
/** Used only when PASSWORD_HASH_COST is "test" in the test environment (vitest bindings), so the suite stays fast. */
export const TEST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 };

/** Workers production refuses PBKDF2 above 100,000 iterations; legacy hashes never exceed it. */
export const PBKDF2_MAX_ITERATIONS = 100_000;

const KEY_BYTES = 32;
const SALT_BYTES = 16;
// Bounds on parameters read back from storage, so a corrupted row cannot make one sign-in burn
// seconds of CPU or more memory than the isolate has.
const MAX_N = 1 << 17;
const MAX_P = 16;
const MAX_R = 16;

function cheapHash(env: PasswordEnv): boolean {
  return env.PASSWORD_HASH_COST === "test" && allows(env, "cheapPasswordHash");
}

export function currentScryptParams(env: PasswordEnv): ScryptParams {
  return cheapHash(env) ? TEST_SCRYPT : PRODUCTION_SCRYPT;
}

const b64url = toBase64Url;
const fromB64url = fromBase64Url;

async function pepper(env: PasswordEnv, password: string): Promise<Uint8Array> {
  if (!env.PASSWORD_PEPPER) {
    // Hashing without the pepper would silently store weaker hashes that later fail to verify
    // once the secret is set; refuse instead.
    throw new Error("PASSWORD_PEPPER is not configured");
  }
  const key = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(env.PASSWORD_PEPPER),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(password.normalize("NFKC"))));
}

function scryptKey(secret: Uint8Array, salt: Uint8Array, params: ScryptParams): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_BYTES, { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(new Uint8Array(key)),
    );
  });
}

async function pbkdf2Key(secret: Uint8Array, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", secret, "PBKDF2", false, ["deriveBits"]);
  const bits = await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, KEY_BYTES * 8);
  return new Uint8Array(bits);
}

/** `scrypt$N=16384,r=8,p=5$<salt>$<hash>` (base64url, no padding). */
export async function hashPassword(env: PasswordEnv, password: string): Promise<string> {
  const params = currentScryptParams(env);
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await scryptKey(await pepper(env, password), salt, params);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${b64url(salt)}$${b64url(key)}`;
}

/** `pbkdf2-sha256$<iterations>$<salt>$<hash>`: the fallback format, verified and upgraded. */
export async function hashPasswordPbkdf2(env: PasswordEnv, password: string, iterations = PBKDF2_MAX_ITERATIONS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await pbkdf2Key(await pepper(env, password), salt, Math.min(iterations, PBKDF2_MAX_ITERATIONS));
  return `pbkdf2-sha256$${Math.min(iterations, PBKDF2_MAX_ITERATIONS)}$${b64url(salt)}$${b64url(key)}`;
}

type Parsed =
  | { algorithm: "scrypt"; params: ScryptParams; salt: Uint8Array; hash: Uint8Array }
  | { algorithm: "pbkdf2-sha256"; iterations: number; salt: Uint8Array; hash: Uint8Array };

function parse(stored: string): Parsed | null {
  const parts = stored.split("$");
  if (parts.length !== 4) return null;
  const [algorithm, paramText, saltText, hashText] = parts as [string, string, string, string];
  const salt = fromB64url(saltText);
  const hash = fromB64url(hashText);
  if (salt.length < 8 || hash.length !== KEY_BYTES) return null;
  if (algorithm === "scrypt") {
    const match = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(paramText);
    if (!match) return null;
    const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
    // N must be a power of two above 1.
    if (N < 2 || N > MAX_N || (N & (N - 1)) !== 0 || r < 1 || r > MAX_R || p < 1 || p > MAX_P) return null;
    return { algorithm, params: { N, r, p }, salt, hash };
  }
  if (algorithm === "pbkdf2-sha256") {
    const iterations = Number(paramText);
    if (!Number.isInteger(iterations) || iterations < 1 || iterations > PBKDF2_MAX_ITERATIONS) return null;
    return { algorithm, iterations, salt, hash };
  }
  return null;
}

export interface VerifyResult {
  ok: boolean;
  /** True when the password matched but the stored hash is not today's algorithm and cost. */
  needsRehash: boolean;
}

export async function verifyPassword(env: PasswordEnv, password: string, stored: string): Promise<VerifyResult> {
  const parsed = parse(stored);
  if (!parsed) return { ok: false, needsRehash: false };
  const secret = await pepper(env, password);
  const actual =
    parsed.algorithm === "scrypt"
      ? await scryptKey(secret, parsed.salt, parsed.params)
      : await pbkdf2Key(secret, parsed.salt, parsed.iterations);
  // Constant-time: the comparison takes as long for a near miss as for a wild guess.
  const ok = actual.byteLength === parsed.hash.byteLength && crypto.subtle.timingSafeEqual(actual, parsed.hash);
  const current = currentScryptParams(env);
  const upToDate =
    parsed.algorithm === "scrypt" &&
    parsed.params.N === current.N &&
    parsed.params.r === current.r &&
    parsed.params.p === current.p;
  return { ok, needsRehash: ok && !upToDate };
}

// A hash of a random password, made once per isolate, that unknown-email sign-ins verify
// against so they cost the same time as a wrong password for a real account. Only the finished
// string is kept between requests (a pending promise must not cross request contexts in workerd).
const dummyHashes = new Map<string, string>();

/** Spends the same work as verifying a real password, and always fails. */
export async function verifyDummyPassword(env: PasswordEnv, password: string): Promise<false> {
  const cost = cheapHash(env) ? "test" : "production";
  let dummy = dummyHashes.get(cost);
  if (!dummy) {
    dummy = await hashPassword(env, b64url(crypto.getRandomValues(new Uint8Array(24))));
    dummyHashes.set(cost, dummy);
  }
  await verifyPassword(env, password, dummy);
  return false;
}
