// Revision notes on a version's waveform (issue #31 item 3, decision record 0091): the buyer pins a
// note to a moment or a range of a delivered version while reviewing; a revision request sends
// the drafts; the seller marks each resolved in a later version, which the buyer sees once that
// version is delivered. Notes and their state survive revision rounds, are part of the order's
// history and of both parties' data export, and outlive an account's deletion as that history does.
import { env } from "cloudflare:test";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DataExportState } from "@shared/leaving-api";
import { CHECKOUT_TEXTS, REVISION_TEXTS } from "@shared/messages";
import { RULES } from "@shared/rate-limit-rules";
import { NOTES_PER_REQUEST_MAX, REVISION_NOTE_MAX, type RevisionNote } from "@shared/revisions-api";
import { newId } from "../../../worker/db/ids";
import { orders, revisionNotes } from "../../../worker/db/schema";
import { logger } from "../../../worker/lib/logger";
import { deleteAccountNow, prepareRequestedExports } from "../../../worker/services/leaving";
import { consume, rateSubject } from "../../../worker/services/rate-limit";
import {
  addVersionThroughApi,
  api,
  AUTH_REQUIRED,
  db,
  deliverAs,
  expectError,
  insertOrder,
  json,
  orderAs,
  orderAwaitingReview,
  postNote,
  requestRevisionAs,
  resolveAs,
  signedInUser,
  type SignedInUser,
  TRACK_MS,
  writeNoteAs,
} from "../helpers";

async function noteRows(orderId: string) {
  return db().select().from(revisionNotes).where(eq(revisionNotes.orderId, orderId)).orderBy(revisionNotes.atMs);
}

const deleteNote = (orderId: string, noteId: string, who: SignedInUser | null) => api(`/api/orders/${orderId}/notes/${noteId}`, { method: "DELETE", cookie: who?.cookie ?? null });
const undo = (orderId: string, noteId: string, who: SignedInUser | null) => api(`/api/orders/${orderId}/notes/${noteId}/resolution`, { method: "DELETE", cookie: who?.cookie ?? null });

/** An order in revision: v1 delivered with two notes sent by a request, v2 added and not delivered yet. */
async function orderInRevision() {
  const f = await orderAwaitingReview();
  const moment = await writeNoteAs(f.orderId, f.v1.id, f.buyer, { atMs: 83_000, body: "Vocal too loud here" });
  const range = await writeNoteAs(f.orderId, f.v1.id, f.buyer, { atMs: 120_000, endMs: 150_000, body: "Bridge drags" });
  await requestRevisionAs(f.orderId, f.buyer, "Two things");
  const v2 = await addVersionThroughApi(f.orderId, f.seller, { note: "Fixed the vocal" });
  return { ...f, moment, range, v2 };
}

