// The block and mute contract (issue #27; DESIGN.md "Block" and "Mute"; decision record 0082):
//   POST   /api/users/:userId/block    → BlockState        (blocking also ends follows both ways)
//   DELETE /api/users/:userId/block    → BlockState
//   POST   /api/users/:userId/mute     → MuteState
//   DELETE /api/users/:userId/mute     → MuteState
//   GET    /api/users/:userId/relation → Relation          (my side only: what I did to them)
//   GET    /api/blocks?cursor=&limit=  → Page<ListedAccount>
//   GET    /api/mutes?cursor=&limit=   → Page<ListedAccount>
//   GET    /api/muted-words            → MutedWordList
//   POST   /api/muted-words            → MutedWord          { word }
//   DELETE /api/muted-words/:wordId    → { ok: true }
import { z } from "zod";
import { REQUEST_TEXTS, SAFETY_TEXTS } from "./messages";
import type { Page } from "./paging";
import type { PersonLine } from "./people";
import { MUTED_WORD_MAX_LENGTH, normalizeMutedWord } from "./rules/muted-words";
import { byRule } from "./schemas/common";

export interface BlockState {
  blocked: boolean;
}

export interface MuteState {
  muted: boolean;
}

/** What the caller did to a user; never whether that user blocked the caller. */
export interface Relation {
  blocked: boolean;
  muted: boolean;
}

/** A blocked or muted account in a settings list. */
export interface ListedAccount {
  person: PersonLine;
  /** When the block or mute was made (ms). */
  since: number;
}

export type ListedAccountPage = Page<ListedAccount>;

export interface MutedWord {
  id: string;
  word: string;
  createdAt: number;
}

export interface MutedWordList {
  items: MutedWord[];
}

/** POST /api/muted-words: the word normalised as it is stored and matched. */
export const mutedWordBodySchema = z.object({
  word: z
    .string({ error: REQUEST_TEXTS.invalidRequest })
    .max(MUTED_WORD_MAX_LENGTH * 4, SAFETY_TEXTS.mutedWordInvalid)
    .transform(byRule(normalizeMutedWord, (accepted) => accepted.word)),
});
