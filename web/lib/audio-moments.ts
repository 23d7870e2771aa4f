// Where each audio post's player is, for the screens that pin comments to its moments (issue #31
// item 1, decision record 0089). The player lives in the posts feature and the comments in the
// social feature, which never import each other; both talk to the player through this store:
// the player registers itself and reports its position, the comments dialog reads the position
// to pin a comment and asks the player to seek, and the player's "Comment at 1:23" asks whichever
// comments dialog belongs to the post to open with that pin.
import { useSyncExternalStore } from "react";

/** What the rest of the app sees of one post's player. */
export interface PlayerPosition {
  /** Where the playhead is, in milliseconds. */
  timeMs: number;
  playing: boolean;
  /** The listener has played or moved the playhead at least once: the position means something. */
  touched: boolean;
}

/** A request from the player to open the post's comments with a comment pinned at `atMs`. */
export interface PinRequest {
  atMs: number;
  /** Tells two requests for the same moment apart, so each one opens the dialog. */
  seq: number;
}

interface Player {
  seek: (ms: number) => void;
  position: PlayerPosition;
}

const players = new Map<string, Player>();
const pinRequests = new Map<string, PinRequest>();
const listeners = new Set<() => void>();
let nextSeq = 1;

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Called by a post's player when it mounts; `seek` moves its playhead and plays from there. The
 * answer unregisters it (only if it is still the registered one: a remount may have replaced it).
 */
export function registerPlayer(postId: string, seek: (ms: number) => void): () => void {
  const player: Player = { seek, position: { timeMs: 0, playing: false, touched: false } };
  players.set(postId, player);
  emit();
  return () => {
    if (players.get(postId) !== player) return;
    players.delete(postId);
    emit();
  };
}

/** The player's position changed (time, play or pause). Each change is a new object, for React. */
export function reportPlayerPosition(postId: string, timeMs: number, playing: boolean): void {
  const player = players.get(postId);
  if (!player) return;
  const position = { timeMs: Math.max(0, Math.round(timeMs)), playing, touched: true };
  const before = player.position;
  if (before.timeMs === position.timeMs && before.playing === playing && before.touched) return;
  player.position = position;
  emit();
}

/** Moves the post's player to `ms` and plays from there; false when no player of it is on screen. */
export function seekPlayer(postId: string, ms: number): boolean {
  const player = players.get(postId);
  if (!player) return false;
  player.seek(ms);
  return true;
}

/** The post's player position, or null when no player of it is on screen. */
export function usePlayerPosition(postId: string): PlayerPosition | null {
  return useSyncExternalStore(
    subscribe,
    () => players.get(postId)?.position ?? null,
    () => null,
  );
}

/**
 * Whether a player of the post is on screen, without following its playhead: a comment's seek
 * buttons re-render when a player comes or goes, not four times a second while it plays.
 */
export function usePlayerPresent(postId: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => players.has(postId),
    () => false,
  );
}

/** The player's "Comment at 1:23": the post's comments open with a comment pinned there. */
export function requestPin(postId: string, atMs: number): void {
  pinRequests.set(postId, { atMs: Math.max(0, Math.round(atMs)), seq: nextSeq++ });
  emit();
}

/** The latest unanswered pin request of the post, or null. */
export function usePinRequest(postId: string): PinRequest | null {
  return useSyncExternalStore(
    subscribe,
    () => pinRequests.get(postId) ?? null,
    () => null,
  );
}

/** The request was answered (the dialog opened with it); forget it so it is answered once. */
export function clearPinRequest(postId: string, request: PinRequest): void {
  if (pinRequests.get(postId) !== request) return;
  pinRequests.delete(postId);
  emit();
}

/**
 * The query key of a post's waveform markers. The posts feature reads them; the social feature
 * invalidates them when a pinned comment is added, arrives live or is deleted.
 */
export const commentMarkersKey = (postId: string) => ["comment-markers", postId] as const;