describe("writing a note", () => {
  it("pins a draft to a moment or a range of a delivered version, seen by the buyer only", async () => {
    const { seller, buyer, orderId, v1 } = await orderAwaitingReview();
    expect((await orderAs(orderId, buyer)).actions).toContain("write-notes");
    const moment = await writeNoteAs(orderId, v1.id, buyer, { atMs: 83_000, body: "  The vocal is too loud here  " });
    expect(moment).toMatchObject({
      versionId: v1.id,
      versionNumber: 1,
      atMs: 83_000,
      endMs: null,
      body: "The vocal is too loud here",
      state: "draft",
      requestedAt: null,
      resolvedInVersionId: null,
      resolvedInVersionNumber: null,
      resolvedAt: null,
    });
    const range = await writeNoteAs(orderId, v1.id, buyer, { atMs: 10_000, endMs: 20_000, body: "Intro drags" });
    expect(range).toMatchObject({ atMs: 10_000, endMs: 20_000, state: "draft" });
    expect((await noteRows(orderId)).map((r) => [r.id, r.authorId, r.atMs, r.endMs, r.requestedAt])).toEqual([
      [range.id, buyer.id, 10_000, 20_000, null],
      [moment.id, buyer.id, 83_000, null, null],
    ]);
    expect((await orderAs(orderId, buyer)).notes.map((n) => n.id)).toEqual([range.id, moment.id]);
    // The seller reads the buyer's notes once they are sent, not while they are being written.
    const sellers = await orderAs(orderId, seller);
    expect(sellers.notes).toEqual([]);
    expect(sellers.actions).not.toContain("write-notes");
  });

  it("is the buyer's, while the delivery awaits their answer", async () => {
    const { seller, buyer, stranger, orderId, v1 } = await orderAwaitingReview();
    const body = { atMs: 1_000, body: "Kick is muddy" };
    await expectError(await postNote(orderId, v1.id, seller, body), 403, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await postNote(orderId, v1.id, stranger, body), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await postNote(orderId, v1.id, null, body), AUTH_REQUIRED.status, AUTH_REQUIRED.message);
    // Another order's version, or none, is not one of this order's.
    const other = await orderAwaitingReview();
    await expectError(await postNote(orderId, other.v1.id, buyer, body), 404, REVISION_TEXTS.versionNotFound);
    await expectError(await postNote(orderId, "x y", buyer, body), 404, REVISION_TEXTS.versionNotFound);
    // Once the buyer accepted (or asked for a revision), the review is over.
    await json(await api(`/api/orders/${orderId}/complete`, { method: "POST", cookie: buyer.cookie }), 200);
    await expectError(await postNote(orderId, v1.id, buyer, body), 409, REVISION_TEXTS.notesClosed);
    expect(await noteRows(orderId)).toEqual([]);
    expect(await noteRows(other.orderId)).toEqual([]);
  });

  it("refuses a version the buyer has not received", async () => {
    const [seller, buyer] = await Promise.all([signedInUser(), signedInUser()]);
    const orderId = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service" });
    const v1 = await addVersionThroughApi(orderId, seller);
    // Paid and not delivered: nothing to review yet, and the version does not exist for the buyer.
    await expectError(await postNote(orderId, v1.id, buyer, { atMs: 1_000, body: "Early" }), 409, REVISION_TEXTS.notesClosed);
    await db().update(orders).set({ status: "delivered" }).where(eq(orders.id, orderId));
    await expectError(await postNote(orderId, v1.id, buyer, { atMs: 1_000, body: "Early" }), 404, REVISION_TEXTS.versionNotFound);
    expect(await noteRows(orderId)).toEqual([]);
  });

  it("bounds the moment and the range by the version's stored duration, in whole milliseconds", async () => {
    const { buyer, orderId, v1 } = await orderAwaitingReview();
    const cases: [Record<string, unknown>, string][] = [
      [{ atMs: -1 }, REVISION_TEXTS.outOfTrack],
      [{ atMs: TRACK_MS }, REVISION_TEXTS.outOfTrack],
      [{ atMs: 10 ** 12 }, REVISION_TEXTS.outOfTrack],
      [{ atMs: 1_000, endMs: TRACK_MS + 1 }, REVISION_TEXTS.outOfTrack],
      [{ atMs: 1_000, endMs: 1_000 }, REVISION_TEXTS.rangeBackwards],
      [{ atMs: 5_000, endMs: 4_000 }, REVISION_TEXTS.rangeBackwards],
      [{ atMs: 1.5 }, REVISION_TEXTS.notWhole],
      [{ atMs: "1000" }, REVISION_TEXTS.notWhole],
      [{ atMs: 1_000, endMs: 2_000.5 }, REVISION_TEXTS.notWhole],
      [{ atMs: 1_000, body: "   " }, REVISION_TEXTS.noteRequired],
      [{ atMs: 1_000, body: "b".repeat(REVISION_NOTE_MAX + 1) }, REVISION_TEXTS.noteTooLong],
      // A duration claimed in the body changes nothing.
      [{ atMs: TRACK_MS + 5, durationMs: TRACK_MS * 2 }, REVISION_TEXTS.outOfTrack],
    ];
    for (const [body, message] of cases) await expectError(await postNote(orderId, v1.id, buyer, { body: "Note", ...body }), 400, message);
    expect(await noteRows(orderId)).toEqual([]);
    // The first millisecond, the last one, and a range to the very end are all in the track.
    await writeNoteAs(orderId, v1.id, buyer, { atMs: 0, body: "Start" });
    await writeNoteAs(orderId, v1.id, buyer, { atMs: TRACK_MS - 1, body: "Last beat" });
    await writeNoteAs(orderId, v1.id, buyer, { atMs: 190_000, endMs: TRACK_MS, body: "Outro", });
    await writeNoteAs(orderId, v1.id, buyer, { atMs: 5_000, endMs: null, body: "null is a moment" });
    await writeNoteAs(orderId, v1.id, buyer, { atMs: 6_000, body: "b".repeat(REVISION_NOTE_MAX) });
    expect((await noteRows(orderId)).map((r) => [r.atMs, r.endMs])).toEqual([
      [0, null],
      [5_000, null],
      [6_000, null],
      [190_000, TRACK_MS],
      [TRACK_MS - 1, null],
    ]);
  });

  it("gathers at most NOTES_PER_REQUEST_MAX drafts into one request", async () => {
    const { buyer, orderId, v1 } = await orderAwaitingReview();
    const rows = Array.from({ length: NOTES_PER_REQUEST_MAX }, (_, i) => ({ orderId, versionId: v1.id, authorId: buyer.id, atMs: i * 1_000, body: `Note ${i}` }));
    // D1 binds at most 100 parameters a statement.
    for (let i = 0; i < rows.length; i += 10) await db().insert(revisionNotes).values(rows.slice(i, i + 10));
    await expectError(await postNote(orderId, v1.id, buyer, { atMs: 199_000, body: "One too many" }), 409, REVISION_TEXTS.tooManyNotes);
    expect(await noteRows(orderId)).toHaveLength(NOTES_PER_REQUEST_MAX);
  });

  it("counts against the writer's revision budget, after the checks", async () => {
    const { buyer, orderId, v1 } = await orderAwaitingReview();
    const subject = rateSubject("user", buyer.id);
    for (let i = 0; i < RULES.revision_write.limit; i += 1) await consume(env, "revision_write", subject);
    // An impossible moment is a 400 whatever the budget says.
    await expectError(await postNote(orderId, v1.id, buyer, { atMs: TRACK_MS, body: "Past the end" }), 400, REVISION_TEXTS.outOfTrack);
    await expectError(await postNote(orderId, v1.id, buyer, { atMs: 1_000, body: "Over the budget" }), 429);
    expect(await noteRows(orderId)).toEqual([]);
  });
});

