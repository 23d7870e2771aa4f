// A WebSocket stand-in the tests drive by hand: the "server" opens, sends, and closes.
import type { SocketLike } from "@web/lib/live-socket";

export class FakeSocket implements SocketLike {
  static instances: FakeSocket[] = [];
  static reset() {
    FakeSocket.instances = [];
  }
  static create = (url: string): SocketLike => {
    const socket = new FakeSocket(url);
    FakeSocket.instances.push(socket);
    return socket;
  };
  static last(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error("no socket was created");
    return socket;
  }

  readyState = 0;
  sent: string[] = [];
  closedByClient = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    if (this.readyState !== 1) throw new Error("not open");
    this.sent.push(data);
  }
  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }

  serverOpen() {
    this.readyState = 1;
    this.onopen?.(new Event("open"));
  }
  serverSend(message: unknown) {
    this.onmessage?.({ data: typeof message === "string" ? message : JSON.stringify(message) } as MessageEvent);
  }
  /** The connection ends; 1006 (abnormal) by default, or the code a server closed it with. */
  serverClose(code = 1006) {
    this.readyState = 3;
    if (code === 1006) this.onerror?.(new Event("error"));
    this.onclose?.({ code } as CloseEvent);
  }
}
