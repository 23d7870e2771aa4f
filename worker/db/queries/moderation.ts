// Reports and moderation (issue #27 items 3 and 4; DESIGN.md "Reports and moderation"; decision
// record 0083): who owns a reported thing, the reports themselves, hiding, suspension, the audit
// log and the moderators' queue. Plain functions of the request's Db, called by
// services/moderation.ts.
import { and, asc, count, countDistinct, desc, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  MODERATION_LIMITS,
  type ModerationAccount,
  type ModerationAction,
  type ModerationContent,
  type ModerationQueueItem,
  type ReportOutcome,
  type ReportReason,
  type ReportTargetType,
  type UserRole,
} from "@shared/moderation-api";
import { mediaUrl } from "../../lib/media-url";
import type { Db } from "../client";
import { comments, messages, moderationActions, posts, products, profiles, reports, services, users } from "../schema";

/** The tables whose rows can be hidden, by the report target type that names them. */
const HIDEABLE = { post: posts, comment: comments, message: messages, service: services, product: products } as const;
type HideableType = keyof typeof HIDEABLE;

export function isHideable(type: ReportTargetType): type is HideableType {
  return type in HIDEABLE;
}

export interface ReportTarget {
  /** The account the content belongs to (a message's sender, a profile's own user). */
  ownerId: string;
  /** For a message, the one other account that can see it; null for public content. */
  audienceId: string | null;
  hiddenAt: number | null;
}

/** The reported thing's owner and state, read from the server's own rows; null when it does not exist. */
export async function findReportTarget(db: Db, type: ReportTargetType, id: string): Promise<ReportTarget | null> {
  switch (type) {
    case "post": {
      const [row] = await db.select({ ownerId: posts.userId, hiddenAt: posts.hiddenAt }).from(posts).where(eq(posts.id, id)).limit(1);
      return row ? { ...row, audienceId: null } : null;
    }
    case "comment": {
      const [row] = await db.select({ ownerId: comments.userId, hiddenAt: comments.hiddenAt }).from(comments).where(eq(comments.id, id)).limit(1);
      return row ? { ...row, audienceId: null } : null;
    }
    case "message": {
      const [row] = await db
        .select({ ownerId: messages.senderId, audienceId: messages.receiverId, hiddenAt: messages.hiddenAt })
        .from(messages)
        .where(eq(messages.id, id))
        .limit(1);
      return row ?? null;
    }
    case "service": {
      const [row] = await db.select({ ownerId: services.userId, hiddenAt: services.hiddenAt }).from(services).where(eq(services.id, id)).limit(1);
      return row ? { ...row, audienceId: null } : null;
    }
    case "product": {
      const [row] = await db.select({ ownerId: products.userId, hiddenAt: products.hiddenAt }).from(products).where(eq(products.id, id)).limit(1);
      return row ? { ...row, audienceId: null } : null;
    }
    case "profile": {
      const [row] = await db.select({ ownerId: profiles.userId }).from(profiles).where(eq(profiles.userId, id)).limit(1);
      return row ? { ownerId: row.ownerId, audienceId: null, hiddenAt: null } : null;
    }
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}

export async function getAccountStanding(db: Db, userId: string): Promise<{ role: UserRole; suspendedAt: number | null } | null> {
  const [row] = await db.select({ role: users.role, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

export interface ReportRow {
  id: string;
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  status: "open" | "resolved";
  createdAt: number;
}

const receiptColumns = {
  id: reports.id,
  targetType: reports.targetType,
  targetId: reports.targetId,
  reason: reports.reason,
  status: reports.status,
  createdAt: reports.createdAt,
};

/**
 * Files a report unless the reporter already has an open one on the target (reports_open_unique
 * decides, so two racing requests still make one row). Answers the open report and whether it is new.
 */
export async function fileReport(
  db: Db,
  input: { reporterId: string; targetType: ReportTargetType; targetId: string; targetUserId: string; reason: ReportReason; details: string | null; now: number },
): Promise<{ report: ReportRow; created: boolean }> {
  const inserted = await db
    .insert(reports)
    .values({ ...input, createdAt: input.now })
    .onConflictDoNothing()
    .returning(receiptColumns);
  if (inserted[0]) return { report: inserted[0], created: true };
  const [existing] = await db
    .select(receiptColumns)
    .from(reports)
    .where(
      and(eq(reports.reporterId, input.reporterId), eq(reports.targetType, input.targetType), eq(reports.targetId, input.targetId), eq(reports.status, "open")),
    )
    .limit(1);
  if (!existing) throw new Error("report neither inserted nor found");
  return { report: existing, created: false };
}

/** Distinct accounts with an open report on the target. */
export async function openReporterCount(db: Db, type: ReportTargetType, id: string): Promise<number> {
  const [row] = await db
    .select({ n: countDistinct(reports.reporterId) })
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), eq(reports.status, "open")));
  return row?.n ?? 0;
}

/** Hides (a time) or restores (null) a row; answers whether a row changed. Hiding keeps the first time. */
export async function setHidden(db: Db, type: HideableType, id: string, hiddenAt: number | null): Promise<boolean> {
  const table = HIDEABLE[type];
  const changed = await db
    .update(table)
    .set({ hiddenAt })
    .where(and(eq(table.id, id), hiddenAt === null ? isNotNull(table.hiddenAt) : isNull(table.hiddenAt)))
    .returning({ id: table.id });
  return changed.length > 0;
}

/** Suspends (a time) or lifts the suspension (null) of an account. */
export async function setSuspended(db: Db, userId: string, suspendedAt: number | null): Promise<void> {
  await db.update(users).set({ suspendedAt }).where(eq(users.id, userId));
}

/**
 * Resolves the target's open reports with an outcome and writes the action to the audit log, in
 * one batch. Answers the reporters whose reports it resolved.
 */
export async function recordModeration(
  db: Db,
  input: {
    moderatorId: string;
    action: ModerationAction;
    targetType: ReportTargetType;
    targetId: string;
    targetUserId: string;
    note: string | null;
    outcome: ReportOutcome;
    now: number;
  },
): Promise<string[]> {
  const [resolved] = await db.batch([
    db
      .update(reports)
      .set({ status: "resolved", outcome: input.outcome, resolvedAt: input.now })
      .where(and(eq(reports.targetType, input.targetType), eq(reports.targetId, input.targetId), eq(reports.status, "open")))
      .returning({ reporterId: reports.reporterId }),
    db.insert(moderationActions).values({
      moderatorId: input.moderatorId,
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId,
      targetUserId: input.targetUserId,
      note: input.note,
      createdAt: input.now,
    }),
  ]);
  return resolved.map((row) => row.reporterId);
}

/** The owner of a target as the audit log names it, from the open reports when the content is gone. */
export async function reportedOwner(db: Db, type: ReportTargetType, id: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: reports.targetUserId })
    .from(reports)
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id)))
    .orderBy(desc(reports.createdAt))
    .limit(1);
  return row?.userId ?? null;
}