describe("deleting a note", () => {
  it("lets the buyer delete a draft, nobody else, and no sent note", async () => {
    const { seller, buyer, stranger, orderId, v1 } = await orderAwaitingReview();
    const keep = await writeNoteAs(orderId, v1.id, buyer, { atMs: 1_000, body: "Keep" });
    const drop = await writeNoteAs(orderId, v1.id, buyer, { atMs: 2_000, body: "Drop" });
    // A draft does not exist for the seller.
    await expectError(await deleteNote(orderId, drop.id, seller), 404, REVISION_TEXTS.noteNotFound);
    await expectError(await deleteNote(orderId, drop.id, stranger), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await deleteNote(orderId, drop.id, null), AUTH_REQUIRED.status);
    await expectError(await deleteNote(orderId, newId(), buyer), 404, REVISION_TEXTS.noteNotFound);
    expect((await deleteNote(orderId, drop.id, buyer)).status).toBe(204);
    expect((await noteRows(orderId)).map((r) => r.id)).toEqual([keep.id]);
    await expectError(await deleteNote(orderId, drop.id, buyer), 404, REVISION_TEXTS.noteNotFound);
    // Sent with a request, it is part of the order's history.
    await requestRevisionAs(orderId, buyer);
    await expectError(await deleteNote(orderId, keep.id, buyer), 409, REVISION_TEXTS.noteNotDraft);
    await expectError(await deleteNote(orderId, keep.id, seller), 403, CHECKOUT_TEXTS.stepNotAllowed);
    expect((await noteRows(orderId)).map((r) => r.id)).toEqual([keep.id]);
  });
});

