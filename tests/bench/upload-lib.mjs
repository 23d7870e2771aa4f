// Helpers for the upload benchmark: a signed-in HTTP client with cookies and Origin, a free port,
// and the memory of the workerd process that serves the app (found through the process tree).
import { readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A tiny cookie-keeping client that sends Origin on every request, like the browser would. */
export function client(baseURL) {
  const jar = new Map();
  async function request(path, { method = "GET", json, body, headers = {}, signal } = {}) {
    const h = { origin: baseURL, ...headers };
    if (jar.size > 0) h.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let payload = body;
    if (json !== undefined) {
      h["content-type"] = "application/json";
      payload = JSON.stringify(json);
    }
    const res = await fetch(`${baseURL}${path}`, { method, headers: h, body: payload, redirect: "manual", signal });
    for (const line of res.headers.getSetCookie?.() ?? []) {
      const [pair] = line.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  }
  return { request, jar };
}

/** Signs up a fresh user, confirms the address through the dev outbox and signs in. */
export async function signInFreshUser(api) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `bench-${id}@example.test`;
  const password = "Bench-Upload-2024!x";
  const up = await api.request("/api/auth/sign-up", {
    method: "POST",
    json: { email, password, username: `bench_${id}`.slice(0, 30), displayName: "Upload Bench" },
  });
  if (up.status !== 201) throw new Error(`sign-up failed: ${up.status} ${await up.text()}`);
  const outbox = await (await api.request("/dev/outbox.json")).json();
  const mail = outbox.messages.find((m) => (m.to ?? m.toEmail) === email);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? "")?.[1];
  if (!token) throw new Error("no confirmation token in the dev outbox (is ENVIRONMENT=development?)");
  const confirm = await api.request("/api/auth/confirm", { method: "POST", json: { token } });
  if (confirm.status !== 200) throw new Error(`confirm failed: ${confirm.status} ${await confirm.text()}`);
  const signIn = await api.request("/api/auth/sign-in", { method: "POST", json: { email, password } });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  return email;
}

function parentOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may contain spaces) start after the last ")".
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
  } catch {
    return null;
  }
}

function commOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return "";
  }
}

/** The workerd processes descended from `rootPid`. */
export function workerdPids(rootPid) {
  const pids = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number);
  return pids.filter((pid) => {
    if (!commOf(pid).startsWith("workerd")) return false;
    for (let p = pid, depth = 0; p && p > 1 && depth < 50; p = parentOf(p), depth += 1) {
      if (p === rootPid) return true;
    }
    return false;
  });
}

/** VmRSS and VmHWM (peak resident set) of a process, in MiB. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMiB: kb("VmRSS") / 1024, peakMiB: kb("VmHWM") / 1024 };
}
