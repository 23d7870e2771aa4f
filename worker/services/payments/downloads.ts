// Short-lived download links for a buyer's files (decision record 0038). A link
// is an HS256 token naming the order, the file (none for the digital product's own file) and the
// buyer, valid for DOWNLOAD_LINK_TTL_MS. Its key is derived from JWT_SECRET for this one purpose,
// and its audience differs from the access token's, so neither kind of token passes for the
// other. The route checks the order again when the link is used: a refund ends access at once.
import { errors, jwtVerify, SignJWT } from "jose";
import { DOWNLOAD_LINK_TTL_MS } from "@shared/checkout-api";
import { SNIFF_BYTES, sniffMime } from "@shared/rules/sniff-mime";
import type { Bindings } from "../../env";

const AUDIENCE = "backline-download";

export interface DownloadClaims {
  orderId: string;
  /** A service delivery file; null for the digital product's file. */
  fileId: string | null;
  userId: string;
}

async function downloadKey(env: Pick<Bindings, "JWT_SECRET">): Promise<Uint8Array> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`download-links:${env.JWT_SECRET}`));
  return new Uint8Array(digest);
}

export async function signDownloadLink(env: Pick<Bindings, "JWT_SECRET">, claims: DownloadClaims, now: number): Promise<{ token: string; expiresAt: number }> {
  const expiresAt = now + DOWNLOAD_LINK_TTL_MS;
  const token = await new SignJWT({ oid: claims.orderId, fid: claims.fileId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(claims.userId)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(await downloadKey(env));
  return { token, expiresAt };
}

export type DownloadVerdict = { ok: true; claims: DownloadClaims } | { ok: false; reason: "expired" | "invalid" };

export async function verifyDownloadLink(env: Pick<Bindings, "JWT_SECRET">, token: string, now: number): Promise<DownloadVerdict> {
  try {
    const { payload } = await jwtVerify(token, await downloadKey(env), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      requiredClaims: ["sub", "exp", "oid"],
      currentDate: new Date(now),
    });
    const fileId = payload.fid;
    if (typeof payload.sub !== "string" || typeof payload.oid !== "string" || (fileId !== null && typeof fileId !== "string")) {
      return { ok: false, reason: "invalid" };
    }
    return { ok: true, claims: { orderId: payload.oid, fileId: fileId ?? null, userId: payload.sub } };
  } catch (error) {
    return { ok: false, reason: error instanceof errors.JWTExpired ? "expired" : "invalid" };
  }
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266), so no name can break the header. */
export function attachmentDisposition(name: string): string {
  return disposition("attachment", name);
}

/** `inline` (played in the page, as a version's audio), named like an attachment. */
export function inlineDisposition(name: string): string {
  return disposition("inline", name);
}

function disposition(kind: "attachment" | "inline", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** A file ready to stream: its body, its size and the type its own first bytes show. */
export interface OpenedDownload {
  body: ReadableStream;
  size: number;
  contentType: string;
}

/**
 * Opens a private file for download. The type comes from the file's first bytes (a ranged read of
 * SNIFF_BYTES, so nothing is loaded whole): a recognised format's canonical type, else
 * application/octet-stream. Null when the object is gone.
 */
export async function openDownload(bucket: R2Bucket, key: string): Promise<OpenedDownload | null> {
  const first = await firstBytes(bucket, key);
  if (!first) return null;
  const object = await bucket.get(key);
  if (!object) return null;
  return { body: object.body, size: object.size, contentType: sniffMime(first) ?? "application/octet-stream" };
}

/** A private file's first SNIFF_BYTES (fewer for a shorter file), read as a range; null when it is gone. */
export async function firstBytes(bucket: R2Bucket, key: string): Promise<Uint8Array | null> {
  const head = await bucket.get(key, { range: { offset: 0, length: SNIFF_BYTES } });
  if (!head) return null;
  return new Uint8Array(await head.arrayBuffer());
}
