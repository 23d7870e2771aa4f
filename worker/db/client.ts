// The drizzle instance over the D1 binding, with the full schema for relational queries.
//
// One per binding, kept for the isolate's life: drizzle() walks the whole schema to build its
// relational config, which was about a tenth of the Worker's CPU under load when it ran on every
// request (issue #33, decision record 0099). The instance holds no per-request state (no
// transaction, no session bookmark), and a binding object lives as long as its isolate, so
// sharing it between requests changes nothing but the cost.
import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

function makeDb(d1: D1Database) {
  return drizzle(d1, { schema });
}

export type Db = ReturnType<typeof makeDb>;

const instances = new WeakMap<D1Database, Db>();

export function createDb(d1: D1Database): Db {
  let db = instances.get(d1);
  if (!db) {
    db = makeDb(d1);
    instances.set(d1, db);
  }
  return db;
}
