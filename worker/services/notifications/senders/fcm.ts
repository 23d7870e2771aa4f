// Android pushes through Firebase Cloud Messaging's HTTP v1 API (issue #30 item 5; decision
// record 0096). FCM_SERVICE_ACCOUNT is the service account's JSON key: its private key signs an
// OAuth 2 JWT-bearer assertion (RFC 7523, RS256 with jose) that Google's token endpoint trades
// for an access token, which is kept in KV until a minute before it expires
// (token-cache.ts) and sent as the bearer of each message.
import { importPKCS8, SignJWT } from "jose";
import type { PushPayload } from "@shared/notifications-api";
import { describeRefusal, fetchWithTimeout, isRetryStatus, networkFailure, parseJson, responseText, retryOutcome } from "./http";
import { dropToken, readToken, writeToken } from "./token-cache";
import type { PushEnv, PushOptions, PushTarget, SendOutcome } from "./types";

const FCM_SCOPE = "https://www.googleapis.com/auth/firebase.messaging";
const DEFAULT_TOKEN_URI = "https://oauth2.googleapis.com/token";
/** Google accepts assertions valid for at most an hour. */
const ASSERTION_LIFETIME_S = 3600;
/** An access token is no longer used this long before Google says it expires. */
const TOKEN_MARGIN_S = 60;
/** The longest an Android message may wait for its device (FCM's limit, 28 days). */
const MAX_TTL_S = 28 * 24 * 60 * 60;

interface ServiceAccount {
  project_id: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
  token_uri: string;
}

/** The service account from FCM_SERVICE_ACCOUNT, or why FCM is off. */
function readServiceAccount(env: Pick<PushEnv, "FCM_SERVICE_ACCOUNT">): ServiceAccount | { missing: string } {
  const raw = env.FCM_SERVICE_ACCOUNT?.trim();
  if (!raw) return { missing: "FCM is off: FCM_SERVICE_ACCOUNT is not set" };
  const json = parseJson(raw);
  if (typeof json !== "object" || json === null) return { missing: "FCM is off: FCM_SERVICE_ACCOUNT is not JSON (it is the service account's key file)" };
  const fields = json as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === "string" && fields[name] !== "" ? (fields[name] as string) : null);
  const projectId = text("project_id");
  const clientEmail = text("client_email");
  // A key pasted with its line breaks escaped twice still reads as PEM.
  const privateKey = text("private_key")?.replace(/\\n/g, "\n") ?? null;
  const tokenUri = text("token_uri") ?? DEFAULT_TOKEN_URI;
  if (!projectId || !clientEmail || !privateKey) return { missing: "FCM is off: FCM_SERVICE_ACCOUNT lacks project_id, client_email or private_key" };
  // The signed assertion is a credential: it goes to Google over https and nowhere else.
  if (!tokenUri.startsWith("https://")) return { missing: "FCM is off: the service account's token_uri is not https" };
  const keyId = text("private_key_id");
  return { project_id: projectId, client_email: clientEmail, private_key: privateKey, token_uri: tokenUri, ...(keyId ? { private_key_id: keyId } : {}) };
}

const tokenKey = (account: ServiceAccount) => `push:fcm-token:${account.client_email}`;

/** The signed JWT-bearer assertion (Google's "service account authorization without OAuth" form, RFC 7523). */
async function fcmAssertion(account: ServiceAccount, now = Date.now()): Promise<string> {
  const nowS = Math.floor(now / 1000);
  return new SignJWT({ scope: FCM_SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT", ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
    .setIssuer(account.client_email)
    .setAudience(account.token_uri)
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + ASSERTION_LIFETIME_S)
    .sign(await importPKCS8(account.private_key, "RS256"));
}

/** An access token, from KV or from the token endpoint; a SendOutcome when Google would not give one. */
async function accessToken(env: PushEnv, account: ServiceAccount, fetcher: typeof fetch): Promise<string | SendOutcome> {
  const cached = await readToken(env, tokenKey(account));
  if (cached !== null) return cached;

  const now = Date.now();
  let assertion: string;
  try {
    assertion = await fcmAssertion(account, now);
  } catch (error) {
    return { result: "skipped", reason: `FCM is off: the service account's private_key is not a PKCS#8 RSA key (${String(error)})` };
  }
  let response: Response;
  try {
    response = await fetchWithTimeout(fetcher, account.token_uri, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }).toString(),
    });
  } catch (error) {
    return networkFailure(error);
  }
  const text = await responseText(response);
  if (!response.ok) {
    const detail = `token endpoint: ${describeRefusal(response.status, text)}`;
    // A refused assertion (invalid_grant: a revoked key, a clock far off) will not mend itself.
    return isRetryStatus(response.status) ? retryOutcome(response, detail) : { result: "failed", status: response.status, error: detail };
  }
  const grant = parseJson(text) as { access_token?: unknown; expires_in?: unknown } | null;
  if (typeof grant?.access_token !== "string" || grant.access_token === "") return { result: "failed", status: response.status, error: "token endpoint: no access_token in its answer" };
  const lifetimeS = typeof grant.expires_in === "number" ? grant.expires_in : ASSERTION_LIFETIME_S;
  if (lifetimeS > TOKEN_MARGIN_S) await writeToken(env, tokenKey(account), grant.access_token, now + (lifetimeS - TOKEN_MARGIN_S) * 1000, now);
  return grant.access_token;
}

