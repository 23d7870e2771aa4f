import type { ToastText } from "./toast";

// Block and mute (issue #27; DESIGN.md "Block" and "Mute"; decision record 0082). What a blocked
// account meets elsewhere is each area's own "not found" text, so a block is never named to them.

export const SAFETY_TEXTS = {
  blockSelf: "You cannot block yourself",
  muteSelf: "You cannot mute yourself",
  /** The only trace of a block in a conversation, the same for both sides and for nothing else. */
  cannotReply: "You can't reply to this conversation.",
  mutedWordInvalid: "A muted word must be 1 to 50 characters of letters or numbers",
  mutedWordsFull: (max: number) => `You can mute at most ${max} words`,
  mutedWordNotFound: "Muted word not found",

  menuLabel: "More actions",
  block: (username: string) => `Block @${username}`,
  unblock: (username: string) => `Unblock @${username}`,
  mute: (username: string) => `Mute @${username}`,
  unmute: (username: string) => `Unmute @${username}`,
  blockConfirm: {
    title: (username: string) => `Block @${username}?`,
    description:
      "You will stop following each other. Neither of you will see the other's posts, profile, comments or listings, and you will not be able to message, follow, comment on, like, book or buy from each other. They are not told.",
    confirm: "Block",
    cancel: "Cancel",
  },
  blocked: (username: string): ToastText => ({ title: "Blocked", description: `You blocked @${username}` }),
  unblocked: (username: string): ToastText => ({ title: "Unblocked", description: `You unblocked @${username}` }),
  muted: (username: string): ToastText => ({ title: "Muted", description: `You won't see @${username} in your feed, search or activity` }),
  unmuted: (username: string): ToastText => ({ title: "Unmuted", description: `You unmuted @${username}` }),
  undo: "Undo",
  actionFailed: { title: "Something went wrong", description: "Please try again." } satisfies ToastText,

  blockedSection: {
    title: "Blocked accounts",
    hint: "People you block can't find you, follow you, message you or buy from you.",
    empty: "You haven't blocked anyone.",
    error: "Blocked accounts could not be loaded.",
    unblock: "Unblock",
    more: "Show more",
  },
  mutedSection: {
    title: "Muted",
    hint: "Muted accounts and words disappear from your feed, search and activity. Nobody is told.",
    accounts: "Muted accounts",
    empty: "You haven't muted anyone.",
    error: "Muted accounts could not be loaded.",
    unmute: "Unmute",
    words: "Muted words",
    wordsEmpty: "No muted words.",
    wordsError: "Muted words could not be loaded.",
    wordLabel: "Word or phrase to mute",
    add: "Add",
    remove: (word: string) => `Remove muted word "${word}"`,
    more: "Show more",
  },
} as const;
