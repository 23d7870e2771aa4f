// Audio versions on a delivery and revision notes (issue #31 items 2 and 3, decision record
// 0091). The spec has none of these; the API's refusals are ours. The order page's words are in
// revisions-screen.ts.

export const REVISION_TEXTS = {
  versionNotFound: "Version not found",
  noteNotFound: "Note not found",
  /** A version from a file that is not an audio file, not this order's, or already delivered. */
  versionFileInvalid: "Choose an audio file attached to this order that has not been delivered yet",
  versionFileUsed: "That file is already a version",
  tooManyVersions: "An order can hold at most 20 versions",
  versionNoteTooLong: "Notes can be at most 1000 characters",
  noteRequired: "Please write a note",
  noteTooLong: "Notes can be at most 1000 characters",
  notWhole: "A moment must be a whole number of milliseconds",
  outOfTrack: "That moment is not within the track",
  rangeBackwards: "A range must end after it starts",
  tooManyNotes: "A revision request can gather at most 50 notes",
  /** Notes can be written while the buyer reviews a delivery, not at other times. */
  notesClosed: "Notes can be added while you review a delivery",
  noteNotDraft: "This note was already sent with a revision request",
  /** The seller's resolution mark: a version after the note's, not yet delivered. */
  resolveVersionInvalid: "Choose a newer version that has not been delivered yet",
  resolutionDelivered: "This note was resolved in a delivered version",
  noteNotOpen: "Only an open note can be resolved",
} as const;
