// A minute clock for relative times ("5m", "3h"): re-renders every minute so a card or a comment
// left open ages correctly, without each one running its own timer.
import { useSyncExternalStore } from "react";
import { MINUTE_MS } from "@shared/constants";

const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, MINUTE_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

// The snapshot must be stable between calls, so without a running timer it only moves forward
// when it is clearly stale.
function getSnapshot(): number {
  if (!timer && Date.now() - now > MINUTE_MS / 2) now = Date.now();
  return now;
}

export function useNow(): number {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
