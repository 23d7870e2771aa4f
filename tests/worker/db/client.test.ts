// The drizzle instance is made once per D1 binding (decision record 0099): building it walks the
// whole schema, which cost about a tenth of the Worker's CPU under load when done per request.
import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../worker/db/client";

describe("createDb", () => {
  it("gives the same instance for the same binding and its own for another, each reading its own database", async () => {
    const first = createDb(env.DB);
    expect(createDb(env.DB)).toBe(first);
    const calls: string[] = [];
    const other = new Proxy(env.DB, {
      get(target, key) {
        const value = Reflect.get(target, key) as unknown;
        if (key === "prepare") return (query: string) => (calls.push(query), target.prepare(query));
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    const second = createDb(other);
    expect(second).not.toBe(first);
    expect(await second.get<{ one: number }>(sql`select 1 as one`)).toEqual({ one: 1 });
    expect(calls).toEqual(["select 1 as one"]);
    // The first binding's instance never goes through the other binding.
    await first.get(sql`select 2 as two`);
    expect(calls).toEqual(["select 1 as one"]);
  });
});