describe("a revision request", () => {
  it("sends the drafts: open for both sides, listed in the request's history entry", async () => {
    const { seller, buyer, orderId, v1 } = await orderAwaitingReview();
    const a = await writeNoteAs(orderId, v1.id, buyer, { atMs: 83_000, body: "Vocal too loud" });
    const b = await writeNoteAs(orderId, v1.id, buyer, { atMs: 120_000, endMs: 150_000, body: "Bridge drags" });
    const before = Date.now();
    const answered = await requestRevisionAs(orderId, buyer, "Two things");
    const entry = answered.history.find((h) => h.status === "in_progress");
    expect(entry).toMatchObject({ actor: "buyer", note: "Two things" });
    expect(entry!.notes).toEqual([
      { id: a.id, versionNumber: 1, atMs: 83_000, endMs: null, body: "Vocal too loud", state: "open" },
      { id: b.id, versionNumber: 1, atMs: 120_000, endMs: 150_000, body: "Bridge drags", state: "open" },
    ]);
    const rows = await noteRows(orderId);
    expect(rows.every((r) => r.requestedAt! >= before && r.requestHistoryId === entry!.id)).toBe(true);
    for (const who of [buyer, seller]) {
      const seen = await orderAs(orderId, who);
      expect(seen.notes.map((n) => [n.id, n.state])).toEqual([
        [a.id, "open"],
        [b.id, "open"],
      ]);
      expect(seen.history.find((h) => h.id === entry!.id)?.notes?.map((n) => n.id)).toEqual([a.id, b.id]);
    }
    expect((await orderAs(orderId, seller)).actions).toContain("resolve-notes");
    expect((await orderAs(orderId, buyer)).actions).not.toContain("write-notes");
  });

  it("still works with no notes, and its entry then lists none", async () => {
    const { seller, buyer, orderId } = await orderAwaitingReview();
    const answered = await requestRevisionAs(orderId, buyer, "Just louder");
    expect(answered.status).toBe("in_progress");
    expect(answered.history.find((h) => h.status === "in_progress")?.notes).toBeUndefined();
    expect((await orderAs(orderId, seller)).actions).not.toContain("resolve-notes");
  });
});

