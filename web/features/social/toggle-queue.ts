// Rapid taps on a toggle (like, follow) collapse into as few requests as possible (CONVENTIONS.md
// example 8, after Bluesky's useToggleMutationQueue): the queue keeps only the latest desired
// state, lets one request be in flight, and when that request returns sends the final desired
// state only if it differs from what the server just confirmed. Tapping like, unlike, like while
// the first request is in flight therefore sends exactly one request, carrying `liked: true`.
//
// The queue never touches the UI. The caller shows the desired state at once (optimistically) and
// gets `onSettled` once the queue drains, with the last state the server confirmed and the error
// of the final request, if it failed, so it can roll back to the truth.

export interface ToggleQueueOptions<S> {
  /** The server-confirmed state the queue starts from. */
  initial: S;
  /** Whether a confirmed state is "on" (liked, following). */
  isOn: (state: S) => boolean;
  /** Sends one request for `desired` and resolves with the state the server confirmed. */
  run: (desired: boolean) => Promise<S>;
  /** Called once no request is in flight and none is queued. */
  onSettled: (confirmed: S, error: unknown) => void;
}

export class ToggleQueue<S> {
  private confirmed: S;
  private pending: boolean | null = null;
  private running = false;

  constructor(private readonly options: ToggleQueueOptions<S>) {
    this.confirmed = options.initial;
  }

  /** True while a request is in flight. */
  get busy(): boolean {
    return this.running;
  }

  /** The last state the server confirmed. */
  get state(): S {
    return this.confirmed;
  }

  /**
   * Replaces the confirmed state with fresh server data (a refetch). Ignored while busy, because
   * then the data the caller holds is its own optimistic guess, not the server's answer.
   */
  sync(state: S): void {
    if (!this.running) this.confirmed = state;
  }

  /** Records the user's latest wish; sends it now if idle, else after the current request. */
  toggle(desired: boolean): void {
    this.pending = desired;
    if (!this.running) void this.drain();
  }

  private async drain(): Promise<void> {
    this.running = true;
    let error: unknown = null;
    try {
      while (this.pending !== null) {
        const desired = this.pending;
        this.pending = null;
        // The taps cancelled out (or repeat what the server already has): nothing to send.
        if (desired === this.options.isOn(this.confirmed)) {
          error = null;
          continue;
        }
        try {
          this.confirmed = await this.options.run(desired);
          error = null;
        } catch (failure) {
          // Keep going if the user tapped again meanwhile; only the final outcome is reported.
          error = failure;
        }
      }
    } finally {
      this.running = false;
    }
    this.options.onSettled(this.confirmed, error);
  }
}