/** The v1 message (https://firebase.google.com/docs/reference/fcm/rest/v1/projects.messages). */
function fcmMessage(token: string, payload: PushPayload, options: PushOptions) {
  // FCM's data values are strings only; a missing icon is left out rather than sent as "null".
  const data: Record<string, string> = {
    v: String(payload.v),
    id: payload.id,
    title: payload.title,
    body: payload.body,
    path: payload.path,
    tag: payload.tag,
    count: String(payload.count),
    ...(payload.icon !== null ? { icon: payload.icon } : {}),
  };
  return {
    message: {
      token,
      notification: { title: payload.title, body: payload.body },
      data,
      android: {
        ...(options.topic ? { collapse_key: options.topic } : {}),
        ttl: `${Math.min(MAX_TTL_S, Math.max(0, Math.floor(options.ttlSeconds)))}s`,
        priority: options.urgency === "high" ? "HIGH" : "NORMAL",
        notification: { tag: payload.tag },
      },
    },
  };
}

interface FcmErrorBody {
  error?: {
    code?: number;
    status?: string;
    message?: string;
    details?: { "@type"?: string; errorCode?: string; fieldViolations?: { field?: string }[] }[];
  };
}

/**
 * Whether FCM's refusal means the device token will never work again: UNREGISTERED (the app
 * was uninstalled or the token expired), or INVALID_ARGUMENT about the token itself (not a
 * token at all). An INVALID_ARGUMENT about anything else is our message's fault: kept.
 */
function tokenIsGone(status: number, body: FcmErrorBody | null): boolean {
  if (status === 404) return true;
  const details = body?.error?.details ?? [];
  const errorCodes = details.map((detail) => detail.errorCode);
  if (errorCodes.includes("UNREGISTERED")) return true;
  const invalidArgument = body?.error?.status === "INVALID_ARGUMENT" || errorCodes.includes("INVALID_ARGUMENT");
  if (status !== 400 || !invalidArgument) return false;
  const namesTokenField = details.some((detail) => detail.fieldViolations?.some((violation) => violation.field === "message.token"));
  return namesTokenField || /registration token/i.test(body?.error?.message ?? "");
}

/**
 * Sends one Android push. 200 sent; 404 or UNREGISTERED, or INVALID_ARGUMENT naming the token,
 * gone; 401 drops the cached access token and tries once more with a new one; 429/5xx, a network
 * error or a timeout retry; anything else failed. No (or an unreadable) service account: skipped.
 */
export async function sendFcm(env: PushEnv, target: PushTarget, payload: PushPayload, options: PushOptions, fetcher: typeof fetch = fetch): Promise<SendOutcome> {
  const account = readServiceAccount(env);
  if ("missing" in account) return { result: "skipped", reason: account.missing };
  const url = `https://fcm.googleapis.com/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;
  const body = JSON.stringify(fcmMessage(target.endpoint, payload, options));

  for (let attempt = 1; ; attempt++) {
    const token = await accessToken(env, account, fetcher);
    if (typeof token !== "string") return token;
    let response: Response;
    try {
      response = await fetchWithTimeout(fetcher, url, { method: "POST", headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json; charset=utf-8" }, body });
    } catch (error) {
      return networkFailure(error);
    }
    const { status } = response;
    if (status === 200) {
      await response.body?.cancel();
      return { result: "sent", status };
    }
    const text = await responseText(response);
    if (tokenIsGone(status, parseJson(text) as FcmErrorBody | null)) return { result: "gone", status };
    // The access token was revoked or expired early: forget it and ask for a new one, once.
    if (status === 401 && attempt === 1) {
      await dropToken(env, tokenKey(account));
      continue;
    }
    const detail = describeRefusal(status, text);
    return isRetryStatus(status) ? retryOutcome(response, detail) : { result: "failed", status, error: detail };
  }
}
