// On a first visit that arrives with prerendered HTML (/auth, decision record 0075), the app's
// first commit replaces that HTML with the finished screen in one task. Parts of the shell that
// show nothing on that screen (the PWA's toasts, prompts and install card) mount one task later,
// in a commit of their own, so that the first one stays short (TBT, decision record
// 0075). Everywhere else, and after that first visit's boot, they mount with the rest.
import { startTransition, useEffect, useState } from "react";
import { nextTask } from "./next-task";

let deferring = false;

/** Called by the entry before the first render of a prerendered page. */
export function deferUntilAfterFirstCommit(): void {
  deferring = true;
}

/** False during the first commit of a prerendered page, true from the task after it. */
export function useAfterFirstCommit(): boolean {
  const [ready, setReady] = useState(() => !deferring);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    void nextTask().then(() => {
      deferring = false;
      if (mounted) startTransition(() => setReady(true));
    });
    return () => {
      mounted = false;
    };
  }, [ready]);
  return ready;
}