describe("resolving a note", () => {
  it("is the seller's mark in a newer, undelivered version: theirs until it is delivered", async () => {
    const { seller, buyer, orderId, moment, range, v2 } = await orderInRevision();
    const marked = await json<RevisionNote>(await resolveAs(orderId, moment.id, seller, v2.id), 200);
    expect(marked).toMatchObject({ id: moment.id, state: "resolved", resolvedInVersionId: v2.id, resolvedInVersionNumber: 2 });
    expect(marked.resolvedAt).toEqual(expect.any(Number));
    const [row] = await db().select().from(revisionNotes).where(eq(revisionNotes.id, moment.id));
    expect(row).toMatchObject({ resolvedInVersionId: v2.id, resolvedAt: marked.resolvedAt });
    // The buyer still sees it open: v2 has not reached them.
    const theirs = (await orderAs(orderId, buyer)).notes.find((n) => n.id === moment.id);
    expect(theirs).toMatchObject({ state: "open", resolvedInVersionId: null, resolvedInVersionNumber: null, resolvedAt: null });
    // A second click marks nothing new; another version for a marked note is refused.
    expect((await json<RevisionNote>(await resolveAs(orderId, moment.id, seller, v2.id), 200)).resolvedAt).toBe(marked.resolvedAt);
    const v3 = await addVersionThroughApi(orderId, seller);
    await expectError(await resolveAs(orderId, moment.id, seller, v3.id), 409, REVISION_TEXTS.noteNotOpen);
    // The seller still has one open note to resolve.
    expect((await orderAs(orderId, seller)).actions).toContain("resolve-notes");
    expect((await orderAs(orderId, seller)).notes.find((n) => n.id === range.id)?.state).toBe("open");
  });

  it("refuses anyone but the seller, a version that is not newer and undelivered, and a draft", async () => {
    const { seller, buyer, stranger, orderId, v1, moment, v2 } = await orderInRevision();
    await expectError(await resolveAs(orderId, moment.id, buyer, v2.id), 403, CHECKOUT_TEXTS.stepNotAllowed);
    await expectError(await resolveAs(orderId, moment.id, stranger, v2.id), 404, CHECKOUT_TEXTS.orderNotFound);
    await expectError(await resolveAs(orderId, moment.id, null, v2.id), AUTH_REQUIRED.status);
    await expectError(await resolveAs(orderId, moment.id, seller, v1.id), 400, REVISION_TEXTS.resolveVersionInvalid);
    const other = await orderInRevision();
    await expectError(await resolveAs(orderId, moment.id, seller, other.v2.id), 400, REVISION_TEXTS.resolveVersionInvalid);
    await expectError(await resolveAs(orderId, moment.id, seller, newId()), 400, REVISION_TEXTS.resolveVersionInvalid);
    await expectError(await resolveAs(orderId, moment.id, seller, "not an id"), 400);
    await expectError(await resolveAs(orderId, newId(), seller, v2.id), 404, REVISION_TEXTS.noteNotFound);
    // Another order's note is not this order's.
    await expectError(await resolveAs(orderId, other.moment.id, seller, v2.id), 404, REVISION_TEXTS.noteNotFound);
    expect((await noteRows(orderId)).every((r) => r.resolvedInVersionId === null)).toBe(true);

    // A draft is the buyer's alone: to the seller it does not exist.
    const review = await orderAwaitingReview();
    const draft = await writeNoteAs(review.orderId, review.v1.id, review.buyer, { atMs: 1_000, body: "Draft" });
    await expectError(await resolveAs(review.orderId, draft.id, review.seller, review.v1.id), 404, REVISION_TEXTS.noteNotFound);

    // Once v2 went out it is no target any more, and a delivered order takes no marks.
    await deliverAs(orderId, seller);
    await expectError(await resolveAs(orderId, moment.id, seller, v2.id), 409, CHECKOUT_TEXTS.stepNotAllowed);
    await db().update(orders).set({ status: "in_progress" }).where(eq(orders.id, orderId));
    await expectError(await resolveAs(orderId, moment.id, seller, v2.id), 400, REVISION_TEXTS.resolveVersionInvalid);
    expect((await noteRows(orderId)).every((r) => r.resolvedInVersionId === null)).toBe(true);
  });

  it("can be taken back while its version is not delivered, and not after", async () => {
    const { seller, buyer, orderId, moment, range, v2 } = await orderInRevision();
    await json(await resolveAs(orderId, moment.id, seller, v2.id), 200);
    await expectError(await undo(orderId, moment.id, buyer), 403, CHECKOUT_TEXTS.stepNotAllowed);
    const open = await json<RevisionNote>(await undo(orderId, moment.id, seller), 200);
    expect(open).toMatchObject({ state: "open", resolvedInVersionId: null, resolvedAt: null });
    expect((await noteRows(orderId)).every((r) => r.resolvedInVersionId === null && r.resolvedAt === null)).toBe(true);
    // Taking back an open note changes nothing.
    expect((await json<RevisionNote>(await undo(orderId, range.id, seller), 200)).state).toBe("open");
    await json(await resolveAs(orderId, moment.id, seller, v2.id), 200);
    await deliverAs(orderId, seller);
    await db().update(orders).set({ status: "in_progress" }).where(eq(orders.id, orderId));
    await expectError(await undo(orderId, moment.id, seller), 409, REVISION_TEXTS.resolutionDelivered);
    const [row] = await db().select().from(revisionNotes).where(eq(revisionNotes.id, moment.id));
    expect(row!.resolvedInVersionId).toBe(v2.id);
  });
});

