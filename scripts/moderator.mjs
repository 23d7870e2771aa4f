// `npm run moderator -- grant|revoke <email> [--remote]`: gives an account the moderator role, or
// takes it back (decision record 0083). The role is granted only here (or by the same SQL run by
// hand), never by the API. Without --remote it changes the local D1 that `npm start` uses; with
// --remote, the deployed database (wrangler must be logged in to the account).
import { spawnSync } from "node:child_process";
import { root, statePath } from "./lib.mjs";

const [command, rawEmail, ...flags] = process.argv.slice(2);
const remote = flags.includes("--remote");
const email = (rawEmail ?? "").trim().toLowerCase();
// An address of plain characters only: it goes into the SQL below, so nothing may escape the quotes.
if ((command !== "grant" && command !== "revoke") || !/^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(email)) {
  console.error("Usage: npm run moderator -- grant|revoke <email> [--remote]");
  process.exit(2);
}

const role = command === "grant" ? "moderator" : "member";
const sql = `UPDATE users SET role = '${role}' WHERE email = '${email}'; SELECT email, role FROM users WHERE email = '${email}';`;
const target = remote ? ["--remote"] : ["--local", "--persist-to", statePath()];
const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", ...target, "--json", "--command", sql], {
  cwd: root,
  encoding: "utf8",
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" },
});
if (result.status !== 0) {
  process.stderr.write(result.stderr || result.stdout);
  process.exit(result.status ?? 1);
}
const rows = JSON.parse(result.stdout).flatMap((statement) => statement.results ?? []);
if (rows.length === 0) {
  console.error(`No account uses ${email}.`);
  process.exit(1);
}
console.log(`${email} is now a ${rows[0].role}${remote ? " (remote database)" : " (local database)"}.`);
