// Revision notes on the waveform (issue #31 item 3): markers where the notes are (a pin for a
// moment, a band for a range) that play from there, the same notes as a keyboard list with
// names, the buyer's note at the playhead (whole milliseconds, a range's end), drafts edited and
// deleted, the revision request saying how many notes it sends, the seller's "Resolved in vN"
// and its undo, and the buyer seeing what was resolved.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { queryClient } from "@web/lib/query-client";
import { apiError, json, resetApp } from "../auth/helpers";
import { installIntersectionObserver } from "../posts/fixtures";
import { created } from "../posts/wavesurfer-mock";
import { findToast } from "../social/helpers";
import "../upload/jsdom-polyfills";
import { makeNote, makeVersion, serviceOrder, serviceSale } from "./revision-fixtures";
import { media, openOrder, playerOf } from "./versions-helpers";

vi.mock("wavesurfer.js", async () => (await import("../posts/wavesurfer-mock")).wavesurferModule);
vi.mock("@web/pwa/service-worker-updates", () => ({ useServiceWorkerUpdates: () => {} }));

beforeEach(() => {
  created.length = 0;
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false } });
  installIntersectionObserver();
});
afterEach(resetApp);

const pastDoubleTapWindow = () => new Promise((resolve) => setTimeout(resolve, 320));

/** 3:00 each. */
const V1 = makeVersion(1);
const V2 = makeVersion(2);
const MOMENT = makeNote("n1", { atMs: 45_000, body: "Vocal too loud" });
const RANGE = makeNote("n2", { atMs: 90_000, endMs: 135_000, body: "Snare harsh here" });
const DRAFT = makeNote("n3", { atMs: 150_000, body: "Fade earlier?", state: "draft", requestedAt: null });

/** The buyer reviewing a delivery of v1 (order delivered): notes can be written. */
const reviewing = (overrides = {}) => serviceOrder({ status: "delivered", actions: ["complete", "request-revision", "write-notes"], versions: [V1], ...overrides });

describe("markers on the waveform", () => {
  it("puts a pin at each moment and a band over each range, by the version's length, and plays from a tapped one", async () => {
    const user = userEvent.setup();
    openOrder(reviewing({ notes: [MOMENT, RANGE, DRAFT] }));
    const ws = await playerOf(V1);
    const pins = await screen.findAllByTestId("note-marker");
    expect(pins.map((pin) => [pin.dataset.atMs, pin.dataset.endMs, Number.parseFloat(pin.style.left), pin.dataset.tone, pin.textContent])).toEqual([
      ["45000", undefined, 25, "open", "1"],
      ["90000", "135000", 50, "open", "2"],
      ["150000", undefined, expect.closeTo(83.333, 2), "draft", "3"],
    ]);
    const [band] = screen.getAllByTestId("note-band");
    expect(band!.dataset.noteId).toBe("n2");
    expect(Number.parseFloat(band!.style.left)).toBe(50);
    expect(Number.parseFloat(band!.style.width)).toBe(25);
    // For eyes and fingers; the list below is the accessible way.
    expect(screen.getByTestId("note-markers")).toHaveAttribute("aria-hidden", "true");
    expect(pins.every((pin) => pin.tabIndex === -1)).toBe(true);

    await user.click(pins[1]!);
    expect(ws.setTime).toHaveBeenLastCalledWith(90);
    expect(ws.play).toHaveBeenCalledTimes(1);
  });

  it("shows only the notes of the version in the player", async () => {
    openOrder(reviewing({ versions: [V1, V2], notes: [MOMENT, makeNote("n9", { versionId: "v2", versionNumber: 2, atMs: 20_000, state: "draft", requestedAt: null })] }));
    await playerOf(V2);
    const pins = await screen.findAllByTestId("note-marker");
    expect(pins.map((pin) => pin.dataset.atMs)).toEqual(["20000"]);
  });
});

