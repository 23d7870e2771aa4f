// Column helpers shared by every domain file, so timestamps, ids and enum checks look the same
// everywhere.
import { type SQL, sql } from "drizzle-orm";
import { integer, text } from "drizzle-orm/sqlite-core";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { newId } from "../ids";

/**
 * Current time in milliseconds, computed by SQLite. Used as the SQL default so rows inserted by
 * raw SQL (seed scripts, triggers, tests) get a timestamp too; drizzle inserts use Date.now().
 */
export const nowMsSql = sql`(CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))`;

/** A text primary key filled with a random UUID by the application. */
export const idColumn = (name = "id") =>
  text(name)
    .primaryKey()
    .$defaultFn(() => newId());

/** Milliseconds since the epoch. */
export const timestampMs = (name: string) => integer(name, { mode: "number" });

/** created_at: required, defaults to now. */
export const createdAt = () =>
  timestampMs("created_at")
    .notNull()
    .default(nowMsSql)
    .$defaultFn(() => Date.now());

/** updated_at: required, defaults to now and is refreshed by every drizzle update. */
export const updatedAt = () =>
  timestampMs("updated_at")
    .notNull()
    .default(nowMsSql)
    .$defaultFn(() => Date.now())
    .$onUpdateFn(() => Date.now());

/** A counter maintained by triggers (see migrations/0001_triggers_fts.sql); never written by the app. */
export const counter = (name: string) => integer(name, { mode: "number" }).notNull().default(0);

/** SQL for `column IN ('a', 'b', …)`, built from one of the enumerations in shared/constants.ts. */
export function inList(column: AnySQLiteColumn, values: readonly string[]): SQL {
  const list = values.map((v) => `'${v.replaceAll("'", "''")}'`).join(", ");
  return sql`${column} in (${sql.raw(list)})`;
}
