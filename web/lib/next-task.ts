/**
 * Resolves in a new task of the main thread. The first visit's boot (web/main.tsx, web/app.tsx)
 * awaits it between steps so that each step is its own task: the browser can handle input and
 * paint in between, and no single task grows past the 50 ms a long task starts at (first-visit
 * TBT, decision record 0075). `setTimeout(0)` rather than a microtask, which would run in the
 * same task.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `work` once the browser has painted the current frame: the frame first, then a task. An
 * interaction shows its own answer at once (a tab selected, a button pressed) and the heavier
 * work it starts comes after that paint, so it does not count towards the interaction's latency
 * (INP, issue #29 item 4).
 */
export function afterNextPaint(work: () => void): void {
  requestAnimationFrame(() => setTimeout(work, 0));
}
