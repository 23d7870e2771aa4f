// A frame that arrives after its socket closed must not make a room throw. Found by the fuzz
// suite (tests/worker/fuzz/socket-frames.test.ts): a binary frame closes the socket with 1003,
// and a ping sent right behind it was still delivered, so the room's pong was a send() after
// close(), thrown out of webSocketMessage in all three rooms. Decision record 0025.
import { describe, expect, it } from "vitest";
import {
  type FrameListener,
  listen,
  listenChat,
  listenUserChannel,
  openConversationWith,
  recordRoomExceptions,
  signedInUser,
  signedInUserWithPost,
} from "../helpers";

const thrown = recordRoomExceptions();

const PING = JSON.stringify({ type: "ping", t: 1 });
/** The same ping as a binary frame: the protocol closes the socket with 1003 for it. */
const BINARY_PING = new TextEncoder().encode(PING);

interface Opened {
  socket: WebSocket;
  closed: Promise<CloseEvent>;
  welcomed(): Promise<unknown>;
}

const opened = (l: Pick<FrameListener<{ type: string }>, "socket" | "closed"> & { next(type: "welcome"): Promise<unknown> }): Opened => ({
  socket: l.socket,
  closed: l.closed,
  welcomed: () => l.next("welcome"),
});

/** Opens a fresh socket on each room, as the fuzz suite's counterexamples did. */
const ROOMS: [string, () => Promise<Opened>][] = [
  ["comment room", async () => opened(await listen((await signedInUserWithPost()).postId))],
  [
    "chat room",
    async () => {
      const [ana, ben] = await Promise.all([signedInUser(), signedInUser()]);
      return opened(await listenChat(await openConversationWith(ana, ben.id), ana));
    },
  ],
  ["user channel", async () => opened(await listenUserChannel(await signedInUser()))],
];

// The frames behind the binary one may still be in the room's handler when the close reaches us.
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe.each(ROOMS)("the %s", (_, open) => {
  it("closes with 1003 on a binary frame and does not throw on the pings sent behind it", async () => {
    thrown.length = 0;
    const l = await open();
    await l.welcomed();
    l.socket.send(BINARY_PING);
    for (let i = 0; i < 20; i++) l.socket.send(PING);
    expect((await l.closed).code).toBe(1003);
    await settle();
    expect(thrown).toEqual([]);
  });
});
