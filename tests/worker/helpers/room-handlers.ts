// What the rooms' socket handlers throw. The runtime only logs an exception thrown from a
// Durable Object's webSocketMessage, webSocketClose or webSocketError (the client sees nothing),
// so a test that must prove a room never fails wraps the handlers to note each one. The rooms run
// in the test's isolate and look their handlers up on the prototype at every frame.
import { afterAll, beforeAll } from "vitest";
import { ChatRoom } from "../../../worker/realtime/chat-room";
import { CommentRoom } from "../../../worker/realtime/comment-room";
import { UserChannel } from "../../../worker/realtime/user-channel";

const HANDLERS = ["webSocketMessage", "webSocketClose", "webSocketError"] as const;

type Handler = (...args: unknown[]) => Promise<void>;

/**
 * Wraps the three rooms' socket handlers for the file (restored after it) and returns the list
 * they fill: "Room.handler: error" for every exception, which is still thrown on.
 */
export function recordRoomExceptions(): string[] {
  const thrown: string[] = [];
  const originals = new Map<Record<string, Handler>, Record<string, Handler>>();
  beforeAll(() => {
    for (const room of [CommentRoom, ChatRoom, UserChannel]) {
      const prototype = room.prototype as unknown as Record<string, Handler>;
      originals.set(prototype, Object.fromEntries(HANDLERS.map((name) => [name, prototype[name]!])));
      for (const name of HANDLERS) {
        const original = prototype[name]!;
        prototype[name] = async function (this: unknown, ...args: unknown[]) {
          try {
            return await original.apply(this, args);
          } catch (error) {
            thrown.push(`${room.name}.${name}: ${String(error)}`);
            throw error;
          }
        };
      }
    }
  });
  afterAll(() => {
    for (const [prototype, handlers] of originals) Object.assign(prototype, handlers);
  });
  return thrown;
}
