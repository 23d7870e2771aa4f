// Loudness shown by the audio players (issue #31 item 4). Ours.

export const LOUDNESS_TEXTS = {} as const;
