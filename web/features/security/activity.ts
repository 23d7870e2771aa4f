// When did the user last do something? Shared by the 60-minute session timeout and the 4-hour
// idle check (spec §9). The time is also written to localStorage (at most every 30 s), so a user
// active in one tab is not signed out by an idle second tab: the server session is shared.
export const LAST_ACTIVITY_KEY = "backline:last-activity";
const PERSIST_EVERY_MS = 30_000;
const ACTIVITY_EVENTS = ["pointerdown", "keydown", "wheel", "touchstart", "scroll", "mousemove"] as const;

export interface ActivityTracker {
  /** Milliseconds since the epoch of the latest activity in any tab. */
  lastActivity(): number;
  /** Records activity now (also called by the DOM listeners). */
  touch(): void;
  stop(): void;
}

function readShared(): number {
  try {
    const value = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

export function createActivityTracker(options: { target?: EventTarget; now?: () => number } = {}): ActivityTracker {
  const now = options.now ?? Date.now;
  const target = options.target ?? (typeof window === "undefined" ? undefined : window);
  let last = now();
  let persistedAt = 0;

  const persist = () => {
    persistedAt = last;
    try {
      localStorage.setItem(LAST_ACTIVITY_KEY, String(last));
    } catch {
      // Without storage each tab keeps its own clock, which only matters with several tabs open.
    }
  };
  const touch = () => {
    last = now();
    if (last - persistedAt >= PERSIST_EVERY_MS) persist();
  };
  persist();

  const listenerOptions: AddEventListenerOptions = { passive: true, capture: true };
  for (const type of ACTIVITY_EVENTS) target?.addEventListener(type, touch, listenerOptions);

  return {
    lastActivity: () => Math.max(last, readShared()),
    touch,
    stop: () => {
      for (const type of ACTIVITY_EVENTS) target?.removeEventListener(type, touch, listenerOptions);
    },
  };
}
