// Leaving (issue #27 items 5 and 6; DESIGN.md "Leaving"; decision record 0084): deleting one's
// account after a grace period, and a copy of one's data prepared in the background.
import { DAY_MS } from "@shared/constants";
import { DELETION_GRACE_DAYS, EXPORT_LINK_DAYS, type DataExportState, type DeletionConfirmation } from "@shared/leaving-api";
import type { OrderRole } from "@shared/checkout-api";
import { LEAVING_TEXTS } from "@shared/messages";
import { STORAGE_PREFIXES } from "@shared/rules/upload";
import {
  accountRowSteps,
  anonymiseAccount,
  cancelDeletionRequest,
  deleteAccountRows,
  deletePostRows,
  getDataExport,
  insertDataExport,
  latestDataExport,
  forgetExportFile,
  listDueDeletions,
  listExpiredExportFiles,
  listOpenOrders,
  listPostMedia,
  listProducts,
  listRequestedExports,
  markExportFailed,
  markExportReady,
  privateKeysStillNeeded,
  publicNames,
  readExportRows,
  recordDeletionRequest,
  withdrawOpenOffers,
  type DataExportRow,
} from "../db/queries/leaving";
import { deleteProductRow, ordersNeedProductFile } from "../db/queries/products";
import { revokeSessions } from "../db/queries/sessions";
import { closeSessionSockets } from "./live";
import { getUser, type UserRow } from "../db/queries/users";
import type { Ctx } from "../env";
import { ApiError } from "../lib/errors";
import { mediaUrl } from "../lib/media-url";
import { googleConfigured } from "./auth/google";
import { verifyPassword } from "./auth/passwords";
import { readReauthProof } from "./auth/reauth";
import { createMailer, linkMail } from "./mail";
import { effectivePreferences } from "./notifications/preferences";
import { posterKeyFor } from "./media/keys";
import { storedFileOf } from "./media/product-media";
import { toNote, toVersion, versionVisible } from "./payments/revision-view";
import { logSecurityEvent } from "./security-events";

export const DELETION_GRACE_MS = DELETION_GRACE_DAYS * DAY_MS;
const EXPORT_LINK_MS = EXPORT_LINK_DAYS * DAY_MS;
/** Exports prepared per 15-minute run: 1,920 a day, each a batch of reads and one R2 write. */
const EXPORTS_PER_RUN = 20;

// ---- Asking for deletion -----------------------------------------------------------------------

/** How the person confirms it is them: the password re-entered, or this device's Google proof cookie (decision record 0084). */
/** The signed-in device asking: its user and its auth_sessions row. */
interface AskingSession {
  userId: string;
  sessionId: string;
}

export type IdentityConfirmation = { password: string } | { googleProof: string | undefined };

/**
 * Refuses (403) unless the confirmation holds: the right password, or a genuine, unexpired Google
 * proof for exactly this user, this session and the Google account linked now. Only a wrong
 * password writes an event (it is a guess at a secret); a missing, expired or borrowed proof
 * writes nothing.
 */
