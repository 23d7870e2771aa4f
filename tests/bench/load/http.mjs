// The virtual users' HTTP side: one cookie jar and one client address (CF-Connecting-IP) per user,
// as tests/bench/chat.mjs does, every request bounded by a timeout, and every answer recorded
// under its action's name with its status and time (body read included).
import { client } from "../upload-lib.mjs";

const REQUEST_TIMEOUT_MS = 15_000;

let ipCounter = 0;

/** A cookie-keeping client whose requests come from an address of its own. */
export function userClient(baseURL) {
  ipCounter += 1;
  const ip = `198.19.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
  const inner = client(baseURL);
  return {
    ip,
    jar: inner.jar,
    request: (p, options = {}) => inner.request(p, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS), ...options, headers: { "cf-connecting-ip": ip, ...options.headers } }),
  };
}

/**
 * What every request answered, per action, and the windows in which the server was down on
 * purpose (a request that fails to connect then is the fault itself, not an error).
 */
export class Recorder {
  constructor() {
    this.actions = new Map();
    this.outages = [];
    this.unexpected = [];
  }

  entry(action) {
    let e = this.actions.get(action);
    if (!e) {
      e = { ms: [], at: [], ok: 0, status4xx: new Map(), status5xx: 0, proxy5xx: 0, network: 0, outage: 0 };
      this.actions.set(action, e);
    }
    return e;
  }

  inOutage(startedAt, endedAt) {
    return this.outages.some((o) => startedAt <= (o.end ?? Infinity) && endedAt >= o.start);
  }

  /** Sends and records; answers { status, body } or { error } (never throws). */
  async timed(api, action, path, options = {}) {
    const startedAt = Date.now();
    const t0 = performance.now();
    try {
      const res = await api.request(path, options);
      const text = await res.text();
      const elapsed = performance.now() - t0;
      const e = this.entry(action);
      e.ms.push(elapsed);
      e.at.push(startedAt);
      if (res.status >= 500 && isLocalProxyFailure(text)) {
        // Not the Worker's answer: `vite preview`'s Miniflare could not reach workerd (see below).
        e.proxy5xx += 1;
        if (e.proxy5xx <= 2) this.unexpected.push(`${action}: ${res.status} ${text.replace(/<[^>]+>|&nbsp;/g, " ").slice(0, 300)}`);
      } else if (res.status >= 500) {
        e.status5xx += 1;
        this.unexpected.push(`${action}: ${res.status} ${text.replace(/<[^>]+>|&nbsp;/g, " ").slice(0, 600)}`);
      } else if (res.status >= 400) {
        e.status4xx.set(res.status, (e.status4xx.get(res.status) ?? 0) + 1);
        if (e.status4xx.get(res.status) <= 3) this.unexpected.push(`${action}: ${res.status} ${text.slice(0, 200)}`);
      } else e.ok += 1;
      let body = null;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        body = text;
      }
      return { status: res.status, body, ms: elapsed };
    } catch (error) {
      const e = this.entry(action);
      if (this.inOutage(startedAt, Date.now())) e.outage += 1;
      else {
        e.network += 1;
        if (e.network <= 3) this.unexpected.push(`${action}: ${error?.cause?.code ?? error?.name ?? error}`);
      }
      return { error };
    }
  }
}

/**
 * The local server's own failure, not the Worker's: `vite preview` answers 500 with the error's
 * text when Miniflare's `dispatchFetch` to workerd throws "TypeError: fetch failed" (it opens a
 * connection per request, cloudflare/workers-sdk#15716; bursts after a restart lose some). The
 * Worker's own 5xx are JSON and are also counted from its request log.
 */
function isLocalProxyFailure(text) {
  return /TypeError: fetch failed/.test(text) && !text.trimStart().startsWith("{");
}

