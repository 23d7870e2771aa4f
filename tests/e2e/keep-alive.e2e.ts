// The local server does not drop requests. A request the Worker answers without
// reading its body (a cross-origin refusal, a body over its limit, an upload part without a
// session, an unknown path) is followed on the same keep-alive connection by an ordinary GET; the
// GET must get the Worker's answer, never Vite's HTML "fetch failed" 500 page. Decision record
// 0021 explains the cause: the local workerd closes a connection whose request body went unread,
// and the dev server's pooled connection to it sends the next request into the closing socket.
import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { baseURL } from "./browser";

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
afterAll(() => agent.destroy());

interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** True when the request went out on a connection an earlier request had used. */
  reused: boolean;
}

function send(method: string, path: string, options: { body?: Buffer; chunked?: boolean; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body && !options.chunked) headers["content-length"] = options.body.length;
    if (options.body) headers["content-type"] = "application/json";
    const req = http.request(`${baseURL()}${path}`, { method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers["content-type"] ?? ""),
          text: Buffer.concat(chunks).toString("utf8"),
          reused: req.reusedSocket,
        }),
      );
    });
    req.on("error", reject);
    if (options.body && options.chunked) {
      // Several writes without a Content-Length: Node sends Transfer-Encoding: chunked.
      for (let at = 0; at < options.body.length; at += 16 * 1024) req.write(options.body.subarray(at, at + 16 * 1024));
    } else if (options.body) {
      req.write(options.body);
    }
    req.end();
  });
}

const origin = () => new URL(baseURL()).origin;

/** Requests the Worker answers before (or without) reading their bodies, and the status it gives. */
const EARLY_ANSWERS: { name: string; status: number; send: () => Promise<Answer> }[] = [
  {
    name: "cross-origin POST",
    status: 403,
    send: () => send("POST", "/api/auth/sign-in", { body: Buffer.alloc(64 * 1024, 0x20), headers: { origin: "https://evil.example" } }),
  },
  {
    name: "body over its limit, with Content-Length",
    status: 413,
    send: () => send("POST", "/api/auth/sign-in", { body: Buffer.alloc(1024 * 1024, 0x20), headers: { origin: origin() } }),
  },
  {
    name: "body over its limit, chunked",
    status: 413,
    send: () => send("POST", "/api/auth/sign-in", { body: Buffer.alloc(256 * 1024, 0x20), chunked: true, headers: { origin: origin() } }),
  },
  {
    name: "upload part without a session",
    status: 401,
    send: () => send("PUT", "/api/uploads/0000/parts/1", { body: Buffer.alloc(256 * 1024, 7), headers: { origin: origin() } }),
  },
  {
    name: "small body to an unknown path",
    status: 404,
    send: () => send("POST", "/api/no-such-route", { body: Buffer.from('{"a":1}'), headers: { origin: origin() } }),
  },
];

const ROUNDS = 40;

describe("keep-alive connections to the local server", () => {
  it("answer the request after an early-refused body with the Worker's response, every time", async () => {
    const failures: string[] = [];
    let requests = 0;
    let reused = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const early of EARLY_ANSWERS) {
        const refused = await early.send();
        const next = await send("GET", "/api/health");
        requests += 2;
        reused += Number(refused.reused) + Number(next.reused);
        if (refused.status !== early.status || !refused.contentType.includes("application/json")) {
          failures.push(`${early.name}: got ${refused.status} ${refused.text.slice(0, 80)}`);
        }
        if (next.status !== 200 || !next.contentType.includes("application/json")) {
          failures.push(`GET after ${early.name}: got ${next.status} ${next.contentType} ${next.text.replace(/\s+/g, " ").slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The pairs really shared connections, which is what the failure needs.
    expect(reused / requests).toBeGreaterThan(0.9);
  });
});
