// ToggleQueue (CONVENTIONS.md example 8): one request in flight, only the latest wish kept, the
// final state sent when the in-flight request returns, and the last confirmed state on failure.
import { describe, expect, it, vi } from "vitest";
import { ToggleQueue } from "@web/features/social/toggle-queue";

function setup(initial = false) {
  const pending: { desired: boolean; resolve: (v: boolean) => void; reject: (e: unknown) => void }[] = [];
  const settled: { confirmed: boolean; error: unknown }[] = [];
  const run = vi.fn((desired: boolean) => new Promise<boolean>((resolve, reject) => pending.push({ desired, resolve, reject })));
  const queue = new ToggleQueue<boolean>({ initial, isOn: (s) => s, run, onSettled: (confirmed, error) => settled.push({ confirmed, error }) });
  return { queue, run, pending, settled };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("ToggleQueue", () => {
  it("odd taps while in flight: one request, no follow-up", async () => {
    const { queue, run, pending, settled } = setup();
    queue.toggle(true);
    queue.toggle(false);
    queue.toggle(true);
    expect(run).toHaveBeenCalledTimes(1);
    pending[0]!.resolve(true);
    await tick();
    expect(run).toHaveBeenCalledTimes(1);
    expect(settled).toEqual([{ confirmed: true, error: null }]);
  });

  it("even taps while in flight: the final state is sent once the first returns", async () => {
    const { queue, run, pending, settled } = setup();
    queue.toggle(true);
    queue.toggle(false);
    pending[0]!.resolve(true);
    await tick();
    expect(run.mock.calls.map((c) => c[0])).toEqual([true, false]);
    pending[1]!.resolve(false);
    await tick();
    expect(settled).toEqual([{ confirmed: false, error: null }]);
  });

  it("reports the last confirmed state and the error when the final request fails", async () => {
    const { queue, pending, settled } = setup(false);
    queue.toggle(true);
    pending[0]!.reject(new Error("500"));
    await tick();
    expect(settled).toEqual([{ confirmed: false, error: new Error("500") }]);
    expect(queue.busy).toBe(false);
  });

  it("a failure followed by a wish that matches the server is not an error", async () => {
    const { queue, run, pending, settled } = setup(false);
    queue.toggle(true);
    queue.toggle(false);
    pending[0]!.reject(new Error("500"));
    await tick();
    expect(run).toHaveBeenCalledTimes(1);
    expect(settled).toEqual([{ confirmed: false, error: null }]);
  });

  it("sync() takes fresh server data only while idle", async () => {
    const { queue, pending } = setup(false);
    queue.sync(true);
    expect(queue.state).toBe(true);
    queue.toggle(false);
    queue.sync(true);
    pending[0]!.resolve(false);
    await tick();
    expect(queue.state).toBe(false);
  });
});
