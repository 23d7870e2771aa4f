// Audio versions of a service delivery and the buyer's revision notes on them (issue #31 items 2
// and 3; the contract is shared/revisions-api.ts): the calls, and mutations that patch the order
// the page already holds with what each call answers, so a note appears where it was pinned
// without reading the whole order again.
//
// These routes are called through the api client's fetch (401 → one refresh → one retry) and
// `unwrap` (error envelope → ApiClientError with the server's words), with the contract's types.
// They are not spelled through the typed hc client because the Worker's routes are written beside
// this screen; once they are in AppType, each call becomes `api.api.orders[":orderId"]…`.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrderDetail, OrderFile } from "@shared/checkout-api";
import type { CreateRevisionNoteBody, CreateVersionBody, OrderVersion, ResolveNoteBody, RevisionNote } from "@shared/revisions-api";
import { fetchWithRefresh, unwrap } from "@web/lib/api-client";
import { orderKeys } from "./api";

const enc = encodeURIComponent;

/** One JSON call; a 204 answers undefined. */
function call<T>(method: "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
  const sent = fetchWithRefresh(path, {
    method,
    credentials: "same-origin",
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return unwrap<T>(sent.then((res) => (res.status === 204 ? { ok: true, status: 204, json: async () => undefined as T } : res)));
}

const orderPath = (orderId: string) => `/api/orders/${enc(orderId)}`;

const revisionCalls = {
  addVersion: (orderId: string, body: CreateVersionBody): Promise<OrderVersion> => call("POST", `${orderPath(orderId)}/versions`, body),
  addNote: (orderId: string, versionId: string, body: CreateRevisionNoteBody): Promise<RevisionNote> =>
    call("POST", `${orderPath(orderId)}/versions/${enc(versionId)}/notes`, body),
  deleteNote: (orderId: string, noteId: string): Promise<void> => call("DELETE", `${orderPath(orderId)}/notes/${enc(noteId)}`),
  resolve: (orderId: string, noteId: string, body: ResolveNoteBody): Promise<RevisionNote> =>
    call("POST", `${orderPath(orderId)}/notes/${enc(noteId)}/resolution`, body),
  undoResolution: (orderId: string, noteId: string): Promise<RevisionNote> => call("DELETE", `${orderPath(orderId)}/notes/${enc(noteId)}/resolution`),
};

/** The order's notes in the contract's order: by version, then moment. */
function sortNotes(notes: RevisionNote[]): RevisionNote[] {
  return [...notes].sort((a, b) => a.versionNumber - b.versionNumber || a.atMs - b.atMs || a.createdAt - b.createdAt);
}

function usePatchOrder(orderId: string) {
  const queryClient = useQueryClient();
  return (patch: (order: OrderDetail) => OrderDetail) =>
    queryClient.setQueryData<OrderDetail>(orderKeys.detail(orderId), (order) => (order ? patch(order) : order));
}

const withNote = (order: OrderDetail, note: RevisionNote, replacing?: string): OrderDetail => ({
  ...order,
  notes: sortNotes([...order.notes.filter((n) => n.id !== note.id && n.id !== replacing), note]),
});

/**
 * The seller's next version, from a file already uploaded through the order's files route; it
 * shows as not delivered until the next delivery sends it, with its file among the attached ones.
 */
export function useAddVersion(orderId: string) {
  const patch = usePatchOrder(orderId);
  return useMutation({
    mutationFn: ({ body }: { file: OrderFile; body: CreateVersionBody }) => revisionCalls.addVersion(orderId, body),
    onSuccess: (version, { file }) =>
      patch((order) => ({
        ...order,
        files: order.files.some((f) => f.id === file.id) ? order.files : [...order.files, file],
        versions: [...order.versions.filter((v) => v.id !== version.id), version].sort((a, b) => a.number - b.number),
      })),
  });
}

export type NoteChange =
  | { kind: "add"; versionId: string; body: CreateRevisionNoteBody }
  /** A draft's new words. The contract has no edit: the new draft is written first, then the old one deleted. */
  | { kind: "edit"; note: RevisionNote; body: string }
  | { kind: "delete"; noteId: string }
  | { kind: "resolve"; noteId: string; versionId: string }
  | { kind: "undo"; noteId: string };

type NoteResult = { note: RevisionNote; replacing?: string } | { deleted: string };

async function changeNote(orderId: string, change: NoteChange): Promise<NoteResult> {
  switch (change.kind) {
    case "add":
      return { note: await revisionCalls.addNote(orderId, change.versionId, change.body) };
    case "edit": {
      const { note } = change;
      const written = await revisionCalls.addNote(orderId, note.versionId, { atMs: note.atMs, endMs: note.endMs, body: change.body });
      await revisionCalls.deleteNote(orderId, note.id);
      return { note: written, replacing: note.id };
    }
    case "delete":
      await revisionCalls.deleteNote(orderId, change.noteId);
      return { deleted: change.noteId };
    case "resolve":
      return { note: await revisionCalls.resolve(orderId, change.noteId, { versionId: change.versionId }) };
    case "undo":
      return { note: await revisionCalls.undoResolution(orderId, change.noteId) };
    default: {
      const unreachable: never = change;
      return unreachable;
    }
  }
}

/** Every change to a note, each patching the order's notes with the server's answer. */
export function useNoteChange(orderId: string) {
  const queryClient = useQueryClient();
  const patch = usePatchOrder(orderId);
  return useMutation({
    mutationFn: (change: NoteChange) => changeNote(orderId, change),
    onSuccess: (result) =>
      patch((order) => ("deleted" in result ? { ...order, notes: order.notes.filter((n) => n.id !== result.deleted) } : withNote(order, result.note, result.replacing))),
    // An edit that wrote the new draft but failed to delete the old one left both on the server:
    // the order is read again so the page shows what is there.
    onError: (_error, change) => {
      if (change.kind === "edit") void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
    },
  });
}