describe("notes survive revision rounds", () => {
  it("v1 → notes → request → v2 resolves one → delivery: the buyer sees one resolved and one open; the next round gathers only new drafts", async () => {
    const { seller, buyer, orderId, moment, range, v2 } = await orderInRevision();
    await json(await resolveAs(orderId, moment.id, seller, v2.id), 200);
    await deliverAs(orderId, seller, "Second mix");
    const seen = await orderAs(orderId, buyer);
    expect(seen.versions.map((v) => v.number)).toEqual([1, 2]);
    expect(seen.notes.map((n) => [n.id, n.versionNumber, n.state, n.resolvedInVersionNumber])).toEqual([
      [moment.id, 1, "resolved", 2],
      [range.id, 1, "open", null],
    ]);
    const firstRequest = seen.history.find((h) => h.status === "in_progress")!;
    expect(firstRequest.notes?.map((n) => [n.id, n.state])).toEqual([
      [moment.id, "resolved"],
      [range.id, "open"],
    ]);
    expect(seen.history.filter((h) => h.status === "delivered").map((h) => h.versionNumbers)).toEqual([[1], [2]]);

    // Round two: a note on v2; the request gathers it alone, and the first request keeps its two.
    const onV2 = await writeNoteAs(orderId, v2.id, buyer, { atMs: 30_000, body: "Now the hats are harsh" });
    const second = await requestRevisionAs(orderId, buyer, "One more");
    const requests = second.history.filter((h) => h.status === "in_progress");
    expect(requests.map((h) => h.notes?.map((n) => n.id))).toEqual([[moment.id, range.id], [onV2.id]]);
    const sellers = await orderAs(orderId, seller);
    expect(sellers.notes.map((n) => [n.versionNumber, n.state])).toEqual([
      [1, "resolved"],
      [1, "open"],
      [2, "open"],
    ]);
    // The old open note can still be resolved in v3.
    const v3 = await addVersionThroughApi(orderId, seller);
    expect((await json<RevisionNote>(await resolveAs(orderId, range.id, seller, v3.id), 200)).resolvedInVersionNumber).toBe(3);
  });
});

