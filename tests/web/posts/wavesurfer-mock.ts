// A wavesurfer.js stand-in: jsdom has no canvas. It records the options each player was built
// with, so tests can check that the stored peaks and duration were used and no URL was fetched.
// `emit` plays the part of the media element ("timeupdate", "play", "interaction"…), and
// `setTime`/`play` move and start the fake playhead, so tests can listen as a user would.
import { vi } from "vitest";

type Handler = (...args: unknown[]) => void;

export interface FakeWaveSurfer {
  options: Record<string, unknown>;
  playPause: ReturnType<typeof vi.fn>;
  play: ReturnType<typeof vi.fn>;
  setTime: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
  /** Runs the handlers the player subscribed to `event`, as the media element would. */
  emit: (event: string, ...args: unknown[]) => void;
  /** Where the fake playhead is, in seconds, and whether it plays. */
  state: { time: number; playing: boolean };
}

export const created: FakeWaveSurfer[] = [];

export const wavesurferModule: { default: { create: (options: Record<string, unknown>) => FakeWaveSurfer } } = {
  default: {
    create: (options: Record<string, unknown>) => {
      const handlers = new Map<string, Set<Handler>>();
      const state = { time: 0, playing: false };
      const emit = (event: string, ...args: unknown[]) => {
        for (const handler of handlers.get(event) ?? []) handler(...args);
      };
      const instance = {
        options,
        state,
        emit,
        playPause: vi.fn(async () => {}),
        play: vi.fn(async () => {
          state.playing = true;
          emit("play");
        }),
        destroy: vi.fn(),
        on: vi.fn((event: string, handler: Handler) => {
          const set = handlers.get(event) ?? new Set<Handler>();
          set.add(handler);
          handlers.set(event, set);
          return () => set.delete(handler);
        }),
        getDuration: vi.fn(() => 0),
        getCurrentTime: vi.fn(() => state.time),
        isPlaying: vi.fn(() => state.playing),
        setTime: vi.fn((seconds: number) => {
          state.time = seconds;
        }),
        pause: vi.fn(),
      };
      created.push(instance);
      return instance;
    },
  },
};
