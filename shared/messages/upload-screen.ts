import { FILE_SIZE_LIMITS_MB, type ContentType } from "../constants";

// The create-post screen (first document §2 /upload, §4 idle → uploading → /feed, §5 Upload). The
// spec gives the screen's parts (type choice, drag and drop, caption, location, tags, Share
// Post); these words are ours. The file checks' messages and the server's answers are UPLOAD_TEXTS.

export const UPLOAD_SCREEN_TEXTS = {
  title: "Create post",
  intro: "Share a track, a session photo or a clip with the people who follow you.",
  /** The Photo / Audio / Video choice. */
  typeQuestion: "What are you sharing?",
  typeLabel: "Content type",
  types: { image: "Photo", audio: "Audio", video: "Video" } satisfies Record<ContentType, string>,
  upTo: (type: ContentType) => `Up to ${FILE_SIZE_LIMITS_MB[type]}MB`,
  /** The drop zone and the chosen file. */
  fileSection: "File",
  dropToAdd: "Drop to add it",
  dropYour: (type: ContentType) => `Drop your ${{ image: "photo", audio: "audio file", video: "video" }[type]} here`,
  dropAFile: "Drop a file here",
  or: "or",
  browse: "Browse files",
  chooseFile: "Choose a file",
  removeFile: "Remove file",
  /** The preview before sharing. */
  preview: {
    photo: "Preview of the chosen photo",
    video: "Preview of the chosen video",
    audio: "Preview of the chosen audio",
    waveform: "Audio waveform",
    waveformUnavailable: "Waveform unavailable for this file",
    drawingWaveform: "Drawing waveform…",
  },
  /** The text fields. */
  caption: "Caption",
  captionPlaceholder: "Tell people about this one — the gear, the idea, the credits…",
  location: "Location",
  locationPlaceholder: "Studio, city or venue",
  tags: "Tags",
  tagsPlaceholder: "mixing, rnb, analog",
  tagsHint: "Separate tags with commas.",
  optional: "(optional)",
  /** Sharing and its progress. */
  cancel: "Cancel",
  clear: "Clear",
  sharing: "Sharing…",
  share: "Share Post",
  uploading: "Uploading…",
  publishing: "Publishing your post…",
  progressLabel: "Upload progress",
  sentOfTotal: (sent: string, total: string) => `${sent} of ${total}`,
} as const;
