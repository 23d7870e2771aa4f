// A Google we control: the Worker runs in the same isolate as the tests, so replacing global fetch
// for oauth2.googleapis.com answers the code exchange with an ID token of the test's choosing.
// Not in index.ts: only the Google tests use it (import from "../helpers/google").
import { env } from "cloudflare:test";
import { vi } from "vitest";

const b64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");

/** An ID token as Google's token endpoint returns it: valid for this client unless `claims` say otherwise. */
function idToken(claims: Record<string, unknown>) {
  const payload = {
    iss: "https://accounts.google.com",
    aud: env.GOOGLE_CLIENT_ID,
    exp: Math.floor(Date.now() / 1000) + 3600,
    iat: Math.floor(Date.now() / 1000),
    email_verified: true,
    ...claims,
  };
  return `${b64url({ alg: "RS256", typ: "JWT" })}.${b64url(payload)}.signature`;
}

/** Stubs Google's token endpoint; records what the Worker sent it. Undo with vi.restoreAllMocks(); a later call replaces it. */
export function stubGoogle(claims: Record<string, unknown>, status = 200) {
  const calls: URLSearchParams[] = [];
  // A second stub replaces the first, so "the real fetch" is never a stub calling itself.
  if (vi.isMockFunction(globalThis.fetch)) vi.mocked(globalThis.fetch).mockRestore();
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).host !== "oauth2.googleapis.com") return realFetch(input as RequestInfo, init);
    calls.push(new URLSearchParams(await request.text()));
    if (status !== 200) return Response.json({ error: "invalid_grant" }, { status });
    return Response.json({ access_token: "at", token_type: "Bearer", expires_in: 3600, id_token: idToken(claims) });
  });
  return calls;
}
