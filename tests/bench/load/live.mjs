// A room socket that behaves like the SPA's (web/lib/live-socket.ts): it reconnects by itself
// after the SPA's own schedule and jitter (reconnectDelayMs and withJitter from shared/realtime.ts,
// so a change to the client's backoff changes the harness too) and calls onOpen after every welcome, where the
// caller catches up over HTTP as the SPA does. Every connection attempt is timestamped, so the
// harness can show how the attempts spread after a restart.
import { reconnectDelayMs, withJitter } from "../../../shared/realtime.ts";

/** Timestamps (ms) of every connection attempt of every socket in this process. */
export const connectAttempts = [];

export function openLive({ baseURL, path, api, onOpen = () => {}, onFrame = () => {} }) {
  const url = `${baseURL.replace(/^http/, "ws")}${path}`;
  const live = { socket: null, opens: 0, closed: false, joined: false, attempt: 0, timer: null };

  const connect = () => {
    if (live.closed) return;
    connectAttempts.push(Date.now());
    const cookie = [...api.jar].map(([k, v]) => `${k}=${v}`).join("; ");
    let socket;
    try {
      socket = new WebSocket(url, { headers: { cookie, origin: baseURL, "cf-connecting-ip": api.ip } });
    } catch {
      return dropped();
    }
    live.socket = socket;
    socket.addEventListener("message", (event) => {
      let frame;
      try {
        frame = JSON.parse(String(event.data));
      } catch {
        return;
      }
      if (frame.type === "welcome") {
        live.attempt = 0;
        live.joined = true;
        live.opens += 1;
        onOpen(live.opens);
      } else onFrame(frame);
    });
    // A browser follows every error with a close; Node's WebSocket does not when the connection
    // is refused (the server is down), so either one starts the retry, once.
    const lost = () => {
      if (live.socket === socket) dropped();
    };
    socket.addEventListener("close", lost);
    socket.addEventListener("error", lost);
  };

  const dropped = () => {
    live.socket = null;
    live.joined = false;
    if (live.closed) return;
    const delay = withJitter(reconnectDelayMs(live.attempt));
    live.attempt += 1;
    live.timer = setTimeout(connect, delay);
  };

  live.send = (frame) => {
    if (live.socket?.readyState !== WebSocket.OPEN) return false;
    live.socket.send(JSON.stringify(frame));
    return true;
  };
  live.close = () => {
    live.closed = true;
    clearTimeout(live.timer);
    try {
      live.socket?.close(1000, "done");
    } catch {
      // Never opened.
    }
  };
  connect();
  return live;
}