describe("the notes list", () => {
  it("names every note with its moment and state, is reached by keyboard, and plays from a note", async () => {
    const user = userEvent.setup();
    openOrder(reviewing({ notes: [MOMENT, RANGE, DRAFT] }));
    const ws = await playerOf(V1);
    const list = await screen.findByRole("list", { name: "Notes on v1" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => within(item).getByTestId("note-seek").textContent + " " + within(item).getByTestId("note-state").textContent)).toEqual([
      "0:45 Open",
      "1:30–2:15 Open",
      "2:30 Draft",
    ]);
    expect(items[0]).toHaveTextContent("0:45— Vocal too loud");
    const seeks = within(list).getAllByRole("button", { name: /^Play v1 at/ });
    expect(seeks.map((button) => button.getAttribute("aria-label"))).toEqual(["Play v1 at 0:45", "Play v1 at 1:30–2:15", "Play v1 at 2:30"]);
    // The visible words are part of the name (what a voice-control user says).
    for (const button of seeks) expect(button.getAttribute("aria-label")).toContain(button.textContent);

    seeks[2]!.focus();
    await user.keyboard("{Enter}");
    expect(ws.setTime).toHaveBeenLastCalledWith(150);
    expect(ws.play).toHaveBeenCalled();
  });

  it("plays a note of the other version by putting that version in the player at the note's moment", async () => {
    const user = userEvent.setup();
    openOrder(reviewing({ versions: [V1, V2], notes: [MOMENT] }));
    await playerOf(V2);
    await user.click(await screen.findByRole("button", { name: "Play v1 at 0:45" }));
    const v1 = await playerOf(V1);
    expect(v1.setTime).toHaveBeenCalledWith(45);
    expect(v1.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("radio", { name: "A: v1" })).toBeChecked();
  });

  it("invites the buyer to write the first note", async () => {
    openOrder(reviewing());
    expect(await screen.findByTestId("revision-notes-empty")).toHaveTextContent("No notes yet.");
  });
});