async function confirmIdentity(ctx: Ctx, user: UserRow, sessionId: string, confirmation: IdentityConfirmation): Promise<void> {
  if ("googleProof" in confirmation) {
    const until = user.googleSub
      ? await readReauthProof(ctx.env, confirmation.googleProof, { userId: user.id, sessionId, googleSub: user.googleSub }, ctx.now)
      : null;
    if (until === null) throw new ApiError("forbidden", LEAVING_TEXTS.delete.googleProofInvalid);
    return;
  }
  // An account without a password confirms through Google; without Google either, it sets a
  // password through the reset mail, which proves the mailbox.
  if (!user.passwordHash) {
    throw new ApiError("forbidden", user.googleSub && googleConfigured(ctx.env) ? LEAVING_TEXTS.delete.noPasswordUseGoogle : LEAVING_TEXTS.delete.needsPassword);
  }
  const check = await verifyPassword(ctx.env, confirmation.password, user.passwordHash);
  if (!check.ok) {
    await logSecurityEvent(ctx.db, {
      userId: user.id,
      eventType: "suspicious_login_attempt",
      severity: "medium",
      details: { action: "account_delete", outcome: "invalid_password" },
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    throw new ApiError("forbidden", LEAVING_TEXTS.delete.wrongPassword);
  }
}

/** How /settings offers the confirmation, and whether this device's Google proof still works. */
export async function deletionConfirmation(ctx: Ctx, session: AskingSession, googleProof: string | undefined): Promise<DeletionConfirmation> {
  const user = await getUser(ctx.db, session.userId);
  const google = Boolean(user?.googleSub) && googleConfigured(ctx.env);
  const googleConfirmedUntil =
    user?.googleSub ? await readReauthProof(ctx.env, googleProof, { userId: user.id, sessionId: session.sessionId, googleSub: user.googleSub }, ctx.now) : null;
  return { password: Boolean(user?.passwordHash), google, googleConfirmedUntil };
}

/**
 * Confirms it is them (password or Google), refuses while orders are open, then records the
 * request, withdraws open offers and ends every session at once. The content stays until the
 * daily job after the grace period; signing in before then cancels.
 */
export async function requestAccountDeletion(ctx: Ctx, session: AskingSession, confirmation: IdentityConfirmation): Promise<void> {
  const { userId } = session;
  const user = await getUser(ctx.db, userId);
  if (!user) throw new ApiError("unauthorized", LEAVING_TEXTS.delete.wrongPassword);
  await confirmIdentity(ctx, user, session.sessionId, confirmation);
  const open = await listOpenOrders(ctx.db, userId);
  if (open.length > 0) {
    const lines = open.map((order) => LEAVING_TEXTS.delete.orderLine(order.itemName, order.role, order.status));
    throw new ApiError("conflict", LEAVING_TEXTS.delete.openOrdersRefusal(lines), { orders: open.map((order) => order.id) });
  }
  await recordDeletionRequest(ctx.db, userId, ctx.now);
  await withdrawOpenOffers(ctx.db, userId);
  await revokeSessions(ctx.db, { userId }, "account_deletion", ctx.now);
  // Its open sockets close with the sessions (decision record 0085).
  await closeSessionSockets(ctx, { userId, sessions: "all" });
}

/** A sign-in during the grace period cancels the deletion; true when it did (the answer says so). */
export function cancelDeletionOnSignIn(ctx: Pick<Ctx, "db">, userId: string): Promise<boolean> {
  return cancelDeletionRequest(ctx.db, userId);
}

// ---- The deletion itself (daily, after the grace period) ---------------------------------------

/** Rows per statement and objects per R2 call (R2 deletes up to 1,000 keys at once; D1 binds 100 parameters). */
const STEP_BATCH = 90;
/** Statements per step per run: a step that needs more goes on in the next run. */
const STEP_MAX_BATCHES = 40;
/** Accounts finished per run. */
const ACCOUNTS_PER_RUN = 10;

type DeletionOutcome = "deleted" | "postponed" | "partial";

/** MEDIA prefixes that hold only the account's own objects (`{prefix}{userId}/…`). */
function mediaPrefixes(userId: string): string[] {
  return [...Object.values(STORAGE_PREFIXES), "avatars/", "product-images/"].map((prefix) => `${prefix}${userId}/`);
}

/** Repeats `batch` until it handles less than a full batch; false when the cap stopped it first. */
async function untilDone(batch: () => Promise<number>): Promise<boolean> {
  for (let i = 0; i < STEP_MAX_BATCHES; i++) {
    if ((await batch()) < STEP_BATCH) return true;
  }
  return false;
}

/** Deletes every object under `prefix` except `keep`'s; one listing page per call. */
async function sweepPrefix(bucket: R2Bucket, prefix: string, keep: (keys: string[]) => Promise<Set<string>>): Promise<boolean> {
  let cursor: string | undefined;
  for (let i = 0; i < STEP_MAX_BATCHES; i++) {
    const page = await bucket.list({ prefix, limit: STEP_BATCH, ...(cursor ? { cursor } : {}) });
    const keys = page.objects.map((object) => object.key);
    const kept = await keep(keys);
    const doomed = keys.filter((key) => !kept.has(key));
    if (doomed.length > 0) await bucket.delete(doomed);
    if (!page.truncated) return true;
    cursor = page.cursor;
  }
  return false;
}

/**
 * Deletes one account whose grace period is over, in bounded, repeatable steps: stored objects
 * before the rows that name them, so a stop half-way leaves nothing unreachable in storage, and
 * the account anonymised last, so it stays "due" until everything else is gone.
 */
export async function deleteAccountNow(ctx: Pick<Ctx, "env" | "db" | "log" | "now">, userId: string): Promise<DeletionOutcome> {
  const { env, db } = ctx;
  // An order paid during the grace period (a listing was still up) is settled first.
  await withdrawOpenOffers(db, userId);
  if ((await listOpenOrders(db, userId)).length > 0) return "postponed";

  // Posts: their objects, then their rows (comments, likes and views on them go by cascade).
  const postsDone = await untilDone(async () => {
    const batch = await listPostMedia(db, userId, STEP_BATCH);
    if (batch.length === 0) return 0;
    await env.MEDIA.delete(batch.flatMap((post) => [post.mediaKey, post.thumbnailKey ?? posterKeyFor(post.mediaKey)]));
    await deletePostRows(
      db,
      userId,
      batch.map((post) => post.id),
    );
    return batch.length;
  });
  if (!postsDone) return "partial";

  // Products: the image goes; a file a buyer may still download is kept for them (decision record 0035).
  const productsDone = await untilDone(async () => {
    const batch = await listProducts(db, userId, STEP_BATCH);
    for (const product of batch) {
      const file = storedFileOf(product);
      const keep = file !== null && (await ordersNeedProductFile(db, product.id));
      if (product.imageKey) await env.MEDIA.delete(product.imageKey);
      if (file && !keep) await env.PRIVATE_FILES.delete(file.key);
      await deleteProductRow(db, { id: product.id, userId, retain: keep ? file : null, now: ctx.now });
    }
    return batch.length;
  });
  if (!productsDone) return "partial";

  for (const step of accountRowSteps(userId)) {
    if (!(await untilDone(() => deleteAccountRows(db, step, STEP_BATCH)))) return "partial";
  }

  // Whatever else the account stored: avatars (current and replaced), product images, uploads
  // never attached, product files no order needs, and its data exports.
  const none = () => Promise.resolve(new Set<string>());
  for (const prefix of mediaPrefixes(userId)) {
    if (!(await sweepPrefix(env.MEDIA, prefix, none))) return "partial";
  }
  if (!(await sweepPrefix(env.PRIVATE_FILES, `product-files/${userId}/`, (keys) => privateKeysStillNeeded(db, keys)))) return "partial";
  if (!(await sweepPrefix(env.PRIVATE_FILES, `data-exports/${userId}/`, none))) return "partial";

  await anonymiseAccount(db, userId, { displayName: LEAVING_TEXTS.deletedUser, now: ctx.now });
  return "deleted";
}

/** The daily job: every account whose grace period ended, a few per run. */
export async function deleteDueAccounts(ctx: Pick<Ctx, "env" | "db" | "log" | "now">) {
  const due = await listDueDeletions(ctx.db, ctx.now - DELETION_GRACE_MS, ACCOUNTS_PER_RUN);
  const outcomes: Record<DeletionOutcome | "failed", number> = { deleted: 0, postponed: 0, partial: 0, failed: 0 };
  for (const userId of due) {
    try {
      outcomes[await deleteAccountNow(ctx, userId)] += 1;
    } catch (error) {
      // The next run starts again where this one stopped.
      ctx.log.error("account deletion failed", { userId, error });
      outcomes.failed += 1;
    }
  }
  return outcomes;
}

// ---- Data exports ------------------------------------------------------------------------------

function exportFileKey(row: Pick<DataExportRow, "userId" | "id">): string {
  return `data-exports/${row.userId}/${row.id}.json`;
}

/** The newest export as /settings shows it. */
export function exportState(row: DataExportRow | null, now: number): DataExportState {
  if (!row) return { status: "none" };
  if (row.status === "requested") return { status: "requested", id: row.id, requestedAt: row.createdAt };
  if (row.status === "failed") return { status: "failed", id: row.id };
  const expiresAt = row.expiresAt ?? 0;
  if (expiresAt <= now) return { status: "expired", id: row.id, expiresAt };
  return { status: "ready", id: row.id, readyAt: row.readyAt ?? row.createdAt, expiresAt };
}

export async function currentExportState(ctx: Pick<Ctx, "db" | "now">, userId: string): Promise<DataExportState> {
  return exportState(await latestDataExport(ctx.db, userId), ctx.now);
}

/** Records a request; the caller has the limit checked. The 15-minute cron prepares it. */
export async function requestDataExport(ctx: Pick<Ctx, "db" | "now">, userId: string): Promise<DataExportRow> {
  return insertDataExport(ctx.db, userId, ctx.now);
}

/** The JSON document of one account's data: its own rows, and of other people only their public names. */
async function buildExport(ctx: Pick<Ctx, "db" | "now" | "origin">, userId: string) {
  const rows = await readExportRows(ctx.db, userId);
  const link = (key: string | null) => (key ? `${ctx.origin}${mediaUrl(key)}` : null);
  const partners = [...new Set(rows.conversations.map((c) => (c.user1Id === userId ? c.user2Id : c.user1Id)))];
  const names = await publicNames(ctx.db, partners);
  const byConversation = new Map<string, typeof rows.messages>();
  for (const message of rows.messages) {
    const list = byConversation.get(message.conversationId);
    if (list) list.push(message);
    else byConversation.set(message.conversationId, [message]);
  }
  return {
    format: "backline-data-export",
    version: 1,
    exportedAt: new Date(ctx.now).toISOString(),
    account: rows.account,
    profile: rows.profile
      ? {
          ...rows.profile,
          avatarUrl: rows.profile.avatarUrl ? `${ctx.origin}${rows.profile.avatarUrl}` : null,
        }
      : null,
    posts: rows.posts.map((post) => ({ ...post, mediaUrl: link(post.mediaKey), thumbnailUrl: link(post.thumbnailKey) })),
    comments: rows.comments,
    follows: { following: rows.following, followers: rows.followers },
    conversations: rows.conversations.map((conversation) => {
      const partnerId = conversation.user1Id === userId ? conversation.user2Id : conversation.user1Id;
      return {
        id: conversation.id,
        with: names.get(partnerId) ?? null,
        startedAt: conversation.createdAt,
        messages: (byConversation.get(conversation.id) ?? []).map((message) => ({
          fromMe: message.senderId === userId,
          type: message.messageType,
          content: message.content,
          sentAt: message.createdAt,
        })),
      };
    }),
    orders: rows.orders.map((order) => ({ ...order, ...exportedRevisions(rows, order.id, order.role) })),
    reviews: { written: rows.reviewsWritten, received: rows.reviewsReceived },
    securityEvents: rows.securityEvents,
    services: rows.services,
    products: rows.products.map((product) => ({
      ...product,
      imageUrl: link(product.imageKey),
      // The private file is listed by key: it is downloadable only through an order.
    })),
    portfolio: rows.portfolio,
    // Issue #30: the choices, the devices (what they are and when they were last seen, never the
    // push address or keys: those are the device's secrets) and the events recorded.
    notifications: {
      preferences: effectivePreferences(rows.notificationPreferences),
      devices: rows.pushDevices,
      received: rows.notificationEvents,
    },
  };
}

/**
 * An order's audio versions (what they are, not their bytes: those are the order's delivery files)
 * and its revision notes with their state, as this side sees them on the order page: the buyer
 * delivered versions and every note they wrote, drafts included; the seller every version and
 * every note sent to them (decision record 0091).
 */
function exportedRevisions(rows: Awaited<ReturnType<typeof readExportRows>>, orderId: string, role: OrderRole) {
  const ofOrder = rows.versions.filter((row) => row.version.orderId === orderId);
  const byId = new Map(ofOrder.map((row) => [row.version.id, row.version]));
  return {
    versions: ofOrder
      .filter((row) => versionVisible(role, row.version))
      .map(({ version, fileName, fileSize }) => {
        const { waveform: _peaks, audioUrl: _url, ...facts } = toVersion(version, fileName === null ? undefined : { name: fileName, size: fileSize ?? 0 });
        return facts;
      }),
    revisionNotes: rows.notes
      .filter((row) => row.note.orderId === orderId)
      .map((row) => toNote(role, row.note, byId))
      .filter((note) => note !== null),
  };
}

/**
 * Prepares one requested export: writes the file, marks it ready, and mails the link. Safe to run
 * twice (two overlapping cron runs): only the run that marks it ready sends the mail.
 */
async function prepareExport(ctx: Pick<Ctx, "env" | "db" | "log" | "now" | "origin">, row: DataExportRow): Promise<boolean> {
  try {
    const document = JSON.stringify(await buildExport(ctx, row.userId), null, 2);
    const bytes = new TextEncoder().encode(document);
    const key = exportFileKey(row);
    await ctx.env.PRIVATE_FILES.put(key, bytes, { httpMetadata: { contentType: "application/json; charset=utf-8" } });
    const won = await markExportReady(ctx.db, row.id, { fileKey: key, sizeBytes: bytes.byteLength, now: ctx.now, expiresAt: ctx.now + EXPORT_LINK_MS });
    if (!won) return false;
    const user = await getUser(ctx.db, row.userId);
    if (user) {
      const T = LEAVING_TEXTS.export.mail;
      const mail = linkMail(user.email, T.subject, T.intro, T.linkLabel, `${ctx.origin}/api/account/export/${row.id}`, T.outro);
      await createMailer(ctx.env, ctx.db).send(mail);
    }
    return true;
  } catch (error) {
    ctx.log.error("data export failed", { exportId: row.id, error });
    await markExportFailed(ctx.db, row.id);
    return false;
  }
}

/**
 * The 15-minute job: the requested exports, oldest first, and the files of expired exports,
 * which nobody may download any more. A run that stops half-way leaves the rest "requested" for
 * the next run.
 */
export async function prepareRequestedExports(ctx: Pick<Ctx, "env" | "db" | "log" | "now" | "origin">) {
  const pending = await listRequestedExports(ctx.db, EXPORTS_PER_RUN);
  let prepared = 0;
  for (const row of pending) if (await prepareExport(ctx, row)) prepared += 1;
  const expired = await listExpiredExportFiles(ctx.db, ctx.now, 50);
  for (const row of expired) {
    await ctx.env.PRIVATE_FILES.delete(row.fileKey);
    await forgetExportFile(ctx.db, row.id);
  }
  return { prepared, found: pending.length, expiredFilesRemoved: expired.length };
}

/** The owner's ready, unexpired export file; 404 for anyone else's or a missing one, 410 once expired. */
export async function openExportDownload(ctx: Pick<Ctx, "env" | "db" | "now">, userId: string, exportId: string) {
  const row = await getDataExport(ctx.db, exportId);
  if (!row || row.userId !== userId) throw new ApiError("not_found", LEAVING_TEXTS.export.notFound);
  const state = exportState(row, ctx.now);
  if (state.status === "expired") throw new ApiError("gone", LEAVING_TEXTS.export.linkExpired);
  if (state.status !== "ready" || !row.fileKey) throw new ApiError("conflict", LEAVING_TEXTS.export.notReady);
  const object = await ctx.env.PRIVATE_FILES.get(row.fileKey);
  if (!object) throw new ApiError("gone", LEAVING_TEXTS.export.linkExpired);
  const day = new Date(row.readyAt ?? row.createdAt).toISOString().slice(0, 10);
  return { body: object.body, size: object.size, fileName: `backline-data-${day}.json` };
}
