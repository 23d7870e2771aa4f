// drizzle-kit: `npx drizzle-kit generate --name <name>` writes SQL migrations to migrations/,
// which wrangler (D1 migrations_dir) and the test setup apply in file-name order.
import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./worker/db/schema/index.ts",
  out: "./migrations",
});
