// The reconnecting WebSocket (spec §4 realtime channel states; §9 heartbeat 25 s and reconnect
// delays 1, 2, 5, 10 s then 10 s, each drawn from its upper half so clients that dropped together
// do not return together: issue #33), driven with fake timers and a fake socket. Most tests fix
// the jitter at its top (random 1), where the spec's delays are exact.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CLOSE_TOO_MANY_LISTENERS, REFUSED_RETRY_MS, reconnectDelayMs as reconnectDelay, withJitter } from "@shared/realtime";
import { type ChannelState, createLiveSocket } from "@web/lib/live-socket";
import { FakeSocket } from "./fake-socket";
// The seed's PRNG, so the spread below is the same on every run.
import { mulberry32 } from "../../../seed/world/random";

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.reset();
});
afterEach(() => {
  vi.useRealTimers();
});

function open(options: Partial<Parameters<typeof createLiveSocket<{ type: string }, { type: "ping"; t: number }>>[0]> = {}) {
  const states: ChannelState[] = [];
  const messages: { type: string }[] = [];
  const opens: { previousOpens: number; failedAttempts: number }[] = [];
  const socket = createLiveSocket<{ type: string }, { type: "ping"; t: number }>({
    url: "ws://localhost/api/posts/p1/comments/live",
    parse: (data) => (typeof data === "string" ? (JSON.parse(data) as { type: string }) : null),
    onMessage: (m) => messages.push(m),
    onStateChange: (s) => states.push(s),
    onOpen: (info) => opens.push(info),
    heartbeat: { message: () => ({ type: "ping", t: Date.now() }) },
    createSocket: FakeSocket.create,
    random: () => 1,
    ...options,
  });
  return { socket, states, messages, opens };
}

describe("reconnectDelay", () => {
  it("is 1, 2, 5, 10 s, then 10 s for every later attempt", () => {
    expect([0, 1, 2, 3, 4, 5, 20].map((n) => reconnectDelay(n))).toEqual([1000, 2000, 5000, 10_000, 10_000, 10_000, 10_000]);
  });
});

describe("withJitter", () => {
  it("draws a delay from the upper half of the schedule's value, never beyond it", () => {
    expect([0, 0.5, 0.999, 1].map((r) => withJitter(10_000, () => r))).toEqual([5000, 7500, 9995, 10_000]);
    expect(withJitter(1000, () => 0)).toBe(500);
  });
});

describe("many clients after a restart (issue #33)", () => {
  /**
   * 40 sockets drop in the same instant; every attempt fails while the server is away (20 s);
   * answers how many attempts each second of the 15 s after its return brings.
   */
  function reconnectsPerSecondAfterOutage(random: (i: number) => () => number): number[] {
    const clients = Array.from({ length: 40 }, (_, i) => open({ random: random(i) }));
    for (const socket of [...FakeSocket.instances]) socket.serverOpen();
    for (const socket of [...FakeSocket.instances]) socket.serverClose();
    let serverUp = false;
    const perSecond: number[] = [];
    let handled = FakeSocket.instances.length;
    for (let tenth = 0; tenth < 350; tenth += 1) {
      vi.advanceTimersByTime(100);
      if (tenth === 200) serverUp = true;
      const fresh = FakeSocket.instances.slice(handled);
      handled = FakeSocket.instances.length;
      for (const socket of fresh) {
        if (serverUp) socket.serverOpen();
        else socket.serverClose();
      }
      if (serverUp) perSecond[Math.floor((tenth - 200) / 10)] = (perSecond[Math.floor((tenth - 200) / 10)] ?? 0) + fresh.length;
    }
    for (const { socket } of clients) socket.close();
    return perSecond;
  }

  it("come back spread over several seconds, not all in one", () => {
    const spread = reconnectsPerSecondAfterOutage((i) => mulberry32(i + 1));
    expect(spread.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...spread)).toBeLessThanOrEqual(12);
    expect(spread.filter((n) => n > 0).length).toBeGreaterThanOrEqual(5);
  });

  it("(without jitter every one of them would come back in the same second)", () => {
    const herd = reconnectsPerSecondAfterOutage(() => () => 1);
    expect(Math.max(...herd)).toBe(40);
  });
});

