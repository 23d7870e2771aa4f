// The order page's versions, A/B player and revision notes (issue #31 items 2 and 3). Ours.
// The API's refusals are REVISION_TEXTS (revisions.ts); they are shown as the server words them.
import { formatDuration } from "../media-format";

/** "v2" */
const v = (number: number) => `v${number}`;
/** "1:23", or "1:23–1:40" for a range. */
const span = (atMs: number, endMs: number | null) => (endMs == null ? formatDuration(atMs) : `${formatDuration(atMs)}–${formatDuration(endMs)}`);
const notes = (count: number) => (count === 1 ? "1 note" : `${count} notes`);

export const REVISION_SCREEN_TEXTS = {
  version: v,
  span,
  // The versions section.
  versionsTitle: "Versions",
  versionsLabel: "Versions of this delivery",
  noVersionsSeller: "No versions yet. Add the first audio version of your delivery below.",
  delivered: (date: string) => `Delivered ${date}`,
  notDelivered: "Not delivered yet",
  /** Beside a version the seller has added and not sent yet. */
  sentWithNextDelivery: "Sent with your next delivery",
  listen: (number: number) => `Listen to ${v(number)}`,
  inPlayer: "In the player",
  download: (number: number) => `Download ${v(number)}`,
  /** Under an attached file of the delivery form that is a version. */
  attachedVersion: (name: string, number: number) => `${name} · ${v(number)}`,
  // The player and the A/B switch.
  playerLabel: (number: number, item: string) => `${v(number)} of ${item}`,
  nowPlaying: (number: number) => `Now playing ${v(number)}`,
  abLabel: "A/B comparison",
  abHint: "Switching keeps your place in the track.",
  abSide: (side: "A" | "B", number: number) => `${side}: ${v(number)}`,
  chooseA: "Version A",
  chooseB: "Version B",
  // Adding a version (the seller).
  addVersionTitle: "Add a version",
  addVersionHint: "An audio file becomes the next version (v1, v2, …) and is sent with your next delivery.",
  audioFile: "Audio file",
  versionNote: "Note for this version (optional)",
  addVersion: "Add version",
  chooseFile: "Choose an audio file",
  reading: (name: string) => `Reading ${name}…`,
  uploading: (name: string) => `Uploading ${name}`,
  saving: "Adding the version…",
  /** The browser could not decode the file: a version must be playable audio. */
  notAudio: "This file cannot be played as audio, so it cannot be a version. Choose a WAV, MP3, FLAC or other audio file.",
  versionAdded: (number: number) => `${v(number)} added. It is sent with your next delivery.`,
  versionFailed: "Failed to add the version",
  // Notes on the waveform and in the list.
  notesTitle: "Revision notes",
  notesOn: (number: number) => `Notes on ${v(number)}`,
  noNotesBuyer: "No notes yet. Play a version, stop where something should change and add a note there.",
  noNotesSeller: "No revision notes yet.",
  /** A note's seek button: its visible words are `span`, which the name contains. */
  playNote: (number: number, atMs: number, endMs: number | null) => `Play ${v(number)} at ${span(atMs, endMs)}`,
  states: { draft: "Draft", open: "Open", resolved: "Resolved" },
  resolvedIn: (number: number) => `Resolved in ${v(number)}`,
  /** The seller's mark whose version is not delivered yet (the buyer still sees the note open). */
  resolvedInPending: (number: number) => `Resolved in ${v(number)} · not delivered yet`,
  markResolved: (number: number) => `Resolved in ${v(number)}`,
  markResolvedLabel: (number: number, atMs: number, endMs: number | null, noteVersion: number) =>
    `Mark the note at ${span(atMs, endMs)} on ${v(noteVersion)} resolved in ${v(number)}`,
  undo: "Undo",
  undoLabel: (atMs: number, endMs: number | null, noteVersion: number) => `Undo the resolution of the note at ${span(atMs, endMs)} on ${v(noteVersion)}`,
  addVersionToResolve: "Add a version to mark this note resolved in it.",
  edit: "Edit",
  editLabel: (atMs: number, endMs: number | null) => `Edit the note at ${span(atMs, endMs)}`,
  delete: "Delete",
  deleteLabel: (atMs: number, endMs: number | null) => `Delete the note at ${span(atMs, endMs)}`,
  save: "Save",
  cancel: "Cancel",
  noteDeleted: "Note deleted",
  noteFailed: "Failed to save the note",
  // Writing a note (the buyer).
  addNoteAt: (ms: number) => `Add a note at ${formatDuration(ms)}`,
  noteAt: (atMs: number, endMs: number | null) => (endMs == null ? `Note at ${formatDuration(atMs)}` : `Note from ${formatDuration(atMs)} to ${formatDuration(endMs)}`),
  startHere: (ms: number) => `Start at ${formatDuration(ms)}`,
  endHere: (ms: number) => `End at ${formatDuration(ms)}`,
  endHint: "To mark a range, play on or move the playhead past the start, then choose End.",
  makeMoment: "Just the moment",
  noteBody: "Your note",
  addNote: "Add note",
  noteAdded: "Note added. It is sent with your revision request.",
  // Requesting a revision and accepting.
  requestSends: (count: number) => `Your request sends ${notes(count)} with it.`,
  requestSendsNone: "Your request sends no notes. Add notes on the waveform to point at moments.",
  revisionRequested: (count: number) => (count === 0 ? "Revision requested" : `Revision requested with ${notes(count)}`),
  acceptDropsDrafts: (count: number) => `Accepting sends no notes: your ${count === 1 ? "draft note stays" : `${count} draft notes stay`} unsent.`,
  // The order history.
  historyDelivered: (numbers: readonly number[]) => `Delivered ${numbers.map(v).join(", ")}`,
  historyNotes: (count: number) => `${notes(count)} sent`,
  historyNote: (number: number, atMs: number, endMs: number | null, body: string) => `${v(number)} at ${span(atMs, endMs)} — ${body}`,
} as const;