// ---------------------------------------------------------------------------------------------
// The queue

async function contentOf(db: Db, type: ReportTargetType, id: string): Promise<ModerationContent | null> {
  switch (type) {
    case "post": {
      const [row] = await db
        .select({ caption: posts.caption, mediaKey: posts.mediaKey, thumbnailKey: posts.thumbnailKey, contentType: posts.contentType, hiddenAt: posts.hiddenAt })
        .from(posts)
        .where(eq(posts.id, id))
        .limit(1);
      if (!row) return null;
      const picture = row.contentType === "image" ? row.mediaKey : row.thumbnailKey;
      return { text: row.caption, mediaUrl: picture ? mediaUrl(picture) : null, path: `/post/${id}`, hiddenAt: row.hiddenAt };
    }
    case "comment": {
      const [row] = await db.select({ content: comments.content, postId: comments.postId, hiddenAt: comments.hiddenAt }).from(comments).where(eq(comments.id, id)).limit(1);
      return row ? { text: row.content, mediaUrl: null, path: `/post/${row.postId}`, hiddenAt: row.hiddenAt } : null;
    }
    case "message": {
      const [row] = await db.select({ content: messages.content, hiddenAt: messages.hiddenAt }).from(messages).where(eq(messages.id, id)).limit(1);
      return row ? { text: row.content, mediaUrl: null, path: null, hiddenAt: row.hiddenAt } : null;
    }
    case "service": {
      const [row] = await db.select({ name: services.name, description: services.description, hiddenAt: services.hiddenAt }).from(services).where(eq(services.id, id)).limit(1);
      return row ? { text: [row.name, row.description].filter(Boolean).join("\n"), mediaUrl: null, path: `/service/${id}`, hiddenAt: row.hiddenAt } : null;
    }
    case "product": {
      const [row] = await db
        .select({ name: products.name, description: products.description, imageKey: products.imageKey, hiddenAt: products.hiddenAt })
        .from(products)
        .where(eq(products.id, id))
        .limit(1);
      return row
        ? { text: [row.name, row.description].filter(Boolean).join("\n"), mediaUrl: row.imageKey ? mediaUrl(row.imageKey) : null, path: `/product/${id}`, hiddenAt: row.hiddenAt }
        : null;
    }
    case "profile": {
      const [row] = await db.select({ displayName: profiles.displayName, bio: profiles.bio, avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, id)).limit(1);
      return row ? { text: [row.displayName, row.bio].filter(Boolean).join("\n"), mediaUrl: row.avatarUrl, path: `/profile/${id}`, hiddenAt: null } : null;
    }
    default: {
      const _exhaustive: never = type;
      return _exhaustive;
    }
  }
}