describe("writing a note", () => {
  const NOTES_PATH = "/api/orders/o1/versions/v1/notes";

  it("pins a note to the playhead in whole milliseconds and adds it to the list and the waveform", async () => {
    const user = userEvent.setup();
    const { api } = openOrder(reviewing(), {
      [`POST ${NOTES_PATH}`]: json(makeNote("n5", { atMs: 42_457, body: "Kick is muddy", state: "draft", requestedAt: null }), 201),
    });
    const ws = await playerOf(V1);
    await media(ws, "interaction", 42.4567);
    await user.click(screen.getByRole("button", { name: "Add a note at 0:42" }));
    const composer = within(screen.getByTestId("note-composer"));
    expect(composer.getByTestId("note-moment")).toHaveTextContent("Note at 0:42 · v1");
    // Nothing written: the contract's words, and nothing sent.
    await user.click(composer.getByRole("button", { name: "Add note" }));
    expect(composer.getByRole("alert")).toHaveTextContent("Please write a note");
    expect(api.callsTo("POST", NOTES_PATH)).toHaveLength(0);

    await user.type(composer.getByLabelText("Your note"), "Kick is muddy");
    await pastDoubleTapWindow();
    await user.click(composer.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(api.callsTo("POST", NOTES_PATH)).toHaveLength(1));
    expect(api.callsTo("POST", NOTES_PATH)[0]!.body).toEqual({ atMs: 42_457, endMs: null, body: "Kick is muddy" });
    expect(await findToast("Note added. It is sent with your revision request.")).toBeInTheDocument();
    expect(screen.queryByTestId("note-composer")).toBeNull();
    expect(within(screen.getByRole("list", { name: "Notes on v1" })).getByText("— Kick is muddy")).toBeInTheDocument();
    expect(screen.getByTestId("note-marker")).toHaveAttribute("data-tone", "draft");
  });

  it("marks a range: the end is where the playhead is when End is pressed", async () => {
    const user = userEvent.setup();
    const { api } = openOrder(reviewing(), {
      [`POST ${NOTES_PATH}`]: json(makeNote("n6", { atMs: 61_000, endMs: 75_250, body: "Too busy", state: "draft", requestedAt: null }), 201),
    });
    const ws = await playerOf(V1);
    await media(ws, "play", 61);
    await media(ws, "timeupdate", 61);
    await user.click(screen.getByRole("button", { name: "Add a note at 1:01" }));
    const composer = within(screen.getByTestId("note-composer"));
    // The playhead has not passed the start: no end yet.
    expect(composer.getByRole("button", { name: "End at 1:01" })).toBeDisabled();
    await media(ws, "timeupdate", 75.25);
    await user.click(composer.getByRole("button", { name: "End at 1:15" }));
    expect(composer.getByTestId("note-moment")).toHaveTextContent("Note from 1:01 to 1:15 · v1");
    await user.type(composer.getByLabelText("Your note"), "Too busy");
    await user.click(composer.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(api.callsTo("POST", NOTES_PATH)).toHaveLength(1));
    expect(api.callsTo("POST", NOTES_PATH)[0]!.body).toEqual({ atMs: 61_000, endMs: 75_250, body: "Too busy" });
  });

  it("keeps a moment inside the track and shows the server's refusal", async () => {
    const user = userEvent.setup();
    const { api } = openOrder(reviewing(), {
      [`POST ${NOTES_PATH}`]: apiError(400, "validation_failed", "A revision request can gather at most 50 notes"),
    });
    const ws = await playerOf(V1);
    // The file ran a little longer than its stored 3:00.
    await media(ws, "interaction", 180.4);
    await user.click(screen.getByRole("button", { name: "Add a note at 2:59" }));
    const composer = within(screen.getByTestId("note-composer"));
    await user.type(composer.getByLabelText("Your note"), "Ends abruptly");
    await user.click(composer.getByRole("button", { name: "Add note" }));
    expect(await findToast("A revision request can gather at most 50 notes")).toBeInTheDocument();
    expect(api.callsTo("POST", NOTES_PATH)[0]!.body).toEqual({ atMs: 179_999, endMs: null, body: "Ends abruptly" });
    // The words stay for another try.
    expect(composer.getByLabelText("Your note")).toHaveValue("Ends abruptly");
  });

  it("edits a draft's words and deletes a draft; sent notes offer neither", async () => {
    const user = userEvent.setup();
    const { api } = openOrder(reviewing({ notes: [MOMENT, DRAFT] }), {
      [`POST ${NOTES_PATH}`]: json(makeNote("n7", { atMs: DRAFT.atMs, body: "Fade out from 2:30", state: "draft", requestedAt: null }), 201),
      "DELETE /api/orders/o1/notes/n3": new Response(null, { status: 204 }),
      "DELETE /api/orders/o1/notes/n7": new Response(null, { status: 204 }),
    });
    await playerOf(V1);
    expect(screen.queryByRole("button", { name: "Edit the note at 0:45" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Delete the note at 0:45" })).toBeNull();

    await user.click(await screen.findByRole("button", { name: "Edit the note at 2:30" }));
    const field = screen.getByRole("textbox", { name: "Your note" });
    await user.clear(field);
    await user.type(field, "Fade out from 2:30");
    await user.click(screen.getByRole("button", { name: "Save" }));
    // The contract has no edit: the new draft is written at the same moment, then the old one deleted.
    await waitFor(() => expect(api.callsTo("DELETE", "/api/orders/o1/notes/n3")).toHaveLength(1));
    expect(api.callsTo("POST", NOTES_PATH)[0]!.body).toEqual({ atMs: 150_000, endMs: null, body: "Fade out from 2:30" });
    const list = screen.getByRole("list", { name: "Notes on v1" });
    await waitFor(() => expect(within(list).getAllByRole("listitem").map((item) => item.dataset.noteId)).toEqual(["n1", "n7"]));

    await user.click(screen.getByRole("button", { name: "Delete the note at 2:30" }));
    await waitFor(() => expect(api.callsTo("DELETE", "/api/orders/o1/notes/n7")).toHaveLength(1));
    await waitFor(() => expect(within(list).getAllByRole("listitem").map((item) => item.dataset.noteId)).toEqual(["n1"]));
    expect(await findToast("Note deleted")).toBeInTheDocument();
  });

  it("offers no note writing to a buyer who may not write notes now", async () => {
    openOrder(serviceOrder({ status: "in_progress", actions: [], versions: [V1], notes: [MOMENT] }));
    await playerOf(V1);
    expect(screen.queryByRole("button", { name: /^Add a note at/ })).toBeNull();
  });
});

describe("requesting a revision", () => {
  it("says how many notes the request sends and sends them with it", async () => {
    const user = userEvent.setup();
    const second = makeNote("n4", { atMs: 20_000, body: "Bass boomy", state: "draft", requestedAt: null });
    const { api } = openOrder(reviewing({ notes: [second, DRAFT] }), {
      "POST /api/orders/o1/request-revision": serviceOrder({
        status: "in_progress",
        actions: [],
        versions: [V1],
        notes: [{ ...second, state: "open", requestedAt: 9 }, { ...DRAFT, state: "open", requestedAt: 9 }],
      }),
    });
    const actions = within(await screen.findByTestId("order-actions"));
    expect(actions.getByTestId("revision-notes-count")).toHaveTextContent("Your request sends 2 notes with it.");
    // Accepting would leave them unsent: the buyer is told.
    expect(actions.getByTestId("accept-drafts-hint")).toHaveTextContent("Accepting sends no notes: your 2 draft notes stay unsent.");
    await user.type(actions.getByLabelText("What should change?"), "See my notes");
    await user.click(actions.getByRole("button", { name: "Request revision" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/orders/o1/request-revision")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/orders/o1/request-revision")[0]!.body).toEqual({ note: "See my notes" });
    expect(await findToast("Revision requested with 2 notes")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("note-state").map((state) => state.textContent)).toEqual(["Open", "Open"]));
  });

  it("says when it sends no notes", async () => {
    openOrder(reviewing({ notes: [] }));
    expect(await screen.findByTestId("revision-notes-count")).toHaveTextContent("Your request sends no notes.");
    expect(screen.queryByTestId("accept-drafts-hint")).toBeNull();
  });
});

describe("resolving notes", () => {
  /** The seller working on v2 after a revision request on v1. */
  const working = (overrides = {}) =>
    serviceSale({
      status: "in_progress",
      actions: ["deliver", "attach-file", "add-version", "resolve-notes", "refund"],
      versions: [V1, makeVersion(2, { deliveredAt: null })],
      notes: [MOMENT, RANGE],
      ...overrides,
    });

  it("marks an open note resolved in the version not delivered yet, and undoes it", async () => {
    const user = userEvent.setup();
    const { api } = openOrder(working(), {
      "POST /api/orders/o1/notes/n1/resolution": json({ ...MOMENT, state: "resolved", resolvedInVersionId: "v2", resolvedInVersionNumber: 2, resolvedAt: 5 }),
      "DELETE /api/orders/o1/notes/n1/resolution": json(MOMENT),
    });
    const list = within(await screen.findByRole("list", { name: "Notes on v1" }));
    expect(list.getAllByTestId("note-state").map((state) => state.textContent)).toEqual(["Open", "Open"]);
    await user.click(list.getByRole("button", { name: "Mark the note at 0:45 on v1 resolved in v2" }));
    await waitFor(() => expect(api.callsTo("POST", "/api/orders/o1/notes/n1/resolution")).toHaveLength(1));
    expect(api.callsTo("POST", "/api/orders/o1/notes/n1/resolution")[0]!.body).toEqual({ versionId: "v2" });
    await waitFor(() => expect(list.getAllByTestId("note-state")[0]).toHaveTextContent("Resolved in v2 · not delivered yet"));

    await user.click(list.getByRole("button", { name: "Undo the resolution of the note at 0:45 on v1" }));
    await waitFor(() => expect(api.callsTo("DELETE", "/api/orders/o1/notes/n1/resolution")).toHaveLength(1));
    await waitFor(() => expect(list.getAllByTestId("note-state")[0]).toHaveTextContent("Open"));
    expect(list.getByRole("button", { name: "Mark the note at 0:45 on v1 resolved in v2" })).toBeInTheDocument();
  });

  it("offers only newer versions not delivered yet, and says so when there is none", async () => {
    const { unmount } = openOrder(working({ versions: [V1, V2, makeVersion(3, { deliveredAt: null }), makeVersion(4, { deliveredAt: null })] }));
    const list = within(await screen.findByRole("list", { name: "Notes on v1" }));
    const first = within(list.getAllByRole("listitem")[0]!);
    expect(first.getAllByTestId("mark-resolved").map((button) => button.textContent?.trim())).toEqual(["Resolved in v3", "Resolved in v4"]);
    unmount();
    queryClient.clear();
    openOrder(working({ versions: [V1] }));
    expect(await screen.findAllByText("Add a version to mark this note resolved in it.")).toHaveLength(2);
    expect(screen.queryByTestId("mark-resolved")).toBeNull();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    openOrder(working(), { "POST /api/orders/o1/notes/n2/resolution": apiError(409, "conflict", "Only an open note can be resolved") });
    await user.click(await screen.findByRole("button", { name: "Mark the note at 1:30–2:15 on v1 resolved in v2" }));
    expect(await findToast("Only an open note can be resolved")).toBeInTheDocument();
    expect(screen.getAllByTestId("note-state")[1]).toHaveTextContent("Open");
  });

  it("shows the seller a note resolved in a delivered version as done, with nothing to undo", async () => {
    const resolvedEarlier = makeNote("n8", { atMs: 5_000, state: "resolved", resolvedInVersionId: "v2", resolvedInVersionNumber: 2, resolvedAt: 4 });
    openOrder(working({ versions: [V1, V2, makeVersion(3, { deliveredAt: null })], notes: [resolvedEarlier, MOMENT] }));
    const list = within(await screen.findByRole("list", { name: "Notes on v1" }));
    const [done] = list.getAllByRole("listitem");
    expect(within(done!).getByTestId("note-state")).toHaveTextContent("Resolved in v2");
    expect(within(done!).queryByRole("button", { name: /Undo/ })).toBeNull();
    expect(within(done!).queryByTestId("mark-resolved")).toBeNull();
  });
});

describe("what the buyer sees resolved", () => {
  it("marks the notes resolved in a delivered version, on the waveform and in the list", async () => {
    const resolved = { ...MOMENT, state: "resolved" as const, resolvedInVersionId: "v2", resolvedInVersionNumber: 2, resolvedAt: 5 };
    openOrder(reviewing({ versions: [V1, V2], notes: [resolved, RANGE] }));
    const list = within(await screen.findByRole("list", { name: "Notes on v1" }));
    expect(list.getAllByTestId("note-state").map((state) => state.textContent)).toEqual(["Resolved in v2", "Open"]);
    expect(list.getAllByRole("listitem").map((item) => item.dataset.tone)).toEqual(["resolved", "open"]);
    // The buyer resolves nothing.
    expect(screen.queryByTestId("mark-resolved")).toBeNull();
    await userEvent.setup().click(screen.getByRole("radio", { name: "A: v1" }));
    await playerOf(V1);
    expect(screen.getAllByTestId("note-marker").map((pin) => pin.dataset.tone)).toEqual(["resolved", "open"]);
  });
});