describe("the data export", () => {
  async function exportOf(who: SignedInUser) {
    const requested = await json<DataExportState>(await api("/api/account/export", { method: "POST", cookie: who.cookie }), 202);
    await prepareRequestedExports({ env, db: db(), log: logger, now: Date.now(), origin: "http://localhost" });
    const file = await api(`/api/account/export/${(requested as { id: string }).id}`, { cookie: who.cookie });
    expect(file.status).toBe(200);
    return (await file.json()) as { orders: { id: string; role: string; versions: { number: number; deliveredAt: number | null }[]; revisionNotes: RevisionNote[] }[] };
  }

  it("holds each side's versions and notes with their state, as the order page shows them", async () => {
    const { seller, buyer, orderId, moment, range, v2 } = await orderInRevision();
    await json(await resolveAs(orderId, moment.id, seller, v2.id), 200);
    await deliverAs(orderId, seller);
    const draft = await writeNoteAs(orderId, v2.id, buyer, { atMs: 1_000, body: "A draft of mine" });
    // A second order between them whose v1 has not gone out yet.
    const early = await insertOrder({ buyerId: buyer.id, sellerId: seller.id, itemType: "service" });
    await addVersionThroughApi(early, seller);

    const mine = await exportOf(buyer);
    const bought = mine.orders.find((o) => o.id === orderId)!;
    expect(bought.role).toBe("buyer");
    expect(bought.versions.map((v) => v.number)).toEqual([1, 2]);
    expect(bought.versions[0]).not.toHaveProperty("waveform");
    expect(bought.revisionNotes.map((n) => [n.id, n.state, n.body])).toEqual([
      [moment.id, "resolved", "Vocal too loud here"],
      [range.id, "open", "Bridge drags"],
      [draft.id, "draft", "A draft of mine"],
    ]);
    expect(mine.orders.find((o) => o.id === early)!.versions).toEqual([]);

    const theirs = await exportOf(seller);
    const sold = theirs.orders.find((o) => o.id === orderId)!;
    expect(sold.role).toBe("seller");
    expect(sold.versions.map((v) => [v.number, v.deliveredAt !== null])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(sold.revisionNotes.map((n) => [n.id, n.state])).toEqual([
      [moment.id, "resolved"],
      [range.id, "open"],
    ]);
    expect(JSON.stringify(sold)).not.toContain("A draft of mine");
    expect(theirs.orders.find((o) => o.id === early)!.versions.map((v) => [v.number, v.deliveredAt])).toEqual([[1, null]]);
  });
});

describe("deleting an account", () => {
  const later = () => ({ env, db: db(), log: logger, now: Date.now() });

  it("keeps the sent notes and the versions with the order's history, and removes the leaver's unsent drafts", async () => {
    const { seller, buyer, orderId, moment, range, v2 } = await orderInRevision();
    await json(await resolveAs(orderId, moment.id, seller, v2.id), 200);
    await deliverAs(orderId, seller);
    const draft = await writeNoteAs(orderId, v2.id, buyer, { atMs: 1_000, body: "Never sent" });
    // The buyer accepts: nothing is open, so the account can go.
    await json(await api(`/api/orders/${orderId}/complete`, { method: "POST", cookie: buyer.cookie }), 200);
    expect(await deleteAccountNow(later(), buyer.id)).toBe("deleted");
    expect((await noteRows(orderId)).map((r) => r.id).sort()).toEqual([moment.id, range.id].sort());
    expect(await db().select().from(revisionNotes).where(and(eq(revisionNotes.orderId, orderId), isNull(revisionNotes.requestedAt)))).toEqual([]);
    const sellers = await orderAs(orderId, seller);
    expect(sellers.counterpart.displayName).toBe("Deleted user");
    expect(sellers.versions.map((v) => v.number)).toEqual([1, 2]);
    expect(sellers.notes.map((n) => [n.id, n.state])).toEqual([
      [moment.id, "resolved"],
      [range.id, "open"],
    ]);
    expect(draft.state).toBe("draft");
  });

  it("keeps the versions and the buyer's notes when the seller leaves", async () => {
    const { seller, buyer, orderId, moment, v2 } = await orderInRevision();
    await json(await resolveAs(orderId, moment.id, seller, v2.id), 200);
    await deliverAs(orderId, seller);
    await json(await api(`/api/orders/${orderId}/complete`, { method: "POST", cookie: buyer.cookie }), 200);
    expect(await deleteAccountNow(later(), seller.id)).toBe("deleted");
    const theirs = await orderAs(orderId, buyer);
    expect(theirs.versions.map((v) => v.number)).toEqual([1, 2]);
    expect(theirs.notes.map((n) => n.state)).toEqual(["resolved", "open"]);
    // The audio is the order's delivery file: the buyer still plays it.
    const audio = await api(theirs.versions[1]!.audioUrl, { cookie: buyer.cookie });
    expect(audio.status).toBe(200);
    await audio.arrayBuffer();
  });
});
