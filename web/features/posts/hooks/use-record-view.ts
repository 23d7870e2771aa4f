// View tracking (spec §3 post_views, §7 "post_views: insert a row per view"). The feed records a
// view the first time a card is at least half visible, once per post per browser session; the
// share page records one on open. Failures are only logged (spec §8).
import { useEffect, type RefObject } from "react";
import { postCalls } from "../api";

const VIEWED_STORAGE_KEY = "backline:viewed-posts";
/** The share of a card that must be on screen for it to count as seen. */
const VIEW_THRESHOLD = 0.5;

const viewedThisSession = new Set<string>();
let loaded = false;

function loadViewed() {
  if (loaded) return;
  loaded = true;
  try {
    const raw = sessionStorage.getItem(VIEWED_STORAGE_KEY);
    const ids: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(ids)) for (const id of ids) if (typeof id === "string") viewedThisSession.add(id);
  } catch {
    // Without storage the in-memory set still prevents repeats until a reload.
  }
}

/** Marks a post as viewed; true the first time in this session, false afterwards. */
function markViewed(postId: string): boolean {
  loadViewed();
  if (viewedThisSession.has(postId)) return false;
  viewedThisSession.add(postId);
  try {
    // Kept bounded: only the most recent ids matter for a scrolling session.
    sessionStorage.setItem(VIEWED_STORAGE_KEY, JSON.stringify([...viewedThisSession].slice(-500)));
  } catch {
    // See loadViewed.
  }
  return true;
}

/** Test hook: forget what this session has seen. */
export function resetViewedForTests() {
  viewedThisSession.clear();
  loaded = false;
}

export function recordViewOnce(postId: string, record: (postId: string) => Promise<void> = postCalls.recordView): void {
  if (markViewed(postId)) void record(postId);
}

/** Records a view when the element is half visible for the first time. */
export function useRecordViewWhenVisible(ref: RefObject<Element | null>, postId: string, enabled = true) {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === "undefined") return;
    loadViewed();
    if (viewedThisSession.has(postId)) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting && entry.intersectionRatio >= VIEW_THRESHOLD)) {
          recordViewOnce(postId);
          observer.disconnect();
        }
      },
      { threshold: VIEW_THRESHOLD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, postId, enabled]);
}
