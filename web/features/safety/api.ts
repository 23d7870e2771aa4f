// The /settings lists of blocks, mutes and muted words (issue #27; decision record 0082). The
// calls and keys are in web/lib/safety.ts, shared with the menus every feature shows.
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import { cursorPages } from "@web/lib/paging";
import { safetyCalls, safetyKeys } from "@web/lib/safety";

/** My blocked ("blocks") or muted ("mutes") accounts, newest first, a page at a time. */
export const accountListQuery = (kind: "blocks" | "mutes") =>
  infiniteQueryOptions({
    queryKey: (kind === "blocks" ? safetyKeys.blocks() : safetyKeys.mutes()) as readonly string[],
    queryFn: ({ pageParam, signal }) => (kind === "blocks" ? safetyCalls.blocks(pageParam, signal) : safetyCalls.mutes(pageParam, signal)),
    ...cursorPages,
  });

export const mutedWordsQuery = () =>
  queryOptions({
    queryKey: safetyKeys.mutedWords(),
    queryFn: ({ signal }) => safetyCalls.mutedWords(signal),
  });