async function accountOf(db: Db, userId: string): Promise<ModerationAccount> {
  const [[account], [reportTotal], earlier] = await db.batch([
    db
      .select({ createdAt: users.createdAt, suspendedAt: users.suspendedAt, username: profiles.username, displayName: profiles.displayName })
      .from(users)
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, userId))
      .limit(1),
    db.select({ n: count() }).from(reports).where(eq(reports.targetUserId, userId)),
    db
      .select({ action: moderationActions.action, targetType: moderationActions.targetType, note: moderationActions.note, createdAt: moderationActions.createdAt })
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, userId))
      .orderBy(desc(moderationActions.createdAt))
      .limit(MODERATION_LIMITS.history),
  ]);
  return {
    userId,
    username: account?.username ?? null,
    displayName: account?.displayName ?? null,
    joinedAt: account?.createdAt ?? 0,
    suspendedAt: account?.suspendedAt ?? null,
    reportCount: reportTotal?.n ?? 0,
    earlierActions: earlier,
  };
}

/** Open reports grouped by target, the target with the oldest open report first. */
export async function listModerationQueue(db: Db): Promise<ModerationQueueItem[]> {
  const groups = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: sql<string>`max(${reports.targetUserId})`,
      oldest: sql<number>`min(${reports.createdAt})`.mapWith(Number),
      reporters: countDistinct(reports.reporterId),
    })
    .from(reports)
    .where(eq(reports.status, "open"))
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(sql`min(${reports.createdAt})`)
    .limit(MODERATION_LIMITS.queueTargets);
  if (groups.length === 0) return [];
  const open = await db
    .select({ id: reports.id, targetType: reports.targetType, targetId: reports.targetId, reason: reports.reason, details: reports.details, createdAt: reports.createdAt })
    .from(reports)
    .where(and(eq(reports.status, "open"), inArray(reports.targetId, [...new Set(groups.map((group) => group.targetId))])))
    .orderBy(asc(reports.createdAt));
  const accounts = new Map<string, ModerationAccount>();
  const items: ModerationQueueItem[] = [];
  for (const group of groups) {
    let account = accounts.get(group.targetUserId);
    if (!account) {
      account = await accountOf(db, group.targetUserId);
      accounts.set(group.targetUserId, account);
    }
    items.push({
      targetType: group.targetType,
      targetId: group.targetId,
      content: await contentOf(db, group.targetType, group.targetId),
      account,
      reports: open
        .filter((report) => report.targetType === group.targetType && report.targetId === group.targetId)
        .map(({ id, reason, details, createdAt }) => ({ id, reason, details, createdAt })),
      reporterCount: group.reporters,
    });
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// The reporter's outcomes, for /activity

/** A reporter's resolved reports, newest resolution first. */
export function resolvedReportsQuery(db: Db, reporterId: string) {
  return db
    .select({ id: reports.id, outcome: reports.outcome, targetType: reports.targetType, targetId: reports.targetId, resolvedAt: reports.resolvedAt })
    .from(reports)
    .where(and(eq(reports.reporterId, reporterId), isNotNull(reports.resolvedAt), ne(reports.targetUserId, reporterId)))
    .orderBy(desc(reports.resolvedAt))
    .limit(MODERATION_LIMITS.activity);
}

/** Whether a resolved report is the reporter's own (an activity item they may mark read). */
export async function resolvedReportBelongsTo(db: Db, reporterId: string, reportId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.reporterId, reporterId), isNotNull(reports.resolvedAt)))
    .limit(1);
  return Boolean(row);
}

/** A message's conversation and receiver: who is told when moderation hides it or brings it back. */
export async function messageReceiver(db: Db, messageId: string): Promise<{ conversationId: string; receiverId: string } | null> {
  const [row] = await db.select({ conversationId: messages.conversationId, receiverId: messages.receiverId }).from(messages).where(eq(messages.id, messageId)).limit(1);
  return row ?? null;
}
