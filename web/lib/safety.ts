// Block and mute calls (issue #27; decision record 0082), shared by the menus every feature shows
// on someone else's post, comment, profile or conversation (web/components/safety-menu.tsx) and by
// the /settings sections (web/features/safety). They live in lib because features never import
// each other and every feature needs the menu.
import type { QueryClient } from "@tanstack/react-query";
import type { BlockState, ListedAccountPage, MutedWord, MutedWordList, MuteState, Relation } from "@shared/safety-api";
import { api, unwrap } from "./api-client";
import { pageQuery } from "./paging";

export const safetyKeys = {
  all: ["safety"] as const,
  relation: (userId: string) => [...safetyKeys.all, "relation", userId] as const,
  blocks: () => [...safetyKeys.all, "blocks"] as const,
  mutes: () => [...safetyKeys.all, "mutes"] as const,
  mutedWords: () => [...safetyKeys.all, "muted-words"] as const,
};

export const safetyCalls = {
  relation: (userId: string, signal?: AbortSignal): Promise<Relation> =>
    unwrap(api.api.users[":userId"].relation.$get({ param: { userId } }, { init: { signal } })),
  block: (userId: string): Promise<BlockState> => unwrap(api.api.users[":userId"].block.$post({ param: { userId } })),
  unblock: (userId: string): Promise<BlockState> => unwrap(api.api.users[":userId"].block.$delete({ param: { userId } })),
  mute: (userId: string): Promise<MuteState> => unwrap(api.api.users[":userId"].mute.$post({ param: { userId } })),
  unmute: (userId: string): Promise<MuteState> => unwrap(api.api.users[":userId"].mute.$delete({ param: { userId } })),
  blocks: (cursor: string | null, signal?: AbortSignal): Promise<ListedAccountPage> =>
    unwrap(api.api.blocks.$get({ query: pageQuery(cursor) }, { init: { signal } })),
  mutes: (cursor: string | null, signal?: AbortSignal): Promise<ListedAccountPage> =>
    unwrap(api.api.mutes.$get({ query: pageQuery(cursor) }, { init: { signal } })),
  mutedWords: (signal?: AbortSignal): Promise<MutedWordList> => unwrap(api.api["muted-words"].$get({}, { init: { signal } })),
  addMutedWord: (word: string): Promise<MutedWord> => unwrap(api.api["muted-words"].$post({ json: { word } })),
  removeMutedWord: (wordId: string): Promise<unknown> => unwrap(api.api["muted-words"][":wordId"].$delete({ param: { wordId } })),
};

/**
 * After a block, mute or their undoing, every list that may hold the person is stale: feeds,
 * search, comments, profiles, conversations and activity. Refetching them all is simpler than
 * knowing each one's key, and these changes are rare.
 */
export function refreshAfterSafetyChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries();
}
