// Local stand-ins of the push services (issue #30): a `fetcher` for the senders
// (worker/services/notifications/senders) that records each request as the service would see it
// and answers what the test says. The tests put the real checks (signatures, claims, bodies)
// in the answer function, as the service would.
import type { PushPayload } from "@shared/notifications-api";
import type { PushTarget } from "../../../worker/services/notifications/senders/types";

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
  /** Whether the sender gave the request an abort signal (its timeout). */
  signal: AbortSignal | null;
}

export type Answer = (request: RecordedRequest, index: number) => Response | Promise<Response>;

/** A fetcher that records every request and answers with `answer`; `requests` fills as the sender calls. */
export function standIn(answer: Answer): { fetcher: typeof fetch; requests: RecordedRequest[] } {
  const requests: RecordedRequest[] = [];
  const fetcher = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const recorded: RecordedRequest = {
      url: new URL(request.url),
      method: request.method,
      headers: request.headers,
      body: new Uint8Array(await request.arrayBuffer()),
      signal: init?.signal ?? null,
    };
    requests.push(recorded);
    return answer(recorded, requests.length - 1);
  };
  return { fetcher: fetcher as typeof fetch, requests };
}

/** A fetcher that fails before any answer, as a DNS failure, a reset or a timeout does. */
export function failingFetcher(error: Error): { fetcher: typeof fetch; calls: () => number } {
  let calls = 0;
  const fetcher = async () => {
    calls++;
    throw error;
  };
  return { fetcher: fetcher as typeof fetch, calls: () => calls };
}

/** A JSON answer. */
export function jsonAnswer(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function bodyJson<T>(request: RecordedRequest): T {
  return JSON.parse(new TextDecoder().decode(request.body)) as T;
}

/** The payload a consumer would hand over: a like on a post. */
export function pushPayload(overrides: Partial<PushPayload> = {}): PushPayload {
  return { v: 1, id: "ntf_01", title: "Kenji liked your post", body: "“Late night take” — 3 people like it now", icon: null, path: "/post/pst_42", tag: "like:pst_42", count: 3, ...overrides };
}

/** A native device row (FCM or APNs). */
export function deviceTarget(kind: "fcm" | "apns", token: string): PushTarget {
  return { id: `sub_${kind}_${token.slice(0, 6)}`, kind, endpoint: token, p256dh: null, auth: null };
}
