// The three WebSocket rooms are sent arbitrary frames by the callers they admit: a post's comment
// room (anyone), a conversation's chat room (its two participants: the owner and the buyer) and
// the user channel (anyone signed in). Frames: any JSON, the client messages of shared/ broken
// field by field, frames around and far over MAX_CLIENT_FRAME_BYTES, binary frames, text that is
// not JSON, and bursts. What must hold (decision record 0025): the room never fails (no close
// with 1011 or 1006, nothing that does not parse as the room's own server message); a socket that
// stayed open still answers a ping with its pong; one that was closed was closed with the code
// the protocol names (1003 for a binary frame); and no row changed.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { chatRoomPath, parseChatServerMessage, parseUserChannelServerMessage, USER_CHANNEL_PATH } from "@shared/messaging-realtime";
import { commentRoomPath, MAX_CLIENT_FRAME_BYTES, parseServerMessage } from "@shared/realtime";
import { api, type Caller, type CallerName, fieldValue, fuzzOptions, openConversationWith, recordRoomExceptions, refusalState, type RouteFixture, runsPerCaller, useFuzzContext } from "../helpers";
import { SECURITY_TABLE } from "../security-table";

const fuzz = useFuzzContext(SECURITY_TABLE);

/** The conversation between the fixture's buyer and owner, opened once per fixture. */
const chats = new WeakMap<RouteFixture, Promise<string>>();
function chatOf(f: RouteFixture): Promise<string> {
  if (!chats.has(f)) chats.set(f, openConversationWith(f.buyer, f.owner.id));
  return chats.get(f)!;
}

interface Room {
  name: string;
  /** Who may open a socket there. */
  callers: readonly CallerName[];
  path(f: RouteFixture): Promise<string>;
  /** The room's server messages: every frame it sends must parse. */
  parse(data: unknown): { type: string; t?: number } | null;
  /** The client messages of its protocol, valid, from which broken ones are made. */
  messages: Record<string, unknown>[];
}

const ROOMS: Room[] = [
  {
    name: "the comment room",
    callers: ["visitor", "other user", "owner", "buyer"],
    path: async (f) => commentRoomPath(f.owner.postId),
    parse: parseServerMessage,
    messages: [{ type: "ping", t: 1 }],
  },
  {
    name: "the chat room",
    callers: ["owner", "buyer"],
    path: async (f) => chatRoomPath(await chatOf(f)),
    parse: parseChatServerMessage,
    messages: [{ type: "ping", t: 1 }, { type: "typing", typing: true }],
  },
  {
    name: "the user channel",
    callers: ["other user", "owner", "buyer"],
    path: async () => USER_CHANNEL_PATH,
    parse: parseUserChannelServerMessage,
    messages: [{ type: "ping", t: 1 }],
  },
];

/** Close codes a room may end a fuzzed socket with: the protocol's 1003 for a binary frame. */
const BINARY_CLOSE = 1003;

type Frame = string | Uint8Array;

const MESSAGE_TYPES = ["ping", "typing", "pong", "welcome", "read", "message.created", "comment.created", "PING", "ping ", "", "__proto__", "constructor", "toString"];

/** A valid client message broken field by field: values replaced or dropped, other fields added. */
function brokenMessage(messages: Record<string, unknown>[]): fc.Arbitrary<Frame> {
  const keys = ["type", "t", "typing"];
  return fc
    .record({
      base: fc.constantFrom(...messages),
      replaced: fc.dictionary(fc.constantFrom(...keys), fc.oneof(fieldValue, fc.constantFrom<unknown>(...MESSAGE_TYPES))),
      dropped: fc.subarray(keys),
      extra: fc.dictionary(fc.constantFrom("__proto__", "constructor", "userId", "conversationId", "postId", "comment", "t", "x"), fieldValue, { maxKeys: 2 }),
    })
    .map(({ base, replaced, dropped, extra }) => {
      const entries = Object.entries({ ...base, ...replaced }).filter(([key]) => !dropped.includes(key));
      // Written by hand so "__proto__" stays a plain key.
      const all = [...entries, ...Object.entries(extra)];
      return `{${all.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? "null"}`).join(",")}}`;
    });
}

/** A ping padded to a length around MAX_CLIENT_FRAME_BYTES, or far over it. */
const bigFrame: fc.Arbitrary<Frame> = fc
  .tuple(fc.oneof(fc.integer({ min: MAX_CLIENT_FRAME_BYTES - 4, max: MAX_CLIENT_FRAME_BYTES + 4 }), fc.integer({ min: 2_000, max: 600_000 })), fc.constantFrom("x", "é", "😀", " "))
  .map(([length, pad]) => {
    const head = '{"type":"ping","t":1,"pad":"';
    return `${head}${pad.repeat(Math.max(0, Math.ceil((length - head.length - 2) / pad.length)))}"}`;
  });