describe("createLiveSocket", () => {
  it("goes joining → joined and delivers parsed messages", () => {
    const { states, messages, opens } = open();
    expect(states).toEqual(["joining"]);
    FakeSocket.last().serverOpen();
    expect(states).toEqual(["joining", "joined"]);
    expect(opens).toEqual([{ previousOpens: 0, failedAttempts: 0 }]);
    FakeSocket.last().serverSend({ type: "welcome" });
    expect(messages).toEqual([{ type: "welcome" }]);
  });

  it("reconnects after 1, 2, 5, 10 and 10 s while the server stays away", () => {
    const { states } = open();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose();
    expect(states.at(-1)).toBe("errored");

    const waits: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const before = FakeSocket.instances.length;
      // One millisecond short of the delay nothing happens; at the delay a new socket is made.
      const delay = [1000, 2000, 5000, 10_000, 10_000][attempt]!;
      vi.advanceTimersByTime(delay - 1);
      expect(FakeSocket.instances.length, `attempt ${attempt + 1} too early`).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances.length, `attempt ${attempt + 1}`).toBe(before + 1);
      waits.push(delay);
      FakeSocket.last().serverClose(); // the attempt fails
    }
    expect(waits).toEqual([1000, 2000, 5000, 10_000, 10_000]);
    expect(states.filter((s) => s === "joining")).toHaveLength(6);
  });

  it("starts the schedule again from 1 s after a successful reconnect, and reports the gap to onOpen", () => {
    const { opens } = open();
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose();
    vi.advanceTimersByTime(1000);
    FakeSocket.last().serverClose();
    vi.advanceTimersByTime(2000);
    FakeSocket.last().serverOpen();
    expect(opens).toEqual([
      { previousOpens: 0, failedAttempts: 0 },
      { previousOpens: 1, failedAttempts: 2 },
    ]);
    FakeSocket.last().serverClose();
    const before = FakeSocket.instances.length;
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances.length).toBe(before + 1);
  });

  it("waits a minute after a room refuses it for too many listeners, however often that happens", () => {
    const { states } = open();
    for (let refusal = 0; refusal < 3; refusal += 1) {
      // The room completes the handshake, then closes at once with the shared code.
      FakeSocket.last().serverOpen();
      FakeSocket.last().serverClose(CLOSE_TOO_MANY_LISTENERS);
      expect(states.at(-1)).toBe("errored");
      const before = FakeSocket.instances.length;
      vi.advanceTimersByTime(REFUSED_RETRY_MS - 1);
      expect(FakeSocket.instances.length, `refusal ${refusal + 1}: retried too early`).toBe(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances.length).toBe(before + 1);
    }
    // Once admitted, a later ordinary drop is retried on the usual schedule again.
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverClose();
    const before = FakeSocket.instances.length;
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances.length).toBe(before + 1);
  });

  it("pings every 25 s while joined", () => {
    open();
    const ws = FakeSocket.last();
    ws.serverOpen();
    vi.advanceTimersByTime(24_999);
    expect(ws.sent).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ws.sent.map((s) => JSON.parse(s).type)).toEqual(["ping"]);
    ws.serverSend({ type: "pong" });
    vi.advanceTimersByTime(25_000);
    expect(ws.sent).toHaveLength(2);
  });

  it("gives up on a connection that has heard nothing for two heartbeats and reconnects", () => {
    const { states } = open();
    const ws = FakeSocket.last();
    ws.serverOpen();
    // Two pings go unanswered; at the third tick the socket is declared dead.
    vi.advanceTimersByTime(75_000);
    expect(states.at(-1)).toBe("errored");
    expect(ws.closedByClient).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it("leaves for good on close(): leaving → closed, no reconnect, no more pings", () => {
    const { socket, states } = open();
    const ws = FakeSocket.last();
    ws.serverOpen();
    socket.close();
    expect(states.slice(-2)).toEqual(["leaving", "closed"]);
    expect(ws.closedByClient).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(ws.sent).toEqual([]);
  });

  it("close() during a reconnect wait cancels the retry", () => {
    const { socket, states } = open();
    FakeSocket.last().serverClose();
    socket.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(states.at(-1)).toBe("closed");
  });

  it("reconnectNow() skips the rest of the wait", () => {
    const { socket } = open();
    FakeSocket.last().serverClose();
    vi.advanceTimersByTime(500);
    socket.reconnectNow();
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it("drops frames it cannot parse without closing", () => {
    const { messages, states } = open({ parse: () => null });
    FakeSocket.last().serverOpen();
    FakeSocket.last().serverSend("garbage");
    expect(messages).toEqual([]);
    expect(states.at(-1)).toBe("joined");
  });

  it("send() answers false unless joined", () => {
    const { socket } = open();
    expect(socket.send({ type: "ping", t: 1 })).toBe(false);
    FakeSocket.last().serverOpen();
    expect(socket.send({ type: "ping", t: 2 })).toBe(true);
  });

  it("pause() lets go without leaving: no retry, no ping, until resume() reconnects", () => {
    const { socket, states, opens } = open();
    FakeSocket.last().serverOpen();
    socket.pause();
    expect(FakeSocket.last().closedByClient).toBe(true);
    expect(states.at(-1)).toBe("closed");
    socket.reconnectNow();
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(FakeSocket.last().sent).toEqual([]);

    socket.resume();
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.last().serverOpen();
    expect(opens.at(-1)).toEqual({ previousOpens: 1, failedAttempts: 0 });
  });

  it("pause() during a reconnect wait cancels the retry; resume() after close() does nothing", () => {
    const { socket } = open();
    FakeSocket.last().serverClose();
    socket.pause();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    socket.close();
    socket.resume();
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
