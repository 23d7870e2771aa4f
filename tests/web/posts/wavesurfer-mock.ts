// A wavesurfer.js stand-in: jsdom has no canvas. It records the options each player was built
// with, so tests can check that the stored peaks and duration were used and no URL was fetched.
import { vi } from "vitest";

export interface FakeWaveSurfer {
  options: Record<string, unknown>;
  playPause: ReturnType<typeof vi.fn>;
  destroy: ReturnType<typeof vi.fn>;
}

export const created: FakeWaveSurfer[] = [];

export const wavesurferModule: { default: { create: (options: Record<string, unknown>) => FakeWaveSurfer } } = {
  default: {
    create: (options: Record<string, unknown>) => {
      const instance = {
        options,
        playPause: vi.fn(async () => {}),
        destroy: vi.fn(),
        on: vi.fn(() => () => {}),
        getDuration: vi.fn(() => 0),
        getCurrentTime: vi.fn(() => 0),
        setTime: vi.fn(),
        pause: vi.fn(),
      };
      created.push(instance);
      return instance;
    },
  },
};