function frameArbitrary(room: Room): fc.Arbitrary<Frame> {
  return fc.oneof(
    { arbitrary: brokenMessage(room.messages), weight: 4 },
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(...room.messages.map((m) => JSON.stringify(m))),
    fc.string({ unit: "binary", maxLength: 200 }),
    fc.constantFrom("", "{", "ping", "null", "[]", '"ping"', "1e309", '{"type":"ping","t":1e309}', '{"type":"ping","t":"1"}', `${"[".repeat(5_000)}${"]".repeat(5_000)}`),
    bigFrame,
    fc.uint8Array({ maxLength: 2_000 }),
    fc.constantFrom(...room.messages.map((m) => new TextEncoder().encode(JSON.stringify(m)))),
  );
}

/** Frames in order: a few, or one repeated in a rapid burst. */
function framesArbitrary(room: Room): fc.Arbitrary<Frame[]> {
  return fc.oneof(
    fc.array(frameArbitrary(room), { minLength: 1, maxLength: 8 }),
    fc.tuple(frameArbitrary(room), fc.integer({ min: 20, max: 150 })).map(([frame, n]) => Array.from({ length: n }, () => frame)),
  );
}

interface OpenSocket {
  socket: WebSocket;
  /** Frames the room sent that are not its own server messages (must stay empty). */
  rejected: string[];
  pongs: Set<number>;
  closed: Promise<CloseEvent>;
  isClosed(): boolean;
  /** Resolves when `check` holds after a frame or the close, or after `ms`. */
  until(check: () => boolean, ms: number): Promise<void>;
}

async function openSocket(room: Room, caller: Caller, f: RouteFixture): Promise<OpenSocket> {
  const res = await api(await room.path(f), { headers: { upgrade: "websocket" }, cookie: await caller.cookie() });
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused for the ${caller.name}: ${res.status} ${await res.text()}`);
  const socket = res.webSocket;
  const rejected: string[] = [];
  const pongs = new Set<number>();
  const waiters = new Set<() => void>();
  let closedEvent: CloseEvent | null = null;
  const closed = new Promise<CloseEvent>((resolve) => {
    socket.addEventListener("close", (event) => {
      closedEvent = event;
      resolve(event);
      for (const wake of waiters) wake();
    });
  });
  socket.addEventListener("message", (event) => {
    const message = room.parse(event.data);
    if (!message) rejected.push(String(event.data).slice(0, 200));
    else if (message.type === "pong" && typeof message.t === "number") pongs.add(message.t);
    for (const wake of waiters) wake();
  });
  socket.accept();
  return {
    socket,
    rejected,
    pongs,
    closed,
    isClosed: () => closedEvent !== null,
    until(check, ms) {
      return new Promise((resolve) => {
        const done = () => {
          if (!check() && closedEvent === null) return;
          waiters.delete(done);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(done);
          resolve();
        }, ms);
        waiters.add(done);
        done();
      });
    },
  };
}

let nextPing = 1_000;

function describeFrame(frame: Frame): string {
  return typeof frame === "string" ? `text(${frame.length}) ${JSON.stringify(frame.slice(0, 60))}` : `binary(${frame.length})`;
}

/** What the rooms' handlers threw (helpers/room-handlers.ts): must stay empty. */
const thrown = recordRoomExceptions();

/** Sockets per room and caller: 40 per room split over the four callers (decision record 0025). */
const RUNS = runsPerCaller(40);

describe.each(ROOMS)("$name", (room) => {
  it.each(room.callers)("takes any frames from the %s without failing: a proper close, or a pong to the next ping; no row changes", async (who) => {
    await fc.assert(
      fc.asyncProperty(framesArbitrary(room), async (frames) => {
        const f = fuzz.f;
        const caller = fuzz.callers[who];
        // The path first: the chat room's conversation is opened on first use, not by a frame.
        await room.path(f);
        thrown.length = 0;
        const before = await refusalState(f);
        const open = await openSocket(room, caller, f);
        const seen = `${room.name} as the ${who}, frames ${frames.slice(0, 3).map(describeFrame).join(", ")}${frames.length > 3 ? ` … (${frames.length})` : ""}`;
        try {
          for (const frame of frames) {
            if (open.isClosed()) break;
            open.socket.send(frame);
          }
          const t = nextPing++;
          if (!open.isClosed()) {
            open.socket.send(JSON.stringify({ type: "ping", t }));
            await open.until(() => open.pongs.has(t), 5_000);
          }
          if (open.isClosed()) {
            const { code } = await open.closed;
            const sentBinary = frames.some((frame) => typeof frame !== "string");
            expect({ code, sentBinary }, `${seen}: closed`).toEqual({ code: BINARY_CLOSE, sentBinary: true });
          } else {
            expect(open.pongs.has(t), `${seen}: no pong to the ping after the frames`).toBe(true);
          }
          expect(open.rejected, `${seen}: frames that are not the room's messages`).toEqual([]);
        } finally {
          try {
            open.socket.close(1000, "fuzz");
          } catch {
            // Already closed.
          }
          await open.until(() => false, 2_000);
        }
        expect(thrown, `${seen}: the room threw`).toEqual([]);
        expect(await refusalState(f), `${seen}: rows changed`).toEqual(before);
      }),
      fuzzOptions(RUNS),
    );
  });
});
