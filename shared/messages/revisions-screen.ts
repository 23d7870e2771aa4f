// The order page's versions, A/B player and revision notes (issue #31 items 2 and 3). Ours.

export const REVISION_SCREEN_TEXTS = {} as const;
