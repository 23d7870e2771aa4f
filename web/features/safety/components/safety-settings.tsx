// /settings: "Blocked accounts" (one-tap Unblock) and "Muted" (accounts with Unmute, muted words
// added and removed) — issue #27 items 1 and 2, decision record 0082. Each list keeps its own
// loading, empty and error state; a change refetches every cached list, as the menus do.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useState, type FormEvent, type ReactNode } from "react";
import { SAFETY_TEXTS, UI_TEXTS } from "@shared/messages";
import { MUTED_WORD_MAX_LENGTH, normalizeMutedWord } from "@shared/rules/muted-words";
import type { ListedAccount } from "@shared/safety-api";
import { Avatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Skeleton } from "@web/components/ui/skeleton";
import { notifyError, notifySuccess } from "@web/components/ui/toast";
import { ApiClientError } from "@web/lib/api-client";
import { refreshAfterSafetyChange, safetyCalls } from "@web/lib/safety";
import { accountListQuery, mutedWordsQuery } from "../api";

const T = SAFETY_TEXTS;

function failure(error: unknown) {
  notifyError(error instanceof ApiClientError ? error.message : T.actionFailed.description);
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-2">
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}

/** One page-by-page list of accounts with an action on each row. */
function AccountList({
  query,
  label,
  empty,
  error,
  action,
  more,
}: {
  query: ReturnType<typeof useAccounts>;
  label: string;
  empty: string;
  error: string;
  action: (account: ListedAccount) => ReactNode;
  more: string;
}) {
  if (query.isPending) return <Loading label={label} />;
  if (query.isError && !query.data) {
    return (
      <div role="alert" className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
        <span>{error}</span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {UI_TEXTS.pagedList.retry}
        </Button>
      </div>
    );
  }
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={label} className="flex flex-col divide-y">
        {items.map((account) => (
          <li key={account.person.userId} className="flex min-h-14 items-center gap-3 py-2">
            <Avatar src={account.person.avatarUrl} name={account.person.displayName || account.person.username} size="sm" />
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{account.person.displayName || account.person.username}</p>
              <p className="truncate text-xs text-muted-foreground">@{account.person.username}</p>
            </div>
            {action(account)}
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <Button variant="ghost" size="sm" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
          {more}
        </Button>
      ) : null}
    </div>
  );
}

function useAccounts(kind: "blocks" | "mutes") {
  return useInfiniteQuery(accountListQuery(kind));
}

function BlockedAccounts() {
  const queryClient = useQueryClient();
  const query = useAccounts("blocks");
  const unblock = useMutation({
    mutationFn: (account: ListedAccount) => safetyCalls.unblock(account.person.userId),
    onSuccess: (_answer, account) => {
      notifySuccess(T.unblocked(account.person.username).title, { description: T.unblocked(account.person.username).description });
      void refreshAfterSafetyChange(queryClient);
    },
    onError: failure,
  });
  const S = T.blockedSection;
  return (
    <Card data-testid="blocked-accounts">
      <CardHeader>
        <CardTitle>{S.title}</CardTitle>
        <CardDescription>{S.hint}</CardDescription>
      </CardHeader>
      <CardContent>
        <AccountList
          query={query}
          label={S.title}
          empty={S.empty}
          error={S.error}
          more={S.more}
          action={(account) => (
            <Button
              variant="outline"
              size="sm"
              aria-label={T.unblock(account.person.username)}
              disabled={unblock.isPending && unblock.variables?.person.userId === account.person.userId}
              onClick={() => unblock.mutate(account)}
            >
              {S.unblock}
            </Button>
          )}
        />
      </CardContent>
    </Card>
  );
}

function MutedWords() {
  const queryClient = useQueryClient();
  const words = useQuery(mutedWordsQuery());
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (word: string) => safetyCalls.addMutedWord(word),
    onSuccess: () => {
      setDraft("");
      void refreshAfterSafetyChange(queryClient);
    },
    onError: (error) => setProblem(error instanceof ApiClientError ? error.message : T.actionFailed.description),
  });
  const remove = useMutation({
    mutationFn: (wordId: string) => safetyCalls.removeMutedWord(wordId),
    onSuccess: () => void refreshAfterSafetyChange(queryClient),
    onError: failure,
  });
  const S = T.mutedSection;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = normalizeMutedWord(draft);
    if (!checked.ok) return setProblem(checked.message);
    setProblem(null);
    add.mutate(checked.word);
  };
  return (
    <section aria-labelledby="muted-words-title" className="flex flex-col gap-3">
      <h3 id="muted-words-title" className="text-sm font-semibold">
        {S.words}
      </h3>
      <form onSubmit={submit} className="flex items-start gap-2" noValidate>
        <div className="flex flex-1 flex-col gap-1">
          <Input
            aria-label={S.wordLabel}
            placeholder={S.wordLabel}
            value={draft}
            maxLength={MUTED_WORD_MAX_LENGTH * 2}
            onChange={(event) => setDraft(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? "muted-word-problem" : undefined}
          />
          {problem ? (
            <p id="muted-word-problem" role="alert" className="text-xs text-destructive">
              {problem}
            </p>
          ) : null}
        </div>
        <Button type="submit" disabled={add.isPending}>
          {S.add}
        </Button>
      </form>
      {words.isPending ? (
        <Loading label={S.words} />
      ) : words.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          {S.wordsError}
        </p>
      ) : words.data.items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{S.wordsEmpty}</p>
      ) : (
        <ul aria-label={S.words} className="flex flex-wrap gap-2">
          {words.data.items.map((word) => (
            <li key={word.id} className="inline-flex items-center gap-1 rounded-full border bg-muted/40 py-1 pl-3 pr-1 text-sm">
              {word.word}
              <button
                type="button"
                aria-label={S.remove(word.word)}
                onClick={() => remove.mutate(word.id)}
                className="inline-flex size-8 items-center justify-center rounded-full text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-4" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Muted() {
  const queryClient = useQueryClient();
  const query = useAccounts("mutes");
  const unmute = useMutation({
    mutationFn: (account: ListedAccount) => safetyCalls.unmute(account.person.userId),
    onSuccess: (_answer, account) => {
      notifySuccess(T.unmuted(account.person.username).title, { description: T.unmuted(account.person.username).description });
      void refreshAfterSafetyChange(queryClient);
    },
    onError: failure,
  });
  const S = T.mutedSection;
  return (
    <Card data-testid="muted-settings">
      <CardHeader>
        <CardTitle>{S.title}</CardTitle>
        <CardDescription>{S.hint}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <section aria-labelledby="muted-accounts-title" className="flex flex-col gap-2">
          <h3 id="muted-accounts-title" className="text-sm font-semibold">
            {S.accounts}
          </h3>
          <AccountList
            query={query}
            label={S.accounts}
            empty={S.empty}
            error={S.error}
            more={S.more}
            action={(account) => (
              <Button
                variant="outline"
                size="sm"
                aria-label={T.unmute(account.person.username)}
                disabled={unmute.isPending && unmute.variables?.person.userId === account.person.userId}
                onClick={() => unmute.mutate(account)}
              >
                {S.unmute}
              </Button>
            )}
          />
        </section>
        <MutedWords />
      </CardContent>
    </Card>
  );
}

/** Both sections, mounted by /settings with one line. */
export function SafetySettings() {
  return (
    <>
      <BlockedAccounts />
      <Muted />
    </>
  );
}
