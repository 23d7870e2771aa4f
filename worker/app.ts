import { Hono } from "hono";
import type { AppEnv } from "./env";

const api = new Hono<AppEnv>().get("/health", async (c) => {
  const row = await c.env.DB.prepare("select 1 as ok").first<{ ok: number }>();
  return c.json({ ok: row?.ok === 1 });
});

export const app = new Hono<AppEnv>().route("/api", api);
app.all("*", (c) => c.env.ASSETS.fetch(c.req.raw));
export type AppType = typeof app;
