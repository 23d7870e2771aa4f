// A Wrangler configuration whose one D1 database is the Previews' (wrangler.toml [previews]), for
// the D1 commands, which only read top-level `d1_databases` (issue #28, decision record 0087):
//   npx wrangler d1 migrations apply DB --remote -c "$(node scripts/preview-db.mjs)"
// The ids stay in wrangler.toml alone; this writes .wrangler/preview-db.json and prints its path.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";

const root = path.resolve(import.meta.dirname, "..");
const config = parse(readFileSync(path.join(root, "wrangler.toml"), "utf8"));
const databases = config.previews?.d1_databases ?? [];
if (databases.length === 0) throw new Error("wrangler.toml has no [[previews.d1_databases]]");
const out = path.join(root, ".wrangler/preview-db.json");
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(
  out,
  `${JSON.stringify(
    {
      name: config.name,
      compatibility_date: config.compatibility_date,
      d1_databases: databases.map((db) => ({ ...db, migrations_dir: path.join(root, db.migrations_dir ?? "migrations") })),
    },
    null,
    2,
  )}\n`,
);
console.log(path.relative(process.cwd(), out));
