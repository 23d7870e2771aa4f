// The password hasher inside workerd: production parameters round-trip, the pepper matters, the
// stored string names its parameters, malformed or hostile strings fail closed.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  hashPassword,
  hashPasswordPbkdf2,
  PRODUCTION_SCRYPT,
  verifyDummyPassword,
  verifyPassword,
} from "../../../worker/services/auth/passwords";

const production = { PASSWORD_PEPPER: env.PASSWORD_PEPPER, ENVIRONMENT: "production" };

describe("password hashes", () => {
  it("hashes with the production scrypt cost and verifies (N=16384, r=8, p=5)", async () => {
    const stored = await hashPassword(production, "Studio-Session-9!");
    expect(stored).toMatch(/^scrypt\$N=16384,r=8,p=5\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(PRODUCTION_SCRYPT).toEqual({ N: 16384, r: 8, p: 5 });
    expect(await verifyPassword(production, "Studio-Session-9!", stored)).toEqual({ ok: true, needsRehash: false });
    expect((await verifyPassword(production, "Studio-Session-9?", stored)).ok).toBe(false);
  });

  it("takes the cheap test cost only in the test environment (worker/lib/modes.ts)", async () => {
    expect(await hashPassword(env, "Cheap-In-Tests-1!")).toMatch(/^scrypt\$N=1024,r=8,p=1\$/);
    for (const ENVIRONMENT of ["production", "development", "staging", "Test", ""]) {
      const stored = await hashPassword({ PASSWORD_PEPPER: env.PASSWORD_PEPPER, PASSWORD_HASH_COST: "test", ENVIRONMENT }, "Cheap-In-Tests-1!");
      expect(stored, ENVIRONMENT).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
    }
  });

  it("salts every hash", async () => {
    expect(await hashPassword(env, "Same-Password-1!")).not.toBe(await hashPassword(env, "Same-Password-1!"));
  });

  it("depends on the pepper: a stolen hash does not verify without it", async () => {
    const stored = await hashPassword(env, "Peppered-Pass-2!");
    expect((await verifyPassword({ ...env, PASSWORD_PEPPER: "another-pepper" }, "Peppered-Pass-2!", stored)).ok).toBe(false);
    await expect(hashPassword({ PASSWORD_PEPPER: "", ENVIRONMENT: "test" }, "x")).rejects.toThrow(/PASSWORD_PEPPER/);
  });

  it("asks for a rehash when the stored cost or algorithm is not today's", async () => {
    const cheap = await hashPassword(env, "Upgrade-Me-3!"); // test cost
    expect(await verifyPassword(production, "Upgrade-Me-3!", cheap)).toEqual({ ok: true, needsRehash: true });
    const legacy = await hashPasswordPbkdf2(env, "Upgrade-Me-3!", 1000);
    expect(legacy).toMatch(/^pbkdf2-sha256\$1000\$/);
    expect(await verifyPassword(env, "Upgrade-Me-3!", legacy)).toEqual({ ok: true, needsRehash: true });
    // A wrong password never asks for anything.
    expect(await verifyPassword(env, "Wrong-Pass-3!", legacy)).toEqual({ ok: false, needsRehash: false });
  });

  it("never exceeds the runtime's 100,000 PBKDF2 iterations", async () => {
    expect(await hashPasswordPbkdf2(env, "Capped-Pass-4!", 600_000)).toMatch(/^pbkdf2-sha256\$100000\$/);
  });

  it("fails closed on malformed or hostile stored strings", async () => {
    const salt = "AAAAAAAAAAAAAAAAAAAAAA";
    const hash = "A".repeat(43);
    for (const stored of [
      "",
      "plaintext",
      `md5$1$${salt}$${hash}`,
      `scrypt$N=1048576,r=8,p=1$${salt}$${hash}`, // would need 1 GiB
      `scrypt$N=1000,r=8,p=1$${salt}$${hash}`, // not a power of two
      `scrypt$N=1024,r=8,p=99$${salt}$${hash}`,
      `pbkdf2-sha256$10000000$${salt}$${hash}`, // over the cap
      `scrypt$N=1024,r=8,p=1$${salt}$short`,
    ]) {
      expect(await verifyPassword(env, "Anything-1!", stored)).toEqual({ ok: false, needsRehash: false });
    }
  });

  it("the dummy verification always fails", async () => {
    expect(await verifyDummyPassword(env, "Anything-1!")).toBe(false);
  });
});
