// Comments pinned to a moment of an audio post (issue #31 item 1, decision record 0089). The spec
// has none of these; the server's refusals and the player's and dialog's words are ours.
import { formatDuration } from "../media-format";

export const MOMENT_TEXTS = {
  /** The API's refusals of a pin. */
  notAudio: "Only comments on audio posts can be pinned to a moment",
  durationUnknown: "This track's length is unknown, so a comment cannot be pinned to a moment",
  outOfTrack: "That moment is not within the track",
  notWhole: "A moment must be a whole number of milliseconds",
  onReply: "A reply cannot be pinned to a moment; pin a new comment instead",
  /** The player and its markers. */
  commentAt: (ms: number) => `Comment at ${formatDuration(ms)}`,
  markersLabel: "Comments on the track",
  /** A marker's accessible name; its visible words are `markerShown`, which the name contains. */
  marker: (name: string, ms: number) => `Comment by ${name} at ${formatDuration(ms)}`,
  markerShown: (name: string, ms: number) => `${name} at ${formatDuration(ms)}`,
  noMarkers: "No comments on the track yet",
  loadingMarkers: "Loading comments on the track",
  markersFailed: "Failed to load comments on the track",
  moreMarkers: "Show more comments on the track",
  /** The composer's pin and a comment's moment. */
  pinnedAt: (ms: number) => `Pinned at ${formatDuration(ms)}`,
  removePin: "Don't pin to a moment",
  pinHere: (ms: number) => `Pin to ${formatDuration(ms)}`,
  seekTo: (ms: number) => `Play from ${formatDuration(ms)}`,
} as const;
